import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './layout';
import { RequireAuth } from './require-auth';
import NotFoundPage from './not-found-page';

type Screen = LazyExoticComponent<ComponentType>;

const screens = {
  home: lazy(() => import('@/features/pages/home-page')),
  login: lazy(() => import('@/features/auth/pages/login-page')),
  register: lazy(() => import('@/features/auth/pages/register-page')),
  resetPassword: lazy(() => import('@/features/auth/pages/reset-password-page')),
  resetComplete: lazy(() => import('@/features/auth/pages/reset-complete-page')),
  newPassword: lazy(() => import('@/features/auth/pages/new-password-page')),
  verifyEmail: lazy(() => import('@/features/auth/pages/verify-email-page')),
  emailAction: lazy(() => import('@/features/auth/pages/email-action-page')),
  registrationComplete: lazy(() => import('@/features/auth/pages/registration-complete-page')),
  eventList: lazy(() => import('@/features/events/pages/event-list-page')),
  eventDetail: lazy(() => import('@/features/events/pages/event-detail-page')),
  eventEdit: lazy(() => import('@/features/events/pages/event-edit-page')),
  createEvent: lazy(() => import('@/features/events/pages/create-event-page')),
  createEventComplete: lazy(() => import('@/features/events/pages/create-event-complete-page')),
  messages: lazy(() => import('@/features/messages/pages/messages-page')),
  notifications: lazy(() => import('@/features/notifications/pages/notifications-page')),
  myProfile: lazy(() => import('@/features/profile/pages/my-profile-page')),
  publicProfile: lazy(() => import('@/features/profile/pages/public-profile-page')),
  profileSettings: lazy(() => import('@/features/profile/pages/profile-settings-page')),
  emailSettings: lazy(() => import('@/features/profile/pages/email-settings-page')),
  teamList: lazy(() => import('@/features/teams/pages/team-list-page')),
  teamDetail: lazy(() => import('@/features/teams/pages/team-detail-page')),
  teamEdit: lazy(() => import('@/features/teams/pages/team-edit-page')),
  teamCreate: lazy(() => import('@/features/teams/pages/team-create-page')),
  teamCreateComplete: lazy(() => import('@/features/teams/pages/team-create-complete-page')),
  privacy: lazy(() => import('@/features/pages/privacy-policy-page')),
  terms: lazy(() => import('@/features/pages/terms-page')),
  contact: lazy(() => import('@/features/pages/contact-page')),
  organizer: lazy(() => import('@/features/pages/organizer-page')),
  campaign: lazy(() => import('@/features/pages/campaign-team-registration-page')),
  debugChat: lazy(() => import('@/features/admin/pages/debug-chat-page')),
  admin: lazy(() => import('@/features/admin/pages/admin-page')),
  adminInit: lazy(() => import('@/features/admin/pages/admin-init-page')),
  adminQuick: lazy(() => import('@/features/admin/pages/admin-quick-page')),
  outbox: lazy(() => import('@/features/dev/outbox-page')),
} satisfies Record<string, Screen>;

function open(path: string, Screen: Screen): RouteObject {
  return { path, element: <Screen /> };
}

function guarded(path: string, Screen: Screen): RouteObject {
  return {
    path,
    element: (
      <RequireAuth>
        <Screen />
      </RequireAuth>
    ),
  };
}

/** SPEC §2, row by row. `devRoutes` is only mounted on the local backend. */
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
