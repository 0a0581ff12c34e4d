import { lazy, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from './layout';
import { RequireAuth } from './require-auth';
import NotFoundPage from './not-found-page';

interface Screen {
  (): React.JSX.Element;
  /** Starts loading the screen's code; once loaded, it renders without suspending. */
  preload(): Promise<void>;
}

/**
 * A lazily loaded screen that can be preloaded. React.lazy alone always suspends on its first
 * render, and React then holds the revealed content back until its fallback has been up for
 * 300 ms; a screen preloaded while the backend starts (preloadScreen) renders at once instead.
 */
function screen(load: () => Promise<{ default: ComponentType }>): Screen {
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
  function LazyScreen() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  LazyScreen.preload = preload;
  return LazyScreen;
}

const screens = {
  home: screen(() => import('@/features/pages/home-page')),
  login: screen(() => import('@/features/auth/pages/login-page')),
  register: screen(() => import('@/features/auth/pages/register-page')),
  resetPassword: screen(() => import('@/features/auth/pages/reset-password-page')),
  resetComplete: screen(() => import('@/features/auth/pages/reset-complete-page')),
  newPassword: screen(() => import('@/features/auth/pages/new-password-page')),
  verifyEmail: screen(() => import('@/features/auth/pages/verify-email-page')),
  emailAction: screen(() => import('@/features/auth/pages/email-action-page')),
  registrationComplete: screen(() => import('@/features/auth/pages/registration-complete-page')),
  eventList: screen(() => import('@/features/events/pages/event-list-page')),
  eventDetail: screen(() => import('@/features/events/pages/event-detail-page')),
  eventEdit: screen(() => import('@/features/events/pages/event-edit-page')),
  createEvent: screen(() => import('@/features/events/pages/create-event-page')),
  createEventComplete: screen(() => import('@/features/events/pages/create-event-complete-page')),
  messages: screen(() => import('@/features/messages/pages/messages-page')),
  notifications: screen(() => import('@/features/notifications/pages/notifications-page')),
  myProfile: screen(() => import('@/features/profile/pages/my-profile-page')),
  publicProfile: screen(() => import('@/features/profile/pages/public-profile-page')),
  profileSettings: screen(() => import('@/features/profile/pages/profile-settings-page')),
  emailSettings: screen(() => import('@/features/profile/pages/email-settings-page')),
  teamList: screen(() => import('@/features/teams/pages/team-list-page')),
  teamDetail: screen(() => import('@/features/teams/pages/team-detail-page')),
  teamEdit: screen(() => import('@/features/teams/pages/team-edit-page')),
  teamCreate: screen(() => import('@/features/teams/pages/team-create-page')),
  teamCreateComplete: screen(() => import('@/features/teams/pages/team-create-complete-page')),
  privacy: screen(() => import('@/features/pages/privacy-policy-page')),
  terms: screen(() => import('@/features/pages/terms-page')),
  contact: screen(() => import('@/features/pages/contact-page')),
  organizer: screen(() => import('@/features/pages/organizer-page')),
  campaign: screen(() => import('@/features/pages/campaign-team-registration-page')),
  debugChat: screen(() => import('@/features/admin/pages/debug-chat-page')),
  admin: screen(() => import('@/features/admin/pages/admin-page')),
  adminInit: screen(() => import('@/features/admin/pages/admin-init-page')),
  adminQuick: screen(() => import('@/features/admin/pages/admin-quick-page')),
  outbox: screen(() => import('@/features/dev/outbox-page')),
} satisfies Record<string, Screen>;

interface ScreenHandle {
  preload: () => Promise<void>;
}

function open(path: string, Screen: Screen): RouteObject {
  return { path, element: <Screen />, handle: { preload: Screen.preload } satisfies ScreenHandle };
}

function guarded(path: string, Screen: Screen): RouteObject {
  return {
    path,
    handle: { preload: Screen.preload } satisfies ScreenHandle,
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
 * Starts loading the screen of `pathname` (called while the backend starts, so both download at
 * once). Never rejects: a failed download is left to the route's own render, which retries it
 * and reports the error.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const matches = matchRoutes(buildRoutes({ devRoutes: true }), pathname) ?? [];
  await Promise.allSettled(
    matches.map((m) => (m.route.handle as ScreenHandle | undefined)?.preload()),
  );
}
