import { fieldOp, type Writes } from '@/data/storage/storage';

/**
 * The staff dashboard's count of pending join requests. Staff cannot list the requests (each
 * carries its requester's private message), so every write that moves a request into or out of
 * pending moves this count by one in the same commit, naming the request it counts: the rules
 * refuse such a request write without it, and a count change without such a request write.
 * Counted are the requests people asked: one made for someone moving up from the キャンセル待ち
 * (fromWaitlist, written by whoever freed the seat) is
 * left out when made and when processed, so the count never drifts.
 */
export const PENDING_STATS_PATH = 'stats/participation';

export function countPendingChange(tx: Writes, requestId: string, delta: 1 | -1): void {
  tx.merge(PENDING_STATS_PATH, { pending: fieldOp.increment(delta), lastRequest: requestId });
}

/** Whether a stored request is in the count: pending, and asked by its requester. */
export function isCountedPending(request: { status: string; fromWaitlist?: boolean }): boolean {
  return request.status === 'pending' && request.fromWaitlist !== true;
}
