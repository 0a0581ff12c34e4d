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
import { apiEndpoints, createApiPort } from './api';
import { createAuthPort } from './auth';
import type { FirebaseContext } from './context';
import { createConversationsPort } from './conversations';
import { createEventsPort } from './events';
import { createFilesPort } from './files';
import { createNotificationsPort } from './notifications';
import { createParticipationPort } from './participation';
import { createReportsPort } from './reports';
import { createStaffPort } from './staff';
import { createTeamsPort } from './teams';
import { createUsersPort } from './users';

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  messagingSenderId?: string;
  appId: string;
  useEmulators: boolean;
  /** Host of the emulators (default 127.0.0.1): auth 9099, firestore 8080, storage 9199, functions 5001. */
  emulatorHost?: string;
}

/**
 * Knobs for tests only. The app passes none: it gets IndexedDB persistence for the session and
 * the persistent multi-tab Firestore cache. Under Node there is no IndexedDB, and several
 * backends in one process (two users in a contract test) need distinct app names.
 */
export interface FirebaseBackendTestOptions {
  appName?: string;
  memoryOnly?: boolean;
  fetch?: typeof fetch;
  /** Emulator ports when they differ from firebase.json's (FIRESTORE_EMULATOR_HOST=…:8085, say). */
  emulatorPorts?: Partial<Record<keyof typeof EMULATOR_PORTS, number>>;
}

export const EMULATOR_PORTS = {
  auth: 9099,
  firestore: 8080,
  storage: 9199,
  functions: 5001,
} as const;

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
  const app: FirebaseApp = initializeApp(
    {
      apiKey: config.apiKey,
      authDomain: config.authDomain,
      projectId: config.projectId,
      storageBucket: config.storageBucket,
      messagingSenderId: config.messagingSenderId,
      appId: config.appId,
    },
    testOptions.appName,
  );

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

  const host = config.emulatorHost || '127.0.0.1';
  const ports = { ...EMULATOR_PORTS, ...testOptions.emulatorPorts };
  if (config.useEmulators) {
    connectAuthEmulator(auth, `http://${host}:${ports.auth}`, { disableWarnings: true });
    connectFirestoreEmulator(db, host, ports.firestore);
    connectStorageEmulator(storage, host, ports.storage);
  }

  const ctx: FirebaseContext = { auth, db, storage };
  const api = createApiPort(
    ctx,
    apiEndpoints({
      useEmulators: config.useEmulators,
      host,
      port: ports.functions,
      projectId: config.projectId,
    }),
    testOptions.fetch,
  );

  const backend: Backend = {
    kind: 'firebase',
    auth: createAuthPort(ctx),
    users: createUsersPort(ctx),
    events: createEventsPort(ctx),
    participation: createParticipationPort(ctx, api),
    notifications: createNotificationsPort(ctx),
    conversations: createConversationsPort(ctx, api),
    teams: createTeamsPort(ctx),
    reports: createReportsPort(ctx),
    staff: createStaffPort(ctx),
    files: createFilesPort(ctx),
    api,
  };
  return { ...ctx, app, backend };
}
