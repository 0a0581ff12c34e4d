import type { Backend } from '@/data/ports/backend';

/**
 * The one place that picks a backend. Firebase when its web config is given, the in-browser
 * local backend otherwise. `import.meta.env` is replaced at build time, so the unused branch
 * and its dynamic import are dropped: a local build carries no Firebase code and vice versa.
 */
export async function loadBackend(): Promise<Backend> {
  // Read the flag directly (not through a variable) so the bundler can fold it to a constant.
  if (import.meta.env.VITE_FIREBASE_API_KEY && import.meta.env.VITE_FIREBASE_PROJECT_ID) {
    const env = import.meta.env;
    const { createFirebaseBackend } = await import('@/data/firebase/create-firebase-backend');
    return createFirebaseBackend({
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
    });
  } else {
    const { createLocalBackend } = await import('@/data/local/create-local-backend');
    return createLocalBackend();
  }
}
