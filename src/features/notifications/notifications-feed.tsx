import { useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppNotification } from '@/domain/entities/notification';
import { useCurrentUser } from '@/features/auth/session';
import { useBackend } from '@/lib/backend-context';
import { useLiveSubscription } from '@/lib/use-live-subscription';
import { NotificationsFeedContext, notificationQueries } from './notification-queries';

/**
 * One live listener to the signed-in user's notifications for the whole shell. Each snapshot goes
 * into the query cache under ['notifications', uid], where the header badge, the notifications
 * screen and the event and team pages read it (and where it is kept for the next visit). The
 * listener is torn down on sign-out and before another user's starts.
 */
export function NotificationsFeedProvider({ children }: { children: ReactNode }) {
  const backend = useBackend();
  const client = useQueryClient();
  const uid = useCurrentUser()?.uid ?? null;
  const live = useLiveSubscription<AppNotification[]>(
    uid,
    (next, fail) =>
      backend.notifications.subscribe(
        uid!,
        (items) => {
          client.setQueryData(notificationQueries.list(uid!).queryKey, items);
          next(items);
        },
        fail,
      ),
    'notifications.subscribe',
  );
  const value = useMemo(() => ({ error: live.error, retry: live.retry }), [live.error, live.retry]);
  return (
    <NotificationsFeedContext.Provider value={value}>{children}</NotificationsFeedContext.Provider>
  );
}
