import type { Auth } from 'firebase/auth';
import type { AuthPort } from '@/data/ports/auth';
import type { Backend } from '@/data/ports/backend';
import type { FilesPort } from '@/data/ports/files';
import { composeFirebaseBackend } from './compose';
import { emulatorHost, type FirebaseWebConfig } from './config';
import { firestoreRestStorage } from './firestore-rest';

/**
 * Nobody is signed in on this device (src/data/firebase/stored-session.ts), and Auth has not
 * loaded: what the ports read of the session. Auth's real answer replaces this backend as soon as
 * Auth loads (src/data/firebase/staged-backend.ts).
 */
const SIGNED_OUT = {
  currentUser: null,
  authStateReady: () => Promise.resolve(),
} as unknown as Auth;

/** Where Firestore's REST API answers for this build. */
function firestoreOrigin(config: FirebaseWebConfig): string {
  if (!config.useEmulators) return 'https://firestore.googleapis.com';
  const [host, port] = emulatorHost(config, 'firestore');
  return `http://${host}:${port}`;
}

/**
 * The backend a visitor who is not signed in reads the first page with: the same ports and use
 * cases as the full one (src/data/firebase/compose.ts), on Firestore's REST API
 * (src/data/firebase/firestore-rest.ts) instead of an SDK, with nobody signed in. `auth` and
 * `files` are the staged backend's, which load the full SDK when used.
 */
export function createFirstReadBackend(
  config: FirebaseWebConfig,
  given: { auth: AuthPort; files: FilesPort },
): Backend {
  const storage = firestoreRestStorage({
    origin: firestoreOrigin(config),
    projectId: config.projectId,
    apiKey: config.apiKey,
  });
  return composeFirebaseBackend({ auth: SIGNED_OUT }, { ...given, storage });
}
