import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';

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
