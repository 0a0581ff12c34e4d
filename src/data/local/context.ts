import type { AuthUser } from '@/data/ports/auth';
import type { SignedIn } from '@/data/use-cases/context';
import type { LocalDb } from './db';

/** What the local ports need: the database, the clock, and who is signed in in this tab. */
export interface LocalContext {
  db: LocalDb;
  now: () => Date;
  currentUser: () => AuthUser | null;
}

export function currentUid(ctx: LocalContext): string | null {
  return ctx.currentUser()?.uid ?? null;
}

/**
 * The signed-in user for the use cases (src/data/use-cases/context.ts SignedIn): the session's
 * uid and the account's verified flag, read outside any transaction of the caller.
 */
export async function currentSession(ctx: LocalContext): Promise<SignedIn | null> {
  const uid = currentUid(ctx);
  if (!uid) return null;
  const account = await ctx.db.accounts.get(uid);
  return { uid, emailVerified: account?.emailVerified === true, email: account?.email ?? '' };
}
