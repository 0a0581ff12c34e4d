import type { FirebaseOptions } from 'firebase/app';
import type { FirestoreRestTarget } from './first-read/early-request';

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

/** The app's options for initializeApp. */
export function appOptions(config: FirebaseWebConfig): FirebaseOptions {
  return {
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
    storageBucket: config.storageBucket,
    messagingSenderId: config.messagingSenderId,
    appId: config.appId,
  };
}

/** Where an emulator listens, as connect…Emulator takes it. */
export function emulatorHost(
  config: Pick<FirebaseWebConfig, 'emulatorHosts'>,
  name: keyof typeof DEFAULT_EMULATOR_HOSTS,
): [host: string, port: number] {
  const hostPort = config.emulatorHosts?.[name] || DEFAULT_EMULATOR_HOSTS[name];
  const at = hostPort.lastIndexOf(':');
  return [hostPort.slice(0, at), Number(hostPort.slice(at + 1))];
}

/**
 * Where Firestore's REST API answers for this build (the REST backend's reads; the HTML
 * preconnects to it: vite.config.ts).
 */
export function firestoreOrigin(
  config: Pick<FirebaseWebConfig, 'useEmulators' | 'emulatorHosts'>,
): string {
  if (!config.useEmulators) return 'https://firestore.googleapis.com';
  const [host, port] = emulatorHost(config, 'firestore');
  return `http://${host}:${port}`;
}

/** Where the REST backend's reads go for this build (rest-storage.ts). */
export function restTarget(config: FirebaseWebConfig): FirestoreRestTarget {
  return { origin: firestoreOrigin(config), projectId: config.projectId, apiKey: config.apiKey };
}
