import { createContext, useContext } from 'react';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { AppNotification } from '@/domain/entities/notification';
import { useCurrentUser } from '@/features/auth/public';

type NotificationsKey = readonly ['notifications', string];

/**
 * Notifications are live data: nothing fetches them, the backend's listener pushes every change
 * into ['notifications', uid] (NotificationsFeedProvider), so the entry never goes stale by time.
 */
export const notificationQueries = {
  all: ['notifications'] as const,
  list: (uid: string) =>
    queryOptions<AppNotification[], Error, AppNotification[], NotificationsKey>({
      queryKey: ['notifications', uid] as const,
      queryFn: skipToken,
      staleTime: Infinity,
    }),
};

interface NotificationsFeed {
  /** The listener failed (logged); the list keeps what it last had. */
  error: unknown;
  /** Listens again after an error. */
  retry: () => void;
}

/** Provided by NotificationsFeedProvider (./notifications-feed.tsx), which owns the listener. */
export const NotificationsFeedContext = createContext<NotificationsFeed | null>(null);

function useNotificationsFeed(): NotificationsFeed {
  const feed = useContext(NotificationsFeedContext);
  if (!feed) throw new Error('useNotifications needs NotificationsFeedProvider (src/app/app.tsx)');
  return feed;
}

export interface NotificationsState {
  /** Newest first; empty while loading or signed out. */
  notifications: AppNotification[];
  unreadCount: number;
  /** True until the first snapshot arrives (and nothing was restored from the cache). */
  isLoading: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * The signed-in user's notifications, from the query cache that NotificationsFeedProvider (mounted
 * once by the shell) keeps filled from the one live listener.
 */
export function useNotifications(): NotificationsState {
  const uid = useCurrentUser()?.uid ?? null;
  const { error, retry } = useNotificationsFeed();
  const query = useQuery({ ...notificationQueries.list(uid ?? ''), enabled: uid !== null });
  const notifications = uid ? (query.data ?? []) : [];
  return {
    notifications,
    unreadCount: notifications.reduce((n, item) => (item.read ? n : n + 1), 0),
    isLoading: uid !== null && query.data === undefined && !error,
    error,
    retry,
  };
}
