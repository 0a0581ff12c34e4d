import type { Backend, BackendKind, LazyBackend } from '@/data/ports/backend';
import { DEMO_ACCOUNTS } from '@/data/demo/accounts';
import { createDeferredBackend } from './deferred-backend';

/**
 * The one place that picks a backend. Firebase when its web config is given, the in-browser
 * local backend otherwise. `import.meta.env` is replaced at build time, so the unused branch
 * and its dynamic import are dropped: a local build carries no Firebase code and vice versa.
 * (The flags are read directly, not through a variable, so the bundler can fold them.)
 */
export const BACKEND_KIND: BackendKind =
  import.meta.env.VITE_FIREBASE_API_KEY && import.meta.env.VITE_FIREBASE_PROJECT_ID
    ? 'firebase'
    : 'local';

async function loadBackend(): Promise<Backend | LazyBackend> {
  if (import.meta.env.VITE_FIREBASE_API_KEY && import.meta.env.VITE_FIREBASE_PROJECT_ID) {
    // Firestore's REST API for a visitor's first page, the full SDK when needed (src/data/firebase/open-backend.ts).
    const { openFirebaseBackend } = await import('@/data/firebase/open-backend');
    return openFirebaseBackend();
  } else {
    // Its ports as loaders: each one's code loads on its first use, through the one proxy.
    const { openLocalBackend } = await import('@/data/local/create-local-backend');
    return openLocalBackend();
  }
}

/**
 * The backend the app renders with from its first frame: calls made before the chosen backend
 * has loaded wait for it (src/app/deferred-backend.ts). `load` is the backend to wait for; the
 * prerender (src/app/prerender.tsx) passes one that never arrives, so every screen renders its
 * loading state. The local build's demo accounts are known at once, so the login screen lists
 * them on its first frame.
 */
export function createAppBackend(load: () => Promise<Backend | LazyBackend> = loadBackend) {
  return createDeferredBackend(
    BACKEND_KIND,
    load,
    BACKEND_KIND === 'local' ? { demoAccounts: DEMO_ACCOUNTS } : undefined,
  );
}
