import { restTarget } from '@/data/firebase/config';
import { startEarlyRead } from '@/data/firebase/first-read/early-request';
import { firebaseEnvConfig } from '@/data/firebase/env';
import { logger } from '@/lib/logger';
import './index.css';

/**
 * The entry. A page the build prerendered (src/app/prerender.tsx) is painted from its HTML
 * first; the app's code is fetched and run after that first paint, so the visitor sees the page
 * without waiting for scripts. #root's data-preload lists the chunks the page will need (the
 * build writes it: scripts/prerender-plugin.ts); they are requested together, not one import after another.
 */
const root = document.getElementById('root');

// A visitor's page of one event, team or profile asks for its document now, and the event and
// team lists for their first page, while the app's code downloads
// (src/data/firebase/first-read/early-request.ts). The Firebase build only: the check folds.
if (import.meta.env.VITE_FIREBASE_API_KEY && import.meta.env.VITE_FIREBASE_PROJECT_ID) {
  startEarlyRead(restTarget(firebaseEnvConfig()), root?.dataset.route, window.location);
}

/**
 * The preload links go in three a task, in the list's order: each link starts a fetch, and the
 * whole list (about twenty) inserted in one task held the main thread 60–150 ms with the CPU
 * slowed 4×, a long task on a slow phone right after the first paint.
 */
const PRELOADS_PER_TASK = 3;

function insertPreloads(hrefs: string[]) {
  document.head.append(
    ...hrefs.slice(0, PRELOADS_PER_TASK).map((href) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      return link;
    }),
  );
  if (hrefs.length > PRELOADS_PER_TASK)
    setTimeout(() => insertPreloads(hrefs.slice(PRELOADS_PER_TASK)));
}

function start() {
  insertPreloads(root?.dataset.preload?.split(' ').filter(Boolean) ?? []);
  import('@/app/start').catch((e: unknown) => {
    // The page stays as its HTML drew it, so say why nothing works and how to recover.
    logger.error('start', e);
    const alert = document.createElement('p');
    alert.setAttribute('role', 'alert');
    alert.className = 'bg-slate-800 px-4 py-2 text-center text-sm text-white';
    alert.textContent =
      'アプリを読み込めませんでした。通信環境を確認して、ページを再読み込みしてください。';
    document.body.prepend(alert);
  });
}

if (root?.hasChildNodes() && document.visibilityState === 'visible') {
  // The frame after next: the first one (with the page) has been presented by then.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));
} else {
  start();
}
