import { useState } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@/domain/entities/common';
import type { ParticipationRequest } from '@/domain/entities/participation-request';
import { useBackend } from '@/lib/backend-context';
import { cursorPages } from '@/lib/cursor-pages';
import { latestValue, type LatestValue } from '@/lib/latest-value';
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
 * The organizer's request list of an open event, a page at a time (an infinite query under
 * participationQueries.forEvent's key), kept current while shown: the first page is the
 * listener's (participation.subscribeForEvent), taken as it arrives rather than read again, and
 * the pages after it are read from their cursors (participation.forEvent). Each change replaces
 * the first page when it is the only one shown; with more shown, the list is read again from the
 * first page (the listener's latest, no read), since the change moved the later pages' cursors.
 * Each change after the first answer refreshes the pending count beside the list. A failed
 * listener shows as the list's error; its retry starts the listener again and rereads the list.
 */
export function useLiveEventRequests(eventId: string) {
  const backend = useBackend();
  const client = useQueryClient();
  const { queryKey } = participationQueries.forEvent(eventId);
  // One per event: a page of another event's list is never taken for this one.
  const [firstPages] = useState(() => new Map<string, LatestValue<Page<ParticipationRequest>>>());
  const firstPage = firstPages.get(eventId) ?? latestValue<Page<ParticipationRequest>>();
  firstPages.set(eventId, firstPage);
  const live = useLiveSubscription<Page<ParticipationRequest>>(
    `participation:event:${eventId}`,
    (next, fail) => {
      let first = true;
      return backend.participation.subscribeForEvent(
        eventId,
        (page) => {
          firstPage.set(page);
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
        (e) => {
          firstPage.fail(e);
          fail(e);
        },
      );
    },
    'participation: the live request list stopped',
  );
  const requests = useInfiniteQuery(
    cursorPages(queryKey, (cursor) =>
      cursor === null ? firstPage.get() : backend.participation.forEvent(eventId, cursor),
    ),
  );
  const retry = () => {
    firstPage.reset();
    live.retry();
    void requests.refetch();
  };
  return { requests, liveError: live.error, retry };
}
