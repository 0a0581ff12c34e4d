import { useQueryClient } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import { useBackend } from '@/lib/backend-context';
import { refreshQueries } from '@/lib/query-client';
import { useMutation } from '@/lib/use-mutation';
import { feeQueries } from './fee-queries';

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
  const refresh = () => refreshQueries(client, [feeQueries.forEvent(eventId).queryKey]);
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
