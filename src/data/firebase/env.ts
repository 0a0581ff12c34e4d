import type { FirebaseWebConfig } from './config';

/**
 * The Firebase build's web config, from the variables the build was given (.env, CI). Read only
 * behind a check of import.meta.env's Firebase flags, which the bundler folds (src/main.tsx, and
 * src/app/backend.ts before it loads load.ts): a local build carries none of it.
 */
export function firebaseEnvConfig(): FirebaseWebConfig {
  const env = import.meta.env;
  return {
    apiKey: env.VITE_FIREBASE_API_KEY ?? '',
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? '',
    projectId: env.VITE_FIREBASE_PROJECT_ID ?? '',
    storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET ?? '',
    messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID ?? '',
    appId: env.VITE_FIREBASE_APP_ID ?? '',
    useEmulators: env.VITE_USE_FIREBASE_EMULATORS === 'true',
    emulatorHosts: {
      auth: env.VITE_FIREBASE_AUTH_EMULATOR_HOST,
      firestore: env.VITE_FIRESTORE_EMULATOR_HOST,
      storage: env.VITE_FIREBASE_STORAGE_EMULATOR_HOST,
    },
  };
}
