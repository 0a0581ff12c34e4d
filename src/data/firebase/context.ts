import type { Auth, User } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';

/** The initialized SDK services every port of this backend works with. */
export interface FirebaseContext {
  auth: Auth;
  db: Firestore;
  storage: FirebaseStorage;
}

/**
 * The ID token carries email_verified as it was when the token was minted; the rules read that
 * claim, the domain reads user.emailVerified (updated by reload()). After a verification the
 * token is refreshed, so both see the same answer.
 */
async function syncVerifiedClaim(user: User): Promise<void> {
  if (!user.emailVerified) return;
  const token = await user.getIdTokenResult();
  if (token.claims.email_verified !== true) await user.getIdToken(true);
}

/**
 * The signed-in user for the use cases (src/data/use-cases/context.ts SignedIn), with the token's
 * verified claim brought up to date first, so the rules and the domain read the same answer.
 */
export async function currentSession(
  ctx: Pick<FirebaseContext, 'auth'>,
): Promise<{ uid: string; emailVerified: boolean; email: string } | null> {
  await ctx.auth.authStateReady();
  const user = ctx.auth.currentUser;
  if (!user) return null;
  await syncVerifiedClaim(user);
  return { uid: user.uid, emailVerified: user.emailVerified, email: user.email ?? '' };
}

/** The page's origin for continue URLs; outside a browser (tests) a neutral placeholder. */
export function appOrigin(): string {
  const loc = (globalThis as { location?: { origin?: string } }).location;
  return loc?.origin && loc.origin !== 'null' ? loc.origin : 'http://localhost';
}
