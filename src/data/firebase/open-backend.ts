import type { LazyBackend } from '@/data/ports/backend';
import type { FirebaseWebConfig } from './config';
import { firebaseEnvConfig } from './env';
import { createHandoverBackend } from './first-read/handover';
import { hasStoredSession } from './first-read/stored-session';

const loadFull = (config: FirebaseWebConfig) =>
  import('./sdk-backend').then((m) => m.openSdkBackend(config));

function idle(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    whenIdle(() => resolve());
  });
}

/**
 * How long after the page has loaded a live listener moves to the full SDK when the visitor
 * only reads (a touch, a key or a focused field loads the SDK at once). Until then the page
 * shows the answer read through REST. The SDK is about 210 KiB gzip, evaluated in one task
 * (170–210 ms in Lighthouse with the CPU slowed 4×): loaded as soon as the page had, it ran
 * while the visitor began to read, the page's longest task after its first paint.
 */
const LIVE_AFTER_LOAD_MS = 10_000;

function liveAfterLoad(): Promise<void> {
  return new Promise((resolve) => {
    const loaded = () => setTimeout(() => void idle().then(resolve), LIVE_AFTER_LOAD_MS);
    if (document.readyState === 'complete') loaded();
    else window.addEventListener('load', loaded, { once: true });
  });
}

/**
 * The app's Firebase backend (src/app/backend.ts). A signed-in user (Auth keeps them on this
 * device: ./first-read/stored-session.ts) gets the SDK backend at once (./sdk-backend.ts): Auth,
 * Firestore with its cache and listeners, Storage. Anyone else gets the handover backend
 * (./first-read/handover.ts): the first page reads through Firestore's REST API
 * (./first-read/rest-backend.ts) and the SDK loads on the first need — a sign-in or another auth
 * call, a file, a live listener some seconds after the page has loaded and shown its first
 * answer — or as soon as the visitor first touches the page or focuses a field (so a sign-in
 * does not wait for the download), or when a sign-in made in another tab shows up on this one.
 */
export async function openFirebaseBackend(
  config: FirebaseWebConfig = firebaseEnvConfig(),
): Promise<LazyBackend> {
  if (await hasStoredSession(config.apiKey)) return loadFull(config);
  const { createRestBackend } = await import('./first-read/rest-backend');
  const { backend, startFull } = createHandoverBackend({
    first: createRestBackend(config),
    loadFull: () => loadFull(config),
    goLive: liveAfterLoad(),
    idle,
    // As the full backend's auth port has it (src/data/firebase/auth.ts): Auth keeps one
    // session for the browser.
    sessionScope: 'browser',
  });
  const needed = () => {
    stopWatching();
    void startFull().catch(() => {}); // a call that needs it reports the failure
  };
  // Focusing a field counts: a sign-in or sign-up form is filled before it is sent.
  const INPUT = ['pointerdown', 'keydown', 'focusin'] as const;
  const signedInElsewhere = () => {
    if (document.visibilityState !== 'visible') return;
    void hasStoredSession(config.apiKey).then((stored) => stored && needed());
  };
  function stopWatching() {
    for (const type of INPUT) window.removeEventListener(type, needed, true);
    document.removeEventListener('visibilitychange', signedInElsewhere);
    window.removeEventListener('focus', signedInElsewhere);
  }
  for (const type of INPUT) window.addEventListener(type, needed, { capture: true, passive: true });
  document.addEventListener('visibilitychange', signedInElsewhere);
  window.addEventListener('focus', signedInElsewhere);
  return backend;
}
