import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  inMemoryPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import {
  connectFirestoreEmulator,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
} from 'firebase/firestore';
import { connectStorageEmulator, getStorage } from 'firebase/storage';
import { STORAGE_MAX_OPERATION_RETRY_MS, STORAGE_MAX_UPLOAD_RETRY_MS } from '@/domain/constants';
import type { Backend } from '@/data/ports/backend';
import { createAuthPort } from './auth';
import { composeFirebaseBackend } from './compose';
import { appOptions, emulatorHost, type FirebaseWebConfig } from './config';
import type { FirebaseContext } from './context';
import { createFilesPort } from './files';

export { DEFAULT_EMULATOR_HOSTS, type FirebaseWebConfig } from './config';

/**
 * Knobs for tests only. The app passes none: it gets IndexedDB persistence for the session and
 * the persistent multi-tab Firestore cache. Under Node there is no IndexedDB, and several
 * backends in one process (two users in a contract test) need distinct app names.
 */
export interface FirebaseBackendTestOptions {
  appName?: string;
  memoryOnly?: boolean;
  fetch?: typeof fetch;
}

export async function createFirebaseBackend(
  config: FirebaseWebConfig,
  testOptions: FirebaseBackendTestOptions = {},
): Promise<Backend> {
  return (await createFirebaseServices(config, testOptions)).backend;
}

/** The backend and the SDK objects behind it (tests tear the app down with deleteApp). */
export async function createFirebaseServices(
  config: FirebaseWebConfig,
  testOptions: FirebaseBackendTestOptions = {},
): Promise<FirebaseContext & { app: FirebaseApp; backend: Backend }> {
  const app: FirebaseApp = initializeApp(appOptions(config), testOptions.appName);

  // initializeAuth instead of getAuth: email and password only, so no popup/redirect resolver
  // (and its iframe code) in the bundle.
  const auth = initializeAuth(app, {
    persistence: testOptions.memoryOnly
      ? inMemoryPersistence
      : [indexedDBLocalPersistence, browserLocalPersistence],
  });
  // Emails sent by the service (verification, reset) in Japanese; not the device language.
  auth.languageCode = 'ja';

  const db = initializeFirestore(app, {
    localCache: testOptions.memoryOnly
      ? memoryLocalCache()
      : persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
    // Optional fields of the ports may arrive as undefined; they mean "not given", not an error.
    ignoreUndefinedProperties: true,
  });

  const storage = getStorage(app);
  // The modular SDK exposes the compat setMaxOperationRetryTime/setMaxUploadRetryTime as these.
  storage.maxOperationRetryTime = STORAGE_MAX_OPERATION_RETRY_MS;
  storage.maxUploadRetryTime = STORAGE_MAX_UPLOAD_RETRY_MS;

  if (config.useEmulators) {
    const [authHost, authPort] = emulatorHost(config, 'auth');
    connectAuthEmulator(auth, `http://${authHost}:${authPort}`, { disableWarnings: true });
    connectFirestoreEmulator(db, ...emulatorHost(config, 'firestore'));
    connectStorageEmulator(storage, ...emulatorHost(config, 'storage'));
  }

  const ctx: FirebaseContext = { auth, db, storage };
  const backend = composeFirebaseBackend(ctx, {
    auth: createAuthPort(ctx),
    files: createFilesPort(ctx),
    fetch: testOptions.fetch,
  });
  return { ...ctx, app, backend };
}
