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
import { createApiPort } from './api';
import { createAuthPort } from './auth';
import { currentSession, type FirebaseContext } from './context';
import { createFilesPort } from './files';
import { firestoreStorage } from './storage';
import { eventUseCases } from '@/data/use-cases/events';
import { usersUseCases } from '@/data/use-cases/users';
import { conversationsUseCases } from '@/data/use-cases/conversations';
import { notificationsUseCases } from '@/data/use-cases/notifications';
import { participationUseCases } from '@/data/use-cases/participation';
import { attendanceUseCases } from '@/data/use-cases/attendance';
import { teamUseCases } from '@/data/use-cases/teams';
import { reportsUseCases } from '@/data/use-cases/reports';
import { staffUseCases } from '@/data/use-cases/staff';
import { rosterUseCases } from '@/data/use-cases/roster';
import type { UseCaseContext } from '@/data/use-cases/context';

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  messagingSenderId?: string;
  appId: string;
  useEmulators: boolean;
  /** Where the emulators listen (host:port); a missing or empty one is firebase.json's. */
  emulatorHosts?: Partial<Record<keyof typeof DEFAULT_EMULATOR_HOSTS, string | undefined>>;
}

/** The emulators' addresses in firebase.json. */
export const DEFAULT_EMULATOR_HOSTS = {
  auth: '127.0.0.1:9099',
  firestore: '127.0.0.1:8080',
  storage: '127.0.0.1:9199',
} as const;

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

function hostAndPort(hostPort: string): [host: string, port: number] {
  const at = hostPort.lastIndexOf(':');
  return [hostPort.slice(0, at), Number(hostPort.slice(at + 1))];
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

  if (config.useEmulators) {
    const given = config.emulatorHosts ?? {};
    const authHost = given.auth || DEFAULT_EMULATOR_HOSTS.auth;
    connectAuthEmulator(auth, `http://${authHost}`, { disableWarnings: true });
    connectFirestoreEmulator(
      db,
      ...hostAndPort(given.firestore || DEFAULT_EMULATOR_HOSTS.firestore),
    );
    connectStorageEmulator(
      storage,
      ...hostAndPort(given.storage || DEFAULT_EMULATOR_HOSTS.storage),
    );
  }

  const ctx: FirebaseContext = { auth, db, storage };
  const api = createApiPort(ctx, testOptions.fetch);
  // The use cases written once for both backends, here on Firestore.
  const useCases: UseCaseContext = {
    storage: firestoreStorage(db),
    session: () => currentSession(ctx),
    now: () => new Date(),
  };

  const backend: Backend = {
    kind: 'firebase',
    auth: createAuthPort(ctx),
    users: usersUseCases(useCases),
    events: eventUseCases(useCases, api),
    participation: participationUseCases(useCases, api),
    roster: rosterUseCases(useCases, api),
    notifications: notificationsUseCases(useCases),
    conversations: conversationsUseCases(useCases, api),
    teams: teamUseCases(useCases),
    reports: reportsUseCases(useCases),
    staff: staffUseCases(useCases),
    files: createFilesPort(ctx),
    api,
    attendance: attendanceUseCases(useCases),
  };
  return { ...ctx, app, backend };
}
