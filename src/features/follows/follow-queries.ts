import { queryOptions } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import { targetKey, type FollowTarget } from '@/domain/rules/follow-notices';

/** The follows' query keys and reads (docs/follows.md); a follow or unfollow refreshes them. */
export const followQueries = {
  all: ['follows'] as const,
  isFollowing: (uid: string | null, target: FollowTarget, backend: Backend) =>
    queryOptions({
      queryKey: ['follows', 'is', uid, targetKey(target)],
      queryFn: () => backend.follows.isFollowing(target),
      enabled: !!uid,
    }),
  count: (target: FollowTarget, backend: Backend) =>
    queryOptions({
      queryKey: ['follows', 'count', targetKey(target)],
      queryFn: () => backend.follows.followerCount(target),
    }),
  mine: (uid: string, backend: Backend) =>
    queryOptions({
      queryKey: ['follows', 'mine', uid],
      queryFn: () => backend.follows.following(),
    }),
  events: (uid: string, backend: Backend) =>
    queryOptions({
      queryKey: ['follows', 'events', uid],
      queryFn: () => backend.follows.followedEvents(),
    }),
};
