import {
  queryOptions,
  skipToken,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import type { PendingRequestWithEvent } from '@/domain/entities/participation-request';
import type { RemovalReason } from '@/domain/entities/removal-reason';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { eventKeys } from '@/lib/event-keys';
import { refreshQueries } from '@/lib/query-client';
import { orAlreadyDone, useMutation } from '@/lib/use-mutation';
import { profilesQueryFn } from '@/lib/profiles';

/**
 * The query-options factory of the participation feature. Keys that depend on who is asking carry
 * the uid, so two accounts used one after the other in a browser never share an entry. Like
 * eventQueries, every method works without a backend to give the key alone (for invalidation).
 */
export const participationQueries = {
  all: ['participation'] as const,

  /**
   * My request for an event that counts (null when none): the key its live value is kept under
   * (useMyLiveRequest).
   */
  mine: (uid: string, eventId: string) => ({
    queryKey: ['participation', 'mine', uid, eventId] as const,
  }),

  /**
   * An event's requests, a page at a time in the organizer's order: what its organizer manages.
   * The key of the list useLiveEventRequests keeps (its first page live, the rest by cursor).
   */
  forEvent: (eventId: string) => ({ queryKey: ['participation', 'event', eventId] as const }),

  /**
   * How many requests wait for the organizer of an event, under that event's requests key: an
   * approval or rejection there refreshes it.
   */
  pendingCount: (eventId: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['participation', 'event', eventId, 'pendingCount'] as const,
      queryFn: backend
        ? (): Promise<number> => backend.participation.pendingCount(eventId)
        : skipToken,
    }),

  /**
   * The requesters' profiles, under the event's key: whatever refreshes the requests refreshes
   * the names beside them.
   */
  requesters: (eventId: string, uids: readonly string[], backend?: Backend) =>
    queryOptions({
      queryKey: ['participation', 'event', eventId, 'requesters', uids] as const,
      queryFn: profilesQueryFn(uids, backend),
    }),

  /** My pending requests across events, with their event info. */
  myPending: (uid: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['participation', 'pending', uid] as const,
      queryFn: backend
        ? (): Promise<PendingRequestWithEvent[]> => backend.participation.myPending()
        : skipToken,
    }),
};

/** The keys an event's participants live under: its detail (and participant profiles) and lists. */
export function refreshEventParticipants(
  client: QueryClient,
  eventId: string,
  uid: string | null,
): Promise<void> {
  // Participant counts also show on every list card.
  return refreshQueries(client, [
    eventKeys.detail(eventId),
    eventKeys.lists,
    ...(uid ? [eventKeys.participantLists(uid)] : []),
  ]);
}

/** The requests one user's view of one event shows, after something changed them elsewhere. */
export function refreshRequestsForViewer(
  client: QueryClient,
  eventId: string,
  uid: string,
): Promise<void> {
  return refreshQueries(client, [
    participationQueries.mine(uid, eventId).queryKey,
    participationQueries.myPending(uid).queryKey,
    participationQueries.forEvent(eventId).queryKey,
  ]);
}

/** Everything one user's view of one event depends on, after something changed it elsewhere. */
export function refreshEventForViewer(
  client: QueryClient,
  eventId: string,
  uid: string,
): Promise<void> {
  return Promise.all([
    refreshRequestsForViewer(client, eventId, uid),
    refreshEventParticipants(client, eventId, uid),
  ]).then(() => undefined);
}

/**
 * The participation mutations for one event. Each invalidates only the keys it changed and
 * returns that promise, so `mutateAsync` settles once the screen shows the new state. Errors
 * are shown inline by the panel, where the user can act on them; `silent` keeps the global
 * toast from repeating them (the mutation cache still logs every failure).
 */
export function useParticipationMutations(eventId: string) {
  const backend = useBackend();
  const client = useQueryClient();
  const uid = useCurrentUser()?.uid ?? null;
  const meta = { silent: true };

  const mineKeys = (): QueryKey[] =>
    uid
      ? [
          participationQueries.mine(uid, eventId).queryKey,
          participationQueries.myPending(uid).queryKey,
        ]
      : [];

  const request = useMutation({
    mutationFn: (message: string) => orAlreadyDone(backend.participation.request(eventId, message)),
    onSuccess: () => refreshQueries(client, mineKeys()),
    meta,
  });

  const cancel = useMutation({
    mutationFn: (requestId: string) => backend.participation.cancel(requestId),
    onSuccess: () => refreshQueries(client, mineKeys()),
    meta,
  });

  const join = useMutation({
    mutationFn: () => orAlreadyDone(backend.roster.join(eventId)),
    onSuccess: () =>
      Promise.all([
        refreshQueries(client, mineKeys()),
        refreshEventParticipants(client, eventId, uid),
      ]),
    meta,
  });

  // Leaving also deletes my requests for the event.
  const leave = useMutation({
    mutationFn: () => backend.roster.leave(eventId),
    onSuccess: () =>
      Promise.all([
        refreshQueries(client, mineKeys()),
        refreshEventParticipants(client, eventId, uid),
      ]),
    meta,
  });

  const joinWaitlist = useMutation({
    mutationFn: () => orAlreadyDone(backend.roster.joinWaitlist(eventId)),
    onSuccess: () => refreshEventParticipants(client, eventId, uid),
    meta,
  });

  const leaveWaitlist = useMutation({
    mutationFn: () => backend.roster.leaveWaitlist(eventId),
    onSuccess: () => refreshEventParticipants(client, eventId, uid),
    meta,
  });

  const remove = useMutation({
    mutationFn: ({ participant, reason }: { participant: string; reason: RemovalReason }) =>
      backend.roster.removeParticipant(eventId, participant, reason),
    onSuccess: () =>
      Promise.all([
        refreshQueries(client, [participationQueries.forEvent(eventId).queryKey]),
        refreshEventParticipants(client, eventId, null),
      ]),
    meta,
  });

  const restore = useMutation({
    mutationFn: (participant: string) => backend.roster.restoreParticipant(eventId, participant),
    onSuccess: () => refreshEventParticipants(client, eventId, null),
    meta,
  });

  const approve = useMutation({
    mutationFn: (requestId: string) => orAlreadyDone(backend.participation.approve(requestId)),
    onSuccess: () =>
      Promise.all([
        refreshQueries(client, [participationQueries.forEvent(eventId).queryKey]),
        refreshEventParticipants(client, eventId, null),
      ]),
    meta,
  });

  const reject = useMutation({
    mutationFn: (requestId: string) => orAlreadyDone(backend.participation.reject(requestId)),
    onSuccess: () => refreshQueries(client, [participationQueries.forEvent(eventId).queryKey]),
    meta,
  });

  return {
    request,
    cancel,
    join,
    leave,
    joinWaitlist,
    leaveWaitlist,
    remove,
    restore,
    approve,
    reject,
  };
}
