// The app's start (src/main.tsx loads it): the backend, the router, and React on #root.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast-store';
import { startWebVitals } from '@/lib/web-vitals';
import { App } from './app';
import { BACKEND_KIND, createAppBackend } from './backend';
import { AppRoutes, buildRoutes, matchScreen, preloadScreen, routePattern } from './routes';
import { startScheduledWork } from './scheduled-work';

// The backend and the current screen's code start loading before React's first render.
const { backend, ready } = createAppBackend();
const routes = buildRoutes({ devRoutes: BACKEND_KIND === 'local' });
const { pathname, search } = window.location;
const matches = matchScreen(routes, pathname);
const screenLoaded = preloadScreen(matches);

const queryClient = createQueryClient((message) => toast({ title: message, variant: 'error' }));
const app = (
  <App backend={backend} ready={ready} queryClient={queryClient}>
    <BrowserRouter>
      <AppRoutes routes={routes} />
    </BrowserRouter>
  </App>
);

// The build prerendered this page's first frame for one route and no query string
// (src/app/prerender.tsx says which in data-route): React takes that markup over, once the
// screen's code is there, so the whole page becomes the app's at once. Any other address got a
// page prerendered for another screen, which React replaces. Hydration runs in a transition, which
// React splits into tasks of a few milliseconds; outside one it takes the page in a single task
// (80–160 ms with the CPU slowed 4×) during which a slow phone answers nothing.
const container = document.getElementById('root')!;
if (container.dataset.route === routePattern(matches) && search === '') {
  void screenLoaded.then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}

// Web-vitals reads the browser's buffered entries, so it can load once the page is idle instead
// of competing with the first page's own code.
const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
window.addEventListener('load', () => whenIdle(() => void startWebVitals()), { once: true });

// The local backend's schedule (the day-before reminders) waits for the page too: nothing on the
// first page needs it. This module may run after 'load' (src/main.tsx imports it once a
// prerendered page has been painted), so a page already loaded starts it when idle. Not later:
// started three seconds after the load (to keep its code, the local stand-in for the Functions,
// 7 KiB gzip, off more first pages), the reminders it catches up on came while the visitor was
// already reading the unread count, and the browser tests that count notifications failed.
const onLoaded = (run: () => void) =>
  document.readyState === 'complete' ? run() : window.addEventListener('load', run, { once: true });
onLoaded(() => whenIdle(() => startScheduledWork(backend)));
