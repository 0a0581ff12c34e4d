import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import type { FeeRecord } from '@/domain/fees';
import { profilesQueryFn } from '@/lib/profiles';

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
