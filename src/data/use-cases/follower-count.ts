import type { Storage } from '@/data/storage/storage';
import { followerCountId, type FollowTarget } from '@/domain/rules/follow-notices';

/** followerCounts/{kind}_{id} (docs/follows.md): public, moved only with the follows it counts. */
export const followerCountPath = (target: FollowTarget) =>
  `followerCounts/${followerCountId(target)}`;

/** The stored count of a target, 0 when it has none. */
export async function followerCountOf(storage: Storage, target: FollowTarget): Promise<number> {
  const count = (await storage.get(followerCountPath(target)))?.data.count;
  return typeof count === 'number' && count > 0 ? count : 0;
}

/** Whether anyone follows any of `targets` (one read each). */
export async function hasFollowers(storage: Storage, targets: FollowTarget[]): Promise<boolean> {
  const counts = await Promise.all(targets.map((t) => followerCountOf(storage, t)));
  return counts.some((c) => c > 0);
}
