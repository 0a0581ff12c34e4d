import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteMatch, type RouteObject } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { Layout } from './layout';
import { RequireAuth } from './require-auth';
import NotFoundPage from './not-found-page';

interface Screen {
  (): React.JSX.Element;
  /** Starts loading the screen's code; once loaded, it renders without suspending. */
  preload(): Promise<void>;
}

/** Every screen's module, loaded on demand; the key is its path from the project root. */
const screenModules = import.meta.glob<{ default: ComponentType }>([
  '/src/features/*/pages/*-page.tsx',
  '/src/features/dev/outbox-page.tsx',
]);

/**
 * The lazily loaded screen in the module at `path`, which can be preloaded. React.lazy alone
 * always suspends on its first render, and React then holds the revealed content back until its
 * fallback has been up for 300 ms; a screen preloaded while the backend starts (preloadScreen)
 * renders at once instead. The build reads `path` from the route's handle to have the page's
 * HTML preload the screen's code (scripts/prerender-plugin.ts).
 */
function screen(path: string): Screen & { module: string } {
  const load = screenModules[path];
  if (!load) throw new Error(`No screen module at ${path}`);
  let Loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        Loaded = m.default;
      },
      (e: unknown) => {
        pending = null; // a later preload downloads again (the error boundary reports this one)
        throw e;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded! })));
  // The Suspense boundary is the screen's own, and only while its code is loading: a page whose
  // screen was preloaded (a prerendered page is hydrated only then, on the server and in the
  // browser) has no boundary, which React would hydrate in a later pass than the rest of the
  // page, after the app's effects had already changed what the screen shows.
  function LazyScreen() {
    return Loaded ? (
      <Loaded />
    ) : (
      <Suspense fallback={<Spinner />}>
        <Lazy />
      </Suspense>
    );
  }
  LazyScreen.preload = preload;
  LazyScreen.module = path;
  return LazyScreen;
}

const page = (feature: string, name: string) =>
  screen(`/src/features/${feature}/pages/${name}.tsx`);

const screens = {
  home: page('home', 'home-page'),
  login: page('auth', 'login-page'),
  register: page('auth', 'register-page'),
  resetPassword: page('auth', 'reset-password-page'),
  resetComplete: page('auth', 'reset-complete-page'),
  newPassword: page('auth', 'new-password-page'),
  verifyEmail: page('auth', 'verify-email-page'),
  emailAction: page('auth', 'email-action-page'),
  registrationComplete: page('auth', 'registration-complete-page'),
  eventList: page('events', 'event-list-page'),
  eventDetail: page('events', 'event-detail-page'),
  eventEdit: page('events', 'event-edit-page'),
  createEvent: page('events', 'create-event-page'),
  createEventComplete: page('events', 'create-event-complete-page'),
  series: page('series', 'series-page'),
  createSeries: page('series', 'create-series-page'),
  createSeriesComplete: page('series', 'create-series-complete-page'),
  messages: page('messages', 'messages-page'),
  notifications: page('notifications', 'notifications-page'),
  myProfile: page('profile', 'my-profile-page'),
  publicProfile: page('profile', 'public-profile-page'),
  profileSettings: page('profile', 'profile-settings-page'),
  emailSettings: page('profile', 'email-settings-page'),
  teamList: page('teams', 'team-list-page'),
  teamDetail: page('teams', 'team-detail-page'),
  teamEdit: page('teams', 'team-edit-page'),
  teamCreate: page('teams', 'team-create-page'),
  teamCreateComplete: page('teams', 'team-create-complete-page'),
  privacy: page('info', 'privacy-policy-page'),
  terms: page('info', 'terms-page'),
  contact: page('info', 'contact-page'),
  organizer: page('info', 'organizer-page'),
  campaign: page('info', 'campaign-team-registration-page'),
  debugChat: page('admin', 'debug-chat-page'),
  admin: page('admin', 'admin-page'),
  adminInit: page('admin', 'admin-init-page'),
  adminQuick: page('admin', 'admin-quick-page'),
  outbox: screen('/src/features/dev/outbox-page.tsx'),
} satisfies Record<string, Screen>;

export interface ScreenHandle {
  preload: () => Promise<void>;
  /** The screen's module (see screen()). */
  module: string;
}

