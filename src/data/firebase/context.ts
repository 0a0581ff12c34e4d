import type { Auth } from 'firebase/auth';
import { doc, type Firestore, type Transaction } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';
import { isSuspended, type Actor } from '@/domain/rules/standing';

/** The initialized SDK services every port of this backend works with. */
export interface FirebaseContext {
  auth: Auth;
  db: Firestore;
  storage: FirebaseStorage;
}

/**
 * The signed-in uid, once the SDK has restored the session: right after a page load
 * `auth.currentUser` is null until the persisted user has been read, and a port called in that
 * window must not treat the visitor as anonymous.
 */
export async function currentUid(ctx: FirebaseContext): Promise<string | null> {
  await ctx.auth.authStateReady();
  return ctx.auth.currentUser?.uid ?? null;
}

/** The page's origin for continue URLs; outside a browser (tests) a neutral placeholder. */
export function appOrigin(): string {
  const loc = (globalThis as { location?: { origin?: string } }).location;
  return loc?.origin && loc.origin !== 'null' ? loc.origin : 'http://localhost';
}

/**
 * Who is writing (docs/rules.md "Who may write"): the signed-in user's verified-email flag and
 * their profile's standing, read in the caller's transaction (before any of its writes).
 */
export async function currentActor(ctx: FirebaseContext, tx: Transaction): Promise<Actor | null> {
  const uid = await currentUid(ctx);
  if (!uid) return null;
  const profile = await tx.get(doc(ctx.db, 'users', uid));
  return {
    uid,
    emailVerified: ctx.auth.currentUser?.emailVerified ?? false,
    suspended: isSuspended(profile.data() as { isActive?: boolean } | undefined),
  };
}
