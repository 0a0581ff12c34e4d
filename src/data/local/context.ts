import type { AuthUser } from '@/data/ports/auth';
import { isSuspended, type Actor } from '@/domain/rules/standing';
import type { LocalDb } from './db';

/** What every local repository needs: the database, the clock, and who is signed in in this tab. */
export interface LocalContext {
  db: LocalDb;
  now: () => Date;
  currentUser: () => AuthUser | null;
}

export function currentUid(ctx: LocalContext): string | null {
  return ctx.currentUser()?.uid ?? null;
}

/** The name shown to others for the signed-in user: the profile first, then the account. */
export async function currentDisplayName(
  ctx: LocalContext,
): Promise<{ name: string; photoURL: string }> {
  const user = ctx.currentUser();
  if (!user) return { name: '', photoURL: '' };
  const profile = await ctx.db.users.get(user.uid);
  const pick = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    name: pick(profile?.displayName) || user.displayName,
    photoURL: pick(profile?.photoURL) || user.photoURL,
  };
}

/**
 * Who is writing (docs/rules.md "Who may write"): the tab's signed-in account and its profile's
 * standing. Read inside the caller's transaction when that includes the users table.
 */
export async function currentActor(ctx: LocalContext): Promise<Actor | null> {
  const user = ctx.currentUser();
  if (!user) return null;
  const profile = await ctx.db.users.get(user.uid);
  return {
    uid: user.uid,
    emailVerified: user.emailVerified,
    suspended: isSuspended(profile as { isActive?: boolean } | undefined),
  };
}
