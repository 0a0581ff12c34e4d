import './index.css';

/**
 * The entry. A page the build prerendered (src/app/prerender.tsx) is painted from its HTML
 * first; the app's code is fetched and run after that first paint, so the visitor sees the page
 * without waiting for scripts. #root's data-preload lists the chunks the page will need (the
 * build writes it: vite.config.ts); they are requested together, not one import after another.
 */
const root = document.getElementById('root');

function start() {
  for (const href of root?.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import('@/app/start');
}

if (root?.hasChildNodes() && document.visibilityState === 'visible') {
  // The frame after next: the first one (with the page) has been presented by then.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));
} else {
  start();
}
