import { queryOptions, skipToken, useQueryClient } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import { useBackend } from '@/lib/backend-context';
import { profilesQueryFn } from '@/lib/profiles';
import { refreshQueries } from '@/lib/query-client';
import { useMutation } from '@/lib/use-mutation';

type Reception = Awaited<ReturnType<Backend['checkIn']['reception']>>;

/** The check-in feature's queries (docs/fees.md "Check-in"). */
export const checkInQueries = {
  /** The signed-in participant's code for the event (made on the first read). */
  myCode: (uid: string, eventId: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['checkIn', 'code', uid, eventId] as const,
      queryFn: backend ? (): Promise<string> => backend.checkIn.myCode(eventId) : skipToken,
    }),

  /** Whether the signed-in participant is checked in. */
  mine: (uid: string, eventId: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['checkIn', 'mine', uid, eventId] as const,
      queryFn: backend ? (): Promise<boolean> => backend.checkIn.mine(eventId) : skipToken,
    }),

  /** The organizer's reception: tokens and check-ins. */
  reception: (eventId: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['checkIn', 'event', eventId] as const,
      queryFn: backend ? (): Promise<Reception> => backend.checkIn.reception(eventId) : skipToken,
    }),

  /** The participants' names beside the reception list. */
  people: (eventId: string, uids: readonly string[], backend?: Backend) =>
    queryOptions({
      queryKey: ['checkIn', 'event', eventId, 'people', uids] as const,
      queryFn: profilesQueryFn(uids, backend),
    }),
};

/** The organizer's check-ins, undos and re-issues; each refreshes the reception. */
export function useReceptionMutations(eventId: string) {
  const backend = useBackend();
  const client = useQueryClient();
  const refresh = () => refreshQueries(client, [checkInQueries.reception(eventId).queryKey]);
  const meta = { silent: true };
  const checkIn = useMutation({
    mutationFn: (userId: string) => backend.checkIn.checkIn(eventId, userId),
    onSettled: refresh,
    meta,
  });
  const undo = useMutation({
    mutationFn: (userId: string) => backend.checkIn.undo(eventId, userId),
    onSettled: refresh,
    meta,
  });
  const reissue = useMutation({
    mutationFn: (userId: string) => backend.checkIn.reissue(eventId, userId),
    onSettled: refresh,
    meta,
  });
  return { checkIn, undo, reissue, refresh };
}
