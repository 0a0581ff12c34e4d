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
import type { Backend, LazyBackend } from '@/data/ports/backend';
import { autoId } from '@/data/storage/storage';
import type { UseCaseContext } from '@/data/use-cases/context';
import { sharedPortLoaders } from '@/data/use-cases/shared-ports';
import { deferPort } from '@/lib/deferred-port';
import { createApiPort } from './api';
import { createAuthPort } from './auth';
import { appOptions, emulatorHost, type FirebaseWebConfig } from './config';
import { currentSession, type FirebaseContext } from './context';
import { createFilesPort } from './files';
import { firestoreStorage } from './storage';

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

/**
 * The Firebase backend on the SDK (Auth, Firestore with its cache and listeners, Storage), as the
 * app opens it: each shared port's use case loads on its first use (src/data/use-cases/shared-ports.ts).
 */
export async function openSdkBackend(config: FirebaseWebConfig): Promise<LazyBackend> {
  return (await createFirebaseServices(config)).opened;
}

/**
 * The same backend for tests and tools that call its ports directly: each port deferred once, so
 * its code still loads on first use.
 */
export async function createFirebaseBackend(
  config: FirebaseWebConfig,
  testOptions: FirebaseBackendTestOptions = {},
): Promise<Backend> {
  return (await createFirebaseServices(config, testOptions)).backend;
}

/** The id of a message to come needs no use case (an id shaped like Firestore's, made here). */
const EARLY = { newMessageId: () => autoId() };

/** The backend and the SDK objects behind it (tests tear the app down with deleteApp). */
export async function createFirebaseServices(
  config: FirebaseWebConfig,
  testOptions: FirebaseBackendTestOptions = {},
): Promise<FirebaseContext & { app: FirebaseApp; opened: LazyBackend; backend: Backend }> {
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
  const given = {
    auth: createAuthPort(ctx),
    files: createFilesPort(ctx),
    api: createApiPort(ctx, testOptions.fetch),
  };
  // The use cases written once for both backends, here on Firestore.
  const useCases: UseCaseContext = {
    storage: firestoreStorage(db),
    session: () => currentSession(ctx),
    now: () => new Date(),
  };
  const shared = sharedPortLoaders(() => Promise.resolve(useCases), given.api);
  const opened: LazyBackend = {
    ports: {
      auth: async () => given.auth,
      files: async () => given.files,
      api: async () => given.api,
      ...shared,
    },
  };
  const deferred = Object.fromEntries(
    Object.entries(shared).map(([name, load]) => [
      name,
      deferPort(name, load as () => Promise<object>, name === 'conversations' ? EARLY : undefined),
    ]),
  ) as unknown as Omit<Backend, 'kind' | 'auth' | 'files' | 'api'>;
  const backend: Backend = { kind: 'firebase', ...given, ...deferred };
  return { ...ctx, app, opened, backend };
}
