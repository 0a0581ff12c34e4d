import type { SportEvent } from '@/domain/entities/event';
import { useBackend } from '@/lib/backend-context';
import { eventKeys } from '@/lib/shared-queries';
import { useLiveQuery } from '@/lib/use-live-query';
import type { LiveState } from '@/lib/use-live-subscription';

/**
 * The event as stored, live: while its page is open, the event document's listener pushes every
 * change into the event's query (useLiveQuery), so 中止, a new day or place, a place in line
 * moving up and the participant count show without a reload, whoever made the change. Null when
 * the event is missing. One document listener per open page: a read to start and one per change,
 * no read when a notification arrives. A cached copy (the list's or the stored cache's) shows
 * at once and the listener brings it up to date.
 */
export function useLiveEvent(id: string): LiveState<SportEvent | null> {
  const backend = useBackend();
  return useLiveQuery<SportEvent | null>(
    eventKeys.detail(id),
    (next, fail) => {
      if (id) return backend.events.subscribe(id, next, fail);
      next(null);
      return () => {};
    },
    'events: the live event stopped',
  );
}
