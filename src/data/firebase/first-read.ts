import { initializeApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { connectFirestoreEmulator, initializeFirestore } from 'firebase/firestore/lite';
import type { FirebaseStorage } from 'firebase/storage';
import type { AuthPort } from '@/data/ports/auth';
import type { Backend } from '@/data/ports/backend';
import type { FilesPort } from '@/data/ports/files';
import { composeFirebaseBackend } from './compose';
import { appOptions, emulatorHost, type FirebaseWebConfig } from './config';
import type { FirebaseContext } from './context';

/**
 * Nobody is signed in on this device (src/data/firebase/stored-session.ts), and Auth has not
 * loaded: what the ports read of the session. Auth's real answer replaces this backend as soon as
 * Auth loads (src/data/firebase/staged-backend.ts).
 */
const SIGNED_OUT = {
  currentUser: null,
  authStateReady: () => Promise.resolve(),
} as unknown as Auth;

/**
 * The backend a visitor who is not signed in reads the first page with: the same ports as the
 * full one (src/data/firebase/compose.ts), on Firestore Lite — the modules this one imports are
 * built a second time against it (scripts/firestore-lite-plugin.ts) — with nobody signed in, and
 * without Auth, Storage or listeners. `auth` and `files` are the staged backend's, which load
 * the full SDK when used.
 */
export function createFirstReadBackend(
  config: FirebaseWebConfig,
  given: { auth: AuthPort; files: FilesPort },
): Backend {
  const app = initializeApp(appOptions(config));
  const db = initializeFirestore(app, { ignoreUndefinedProperties: true });
  if (config.useEmulators) connectFirestoreEmulator(db, ...emulatorHost(config, 'firestore'));
  const ctx: FirebaseContext = {
    auth: SIGNED_OUT,
    // Built against Firestore Lite, the modules take its instance (see above).
    db: db as unknown as Firestore,
    storage: null as unknown as FirebaseStorage,
  };
  return composeFirebaseBackend(ctx, given);
}
