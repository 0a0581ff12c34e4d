import { useMemo, type ReactNode } from 'react';
import type { AppNotification } from '@/domain/entities/notification';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { useLiveQuery } from '@/lib/use-live-query';
import { NotificationsFeedContext, notificationQueries } from './notification-queries';

/**
 * One live listener to the signed-in user's notifications for the whole shell. Each snapshot goes
 * into the query cache under ['notifications', uid] (useLiveQuery), where the header badge, the
 * notifications screen and the event and team pages read it (and where it is kept for the next
 * visit). The listener is torn down on sign-out and before another user's starts.
 */
export function NotificationsFeedProvider({ children }: { children: ReactNode }) {
  const backend = useBackend();
  const uid = useCurrentUser()?.uid ?? null;
  const live = useLiveQuery<AppNotification[]>(
    uid ? notificationQueries.list(uid).queryKey : null,
    (next, fail) => backend.notifications.subscribe(uid!, next, fail),
    'notifications.subscribe',
  );
  const value = useMemo(() => ({ error: live.error, retry: live.retry }), [live.error, live.retry]);
  return (
    <NotificationsFeedContext.Provider value={value}>{children}</NotificationsFeedContext.Provider>
  );
}
