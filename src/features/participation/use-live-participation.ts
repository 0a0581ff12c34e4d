import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@/domain/entities/common';
import type { ParticipationRequest } from '@/domain/entities/participation-request';
import { useBackend } from '@/lib/backend-context';
import { refreshQueries } from '@/lib/query-client';
import { useLiveQuery } from '@/lib/use-live-query';
import { useLiveSubscription, type LiveState } from '@/lib/use-live-subscription';
import { participationQueries } from './participation-queries';

/**
 * My request for an open event, live (useLiveQuery): the organizer's answer in another browser
 * shows without a reload. One query listener over at most MY_REQUESTS_PER_EVENT_LIMIT of my
 * requests for the event. A change after the first answer also refreshes my pending list
 * across events, which the answer changes too.
 */
export function useMyLiveRequest(
  eventId: string,
  uid: string,
): LiveState<ParticipationRequest | null> {
  const backend = useBackend();
  return useLiveQuery<ParticipationRequest | null>(
    participationQueries.mine(uid, eventId).queryKey,
    (next, fail) => backend.participation.subscribeMyRequest(uid, eventId, next, fail),
    'participation: my live request stopped',
    { alsoRefresh: [participationQueries.myPending(uid).queryKey] },
  );
}

/**
 * Keeps the organizer's request list of an open event current: the first page's listener
 * (participation.subscribeForEvent) pushes each change into the list's query, the pages after it
 * are read from their cursors as before. With only the first page shown, the new page replaces
 * it; with more shown, the list is read again from the first page, since the change moved the
 * later pages' cursors. Each change after the first answer refreshes the pending count beside
 * the list. The list's own first read and the listener's first answer both read the first page.
 */
export function useLiveEventRequests(eventId: string) {
  const backend = useBackend();
  const client = useQueryClient();
  const { queryKey } = participationQueries.forEvent(eventId);
  useLiveSubscription<Page<ParticipationRequest>>(
    `participation:event:${eventId}`,
    (next, fail) => {
      let first = true;
      return backend.participation.subscribeForEvent(
        eventId,
        (page) => {
          next(page);
          const shown = client.getQueryData<InfiniteData<Page<ParticipationRequest>>>(queryKey);
          if (shown && shown.pages.length > 1) {
            void client.invalidateQueries({ queryKey, exact: true });
          } else {
            client.setQueryData<InfiniteData<Page<ParticipationRequest>, string | null>>(queryKey, {
              pages: [page],
              pageParams: [null],
            });
          }
          if (!first) {
            void refreshQueries(client, [participationQueries.pendingCount(eventId).queryKey]);
          }
          first = false;
        },
        fail,
      );
    },
    'participation: the live request list stopped',
  );
}
