import { useEffect, useState } from 'react';
import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import type { AppNotification } from '@/domain/entities/notification';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { logger } from '@/lib/logger';

type NotificationsKey = readonly ['notifications', string];

/**
 * Notifications are live data: nothing fetches them, the backend's listener pushes every change
 * into ['notifications', uid] (see useNotifications), so the entry never goes stale by time.
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

/**
 * One backend listener per signed-in user and query client, however many components (the
 * header badge, the list, the event page) read the notifications; the last one to unmount
 * tears it down.
 */
interface Feed {
  refs: number;
  stop: () => void;
  error: unknown;
  errorListeners: Set<(e: unknown) => void>;
}

const feeds = new WeakMap<QueryClient, Map<string, Feed>>();

function startListener(client: QueryClient, backend: Backend, uid: string, feed: Feed): () => void {
  return backend.notifications.subscribe(
    uid,
    (items) => {
      client.setQueryData(notificationQueries.list(uid).queryKey, items);
      if (feed.error !== null) {
        feed.error = null;
        feed.errorListeners.forEach((l) => l(null));
      }
    },
    (e) => {
      logger.error('notifications.subscribe', e);
      feed.error = e;
      feed.errorListeners.forEach((l) => l(e));
    },
  );
}

function attachFeed(
  client: QueryClient,
  backend: Backend,
  uid: string,
  onError: (e: unknown) => void,
): { detach: () => void; retry: () => void } {
  let byUser = feeds.get(client);
  if (!byUser) {
    byUser = new Map();
    feeds.set(client, byUser);
  }
  let feed = byUser.get(uid);
  if (!feed) {
    const created: Feed = { refs: 0, stop: () => {}, error: null, errorListeners: new Set() };
    created.stop = startListener(client, backend, uid, created);
    byUser.set(uid, created);
    feed = created;
  }
  const current = feed;
  current.refs += 1;
  current.errorListeners.add(onError);
  onError(current.error);
  return {
    detach: () => {
      current.errorListeners.delete(onError);
      current.refs -= 1;
      if (current.refs === 0) {
        current.stop();
        byUser.delete(uid);
      }
    },
    retry: () => {
      current.stop();
      current.error = null;
      current.errorListeners.forEach((l) => l(null));
      current.stop = startListener(client, backend, uid, current);
    },
  };
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

/** The signed-in user's live notifications, kept in the query cache while any reader is mounted. */
export function useNotifications(): NotificationsState {
  const backend = useBackend();
  const client = useQueryClient();
  const uid = useCurrentUser()?.uid ?? null;
  const [error, setError] = useState<unknown>(null);
  const [retry, setRetry] = useState<() => void>(() => () => {});

  const query = useQuery({ ...notificationQueries.list(uid ?? ''), enabled: uid !== null });

  useEffect(() => {
    if (!uid) return;
    const feed = attachFeed(client, backend, uid, setError);
    setRetry(() => feed.retry);
    return () => {
      feed.detach();
      setError(null);
    };
  }, [client, backend, uid]);

  const notifications = uid ? (query.data ?? []) : [];
  return {
    notifications,
    unreadCount: notifications.reduce((n, item) => (item.read ? n : n + 1), 0),
    isLoading: uid !== null && query.data === undefined && !error,
    error,
    retry,
  };
}

/**
 * Read and delete actions. The change shows at once in the cache (the listener confirms it a
 * moment later); a failure is only logged (SPEC §8), and the list goes back to what it was.
 */
export function useNotificationActions() {
  const backend = useBackend();
  const client = useQueryClient();
  const uid = useCurrentUser()?.uid ?? '';
  const key = notificationQueries.list(uid).queryKey;
  const meta = { silent: true };

  const optimistic = (change: (items: AppNotification[]) => AppNotification[]) => async () => {
    await client.cancelQueries({ queryKey: key });
    const previous = client.getQueryData(key);
    if (previous) client.setQueryData(key, change(previous));
    return { previous };
  };
  const rollback = (
    _e: unknown,
    _v: unknown,
    context: { previous?: AppNotification[] } | undefined,
  ) => {
    if (context?.previous) client.setQueryData(key, context.previous);
  };

  const markRead = useMutation({
    mutationFn: (id: string) => backend.notifications.markRead(id),
    onMutate: (id: string) =>
      optimistic((items) => items.map((n) => (n.id === id ? { ...n, read: true } : n)))(),
    onError: rollback,
    meta,
  });

  const markAllRead = useMutation({
    mutationFn: () => backend.notifications.markAllRead(uid),
    onMutate: optimistic((items) => items.map((n) => (n.read ? n : { ...n, read: true }))),
    onError: rollback,
    meta,
  });

  const remove = useMutation({
    mutationFn: (id: string) => backend.notifications.remove(id),
    onMutate: (id: string) => optimistic((items) => items.filter((n) => n.id !== id))(),
    onError: rollback,
    meta,
  });

  const removeAll = useMutation({
    mutationFn: () => backend.notifications.removeAll(uid),
    onMutate: optimistic(() => []),
    onError: rollback,
    meta,
  });

  return { markRead, markAllRead, remove, removeAll };
}
