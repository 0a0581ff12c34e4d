import { fieldOp, type Writes } from '@/data/storage/storage';

/**
 * The staff dashboard's count of pending join requests. Staff cannot list the requests (each
 * carries its requester's private message), so every write that moves a request into or out of
 * pending moves this count by one in the same commit, naming the request it counts: the rules
 * refuse such a request write without it, and a count change without such a request write.
 */
export const PENDING_STATS_PATH = 'stats/participation';

export function countPendingChange(tx: Writes, requestId: string, delta: 1 | -1): void {
  tx.merge(PENDING_STATS_PATH, { pending: fieldOp.increment(delta), lastRequest: requestId });
}