type LazyScreen = ReturnType<typeof screen>;

const handleOf = (Screen: LazyScreen): ScreenHandle => ({
  preload: Screen.preload,
  module: Screen.module,
});

function open(path: string, Screen: LazyScreen): RouteObject {
  return { path, element: <Screen />, handle: handleOf(Screen) };
}

function guarded(path: string, Screen: LazyScreen): RouteObject {
  return {
    path,
    handle: handleOf(Screen),
    element: (
      <RequireAuth>
        <Screen />
      </RequireAuth>
    ),
  };
}

/** docs/routes.md, row by row. `devRoutes` is only mounted on the local backend. */
export function buildRoutes({ devRoutes }: { devRoutes: boolean }): RouteObject[] {
  const s = screens;
  return [
    {
      element: <Layout />,
      children: [
        open('/', s.home),
        open('/login', s.login),
        open('/register', s.register),
        open('/reset-password', s.resetPassword),
        open('/reset-complete', s.resetComplete),
        open('/new-password', s.newPassword),
        open('/events', s.eventList),
        open('/events/:id', s.eventDetail),
        guarded('/events/:id/edit', s.eventEdit),
        guarded('/create-event', s.createEvent),
        guarded('/create-event/confirm', s.createEvent),
        guarded('/create-event/complete', s.createEventComplete),
        open('/series/:id', s.series),
        guarded('/create-series', s.createSeries),
        guarded('/create-series/confirm', s.createSeries),
        guarded('/create-series/complete', s.createSeriesComplete),
        guarded('/messages', s.messages),
        guarded('/messages/:id', s.messages),
        guarded('/notifications', s.notifications),
        guarded('/profile', s.myProfile),
        guarded('/profile/settings', s.profileSettings),
        open('/profile/:id', s.publicProfile),
        guarded('/email-settings', s.emailSettings),
        open('/teams', s.teamList),
        guarded('/teams/create', s.teamCreate),
        guarded('/teams/create/confirm', s.teamCreate),
        open('/teams/create/complete', s.teamCreateComplete),
        open('/teams/:id', s.teamDetail),
        guarded('/teams/:id/edit', s.teamEdit),
        open('/verify-email', s.verifyEmail),
        open('/auth/action', s.emailAction),
        open('/action', s.emailAction),
        open('/registration-complete', s.registrationComplete),
        open('/privacy-policy', s.privacy),
        open('/terms', s.terms),
        open('/contact', s.contact),
        open('/organizer', s.organizer),
        open('/campaign/team-registration', s.campaign),
        open('/debug-chat', s.debugChat),
        open('/admin', s.admin),
        open('/admin-init', s.adminInit),
        open('/admin-quick', s.adminQuick),
        ...(devRoutes ? [open('/dev/outbox', s.outbox)] : []),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/**
 * The routes that show `pathname`, outermost first (none: only the not-found page does). Each
 * call ranks every route and tests them in turn (6–9 ms the first time in Node, 2–3 ms after),
 * so the start matches once and passes the matches on.
 */
export const matchScreen = (routes: RouteObject[], pathname: string): RouteMatch[] =>
  matchRoutes(routes, pathname) ?? [];

/**
 * Starts loading the screen of the matched routes (called while the backend starts, so both
 * download at once). Never rejects: a failed download is left to the route's own render, which
 * retries it and reports the error.
 */
export async function preloadScreen(matches: RouteMatch[]): Promise<void> {
  await Promise.allSettled(
    matches.map((m) => (m.route.handle as ScreenHandle | undefined)?.preload()),
  );
}

/**
 * The path pattern of the matched routes' screen ('/events/:id'), or null when none but the
 * not-found page shows the address. Two addresses with one pattern start from the same first
 * frame.
 */
export function routePattern(matches: RouteMatch[]): string | null {
  const last = matches.at(-1)?.route;
  return last && last.path !== '*' ? (last.path ?? null) : null;
}

/**
 * The screens of `routes`, under whichever router the app runs in: BrowserRouter in the browser
 * (src/app/start.tsx), MemoryRouter in the prerender. Two routers of the same shape give both
 * renders the same tree, so useId gives the same ids. The app uses no data-router features
 * (loaders, actions, blockers), and the declarative routers leave about 19 KiB gzip of React
 * Router's data layer out of every page.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
