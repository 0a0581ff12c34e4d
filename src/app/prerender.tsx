import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { App } from './app';
import { BACKEND_KIND, createAppBackend } from './backend';
import {
  AppRoutes,
  buildRoutes,
  matchScreen,
  preloadScreen,
  routePattern,
  type ScreenHandle,
} from './routes';

/** For the plugin, which marks the controls it disables (src/app/app.tsx enables them). */
export { WAITING_CONTROL } from './app';

/**
 * The first frame of each public screen, rendered at build time (the prerender plugin,
 * scripts/prerender-plugin.ts, builds this module for Node and writes one HTML file per entry;
 * docs/first-page.md). A visitor sees the header, the footer and the screen — static text, or the
 * loading state of what comes from the backend — before any script has run; the app then hydrates
 * that markup (src/app/start.tsx).
 *
 * It renders what the browser's first render shows: no one signed in yet (the session is
 * loading), no data (the backend here never arrives) and no query string. A pattern with a
 * parameter is rendered for two values, and the plugin refuses the build if the two differ, so a
 * page never carries one address's markup to another.
 */
export const PRERENDERED: {
  path: string;
  file: string;
  sample?: [string, string];
  /** The use cases its screen reads first: the page preloads their code with the screen's. */
  reads?: ('events' | 'teams' | 'users')[];
}[] = [
  { path: '/', file: 'index.html', reads: ['events'] },
  { path: '/login', file: 'login.html' },
  { path: '/register', file: 'register.html' },
  { path: '/reset-password', file: 'reset-password.html' },
  { path: '/reset-complete', file: 'reset-complete.html' },
  { path: '/events', file: 'events.html', reads: ['events'] },
  { path: '/teams', file: 'teams.html', reads: ['teams'] },
  { path: '/privacy-policy', file: 'privacy-policy.html' },
  { path: '/terms', file: 'terms.html' },
  { path: '/contact', file: 'contact.html' },
  { path: '/organizer', file: 'organizer.html' },
  { path: '/campaign/team-registration', file: 'campaign/team-registration.html' },
  {
    path: '/events/:id',
    file: 'prerendered/event.html',
    sample: ['seed-a', 'seed-b'],
    reads: ['events'],
  },
  {
    path: '/teams/:id',
    file: 'prerendered/team.html',
    sample: ['seed-a', 'seed-b'],
    reads: ['teams', 'events'],
  },
  {
    path: '/profile/:id',
    file: 'prerendered/profile.html',
    sample: ['seed-a', 'seed-b'],
    reads: ['users', 'events'],
  },
];

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The route pattern the markup is for (src/app/start.tsx hydrates only there). */
  route: string;
  /** The modules of the screens on the page and of the use cases they read first (the page preloads their code). */
  modules: string[];
}

async function toString(tree: ReactNode): Promise<string> {
  // Every boundary inline, however long: a boundary sent apart needs an inline script to be
  // put in place, which the Content-Security-Policy forbids.
  const { prelude } = await prerender(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

async function renderPath(routes: RouteObject[], pathname: string): Promise<string> {
  // What the browser renders first (src/app/start.tsx): a router of the same shape, so the two
  // trees have the same shape (useId gives the same ids), with the screen's code loaded.
  await preloadScreen(matchScreen(routes, pathname));
  const { backend, ready } = createAppBackend(() => new Promise(() => {}));
  // No garbage collection timers: they would keep the build's process alive.
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  return toString(
    <App backend={backend} ready={ready} queryClient={queryClient}>
      <MemoryRouter initialEntries={[pathname]}>
        <AppRoutes routes={routes} />
      </MemoryRouter>
    </App>,
  );
}

/** Renders the entry for `path` (a pattern with a parameter: for its two sample values). */
export async function renderPage(path: string, sample?: [string, string]): Promise<RenderedPage> {
  const routes = buildRoutes({ devRoutes: BACKEND_KIND === 'local' });
  const [first, second] = sample
    ? sample.map((value) => path.replace(/:\w+/, value))
    : [path, null];
  const html = await renderPath(routes, first!);
  if (second !== null && (await renderPath(routes, second)) !== html) {
    throw new Error(`${path}: the first frame depends on the parameter; it cannot be shared`);
  }
  const matches = matchScreen(routes, first!);
  const route = routePattern(matches);
  if (route !== path) throw new Error(`${path}: renders route ${route}`);
  const modules = matches
    .map((m) => (m.route.handle as ScreenHandle | undefined)?.module)
    .filter((m): m is string => !!m);
  const reads = PRERENDERED.find((p) => p.path === path)?.reads ?? [];
  modules.push(...reads.map((port) => `/src/data/use-cases/${port}.ts`));
  return { html, route, modules };
}
