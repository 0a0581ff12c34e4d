import type { Auth, User } from 'firebase/auth';
import {
  doc,
  getDoc,
  type DocumentData,
  type Firestore,
  type Transaction,
} from 'firebase/firestore';
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

/** The acting user with the profile their standing was read from (null when it does not exist). */
export interface FirebaseActor extends Actor {
  profile: DocumentData | null;
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
  ctx: FirebaseContext,
): Promise<{ uid: string; emailVerified: boolean; email: string } | null> {
  await ctx.auth.authStateReady();
  const user = ctx.auth.currentUser;
  if (!user) return null;
  await syncVerifiedClaim(user);
  return { uid: user.uid, emailVerified: user.emailVerified, email: user.email ?? '' };
}

/**
 * Who is writing (src/domain/rules/standing.ts): the auth user's verified flag and the standing
 * on their users document, read inside the caller's transaction when there is one, so a
 * suspension that lands meanwhile makes the transaction retry and refuse. Null when signed out.
 */
export async function currentActor(
  ctx: FirebaseContext,
  tx?: Transaction,
): Promise<FirebaseActor | null> {
  await ctx.auth.authStateReady();
  const user = ctx.auth.currentUser;
  if (!user) return null;
  await syncVerifiedClaim(user);
  const ref = doc(ctx.db, 'users', user.uid);
  const snap = tx ? await tx.get(ref) : await getDoc(ref);
  const profile = snap.exists() ? snap.data() : null;
  return {
    uid: user.uid,
    emailVerified: user.emailVerified,
    suspended: isSuspended({ isActive: profile?.isActive as boolean | undefined }),
    profile,
  };
}

/** The page's origin for continue URLs; outside a browser (tests) a neutral placeholder. */
export function appOrigin(): string {
  const loc = (globalThis as { location?: { origin?: string } }).location;
  return loc?.origin && loc.origin !== 'null' ? loc.origin : 'http://localhost';
}
