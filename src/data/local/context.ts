import type { AuthUser } from '@/data/ports/auth';
import { isSuspended, type Actor } from '@/domain/rules/standing';
import type { DocRow, LocalDb } from './db';

/** What every local repository needs: the database, the clock, and who is signed in in this tab. */
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
export async function currentSession(
  ctx: LocalContext,
): Promise<{ uid: string; emailVerified: boolean; email: string } | null> {
  const uid = currentUid(ctx);
  if (!uid) return null;
  const account = await ctx.db.accounts.get(uid);
  return { uid, emailVerified: account?.emailVerified === true, email: account?.email ?? '' };
}

/** The acting user with the profile row their standing was read from (null when it does not exist). */
export interface LocalActor extends Actor {
  profile: DocRow | null;
}

/**
 * Who is writing (src/domain/rules/standing.ts), as the server would know them: the account's
 * verified flag and the users row's standing, read from the database (call it inside the
 * write's transaction, with db.accounts and db.users in its scope). Null when signed out.
 */
export async function currentActor(ctx: LocalContext): Promise<LocalActor | null> {
  const uid = currentUid(ctx);
  if (!uid) return null;
  const [account, profile] = await Promise.all([ctx.db.accounts.get(uid), ctx.db.users.get(uid)]);
  return {
    uid,
    emailVerified: account?.emailVerified === true,
    suspended: isSuspended({ isActive: profile?.isActive as boolean | undefined }),
    profile: profile ?? null,
  };
}
