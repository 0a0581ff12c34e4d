import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RemovalReason } from '@/domain/entities/removal-reason';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { refreshQueries } from '@/lib/query-client';
import { orAlreadyDone, useMutation } from '@/lib/use-mutation';
import { participationQueries, refreshEventParticipants } from './participation-queries';

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

  const restore = useMutation({
    mutationFn: (participant: string) => backend.roster.restoreParticipant(eventId, participant),
    onSuccess: () => refreshEventParticipants(client, eventId, null),
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
