import { queryOptions, skipToken, useQueryClient } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import type { FeeRecord } from '@/domain/fees';
import { useBackend } from '@/lib/backend-context';
import { profilesQueryFn } from '@/lib/profiles';
import { refreshQueries } from '@/lib/query-client';
import { useMutation } from '@/lib/use-mutation';

/** The fees feature's queries (docs/fees.md). */
export const feeQueries = {
  /** The signed-in participant's own record for the event (null: 未払い). */
  mine: (uid: string, eventId: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['fees', 'mine', uid, eventId] as const,
      queryFn: backend ? (): Promise<FeeRecord | null> => backend.fees.mine(eventId) : skipToken,
    }),

  /** Every record of the event, by participant: what its organizer manages. */
  forEvent: (eventId: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['fees', 'event', eventId] as const,
      queryFn: backend
        ? (): Promise<Record<string, FeeRecord>> => backend.fees.forEvent(eventId)
        : skipToken,
    }),

  /** The participants' names beside their records. */
  people: (eventId: string, uids: readonly string[], backend?: Backend) =>
    queryOptions({
      queryKey: ['fees', 'event', eventId, 'people', uids] as const,
      queryFn: profilesQueryFn(uids, backend),
    }),
};

/** The participant's own declaration; each settles once the status shown is the new one. */
export function useMyFeeMutations(uid: string, eventId: string) {
  const backend = useBackend();
  const client = useQueryClient();
  const refresh = () => refreshQueries(client, [feeQueries.mine(uid, eventId).queryKey]);
  const declare = useMutation({
    mutationFn: (method: string) => backend.fees.declare(eventId, method),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const withdraw = useMutation({
    mutationFn: () => backend.fees.withdraw(eventId),
    onSuccess: refresh,
    meta: { silent: true },
  });
  return { declare, withdraw };
}

/** The organizer's confirmations and resets of one event. */
export function useFeeRosterMutations(eventId: string) {
  const backend = useBackend();
  const client = useQueryClient();
  const refresh = () => refreshQueries(client, [['fees', 'event', eventId]]);
  const confirm = useMutation({
    mutationFn: (v: { userId: string; input?: Parameters<Backend['fees']['confirm']>[2] }) =>
      backend.fees.confirm(eventId, v.userId, v.input),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const reset = useMutation({
    mutationFn: (userId: string) => backend.fees.reset(eventId, userId),
    onSuccess: refresh,
    meta: { silent: true },
  });
  return { confirm, reset };
}
