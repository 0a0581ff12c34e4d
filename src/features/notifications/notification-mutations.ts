import { useQueryClient } from '@tanstack/react-query';
import type { AppNotification } from '@/domain/entities/notification';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { useMutation } from '@/lib/use-mutation';
import { notificationQueries } from './notification-queries';

/**
 * Read and delete actions. The change shows at once in the cache (the listener confirms it a
 * moment later); a failure is only logged (docs/domain.md "Errors"), and the list goes back to what it was.
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
