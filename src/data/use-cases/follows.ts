import { fieldOp, type Query } from '@/data/storage/storage';
import { DOC_ID } from '@/data/storage/doc-id';
import { sportEventSchema, type SportEvent } from '@/domain/entities/event';
import { EVENT_READ_FIELDS } from '@/domain/entities/event-read-fields';
import {
  decideFollow,
  followId,
  followSchema,
  FOLLOW_TARGET_NAME_MAX,
  FOLLOWING_LIST_MAX,
  HOME_EVENTS_PER_TARGET,
  HOME_FOLLOWED_EVENTS_MAX,
  HOME_FOLLOWED_TARGETS,
  type Follow,
} from '@/domain/rules/follows';
import { targetKey, type FollowTarget } from '@/domain/rules/follow-notices';
import { actorTransaction, parseDocs, type UseCaseContext } from './context';
import { followerCountOf, followerCountPath } from './follower-count';
import { startOfDay } from './list-queries';

const followPath = (uid: string, target: FollowTarget) => `follows/${followId(uid, target)}`;
const countPath = followerCountPath;
const targetPath = (target: FollowTarget) =>
  `${target.kind === 'user' ? 'users' : 'teams'}/${target.id}`;

const nameOf = (data: Record<string, unknown> | undefined, kind: FollowTarget['kind']) => {
  const v = data?.[kind === 'user' ? 'displayName' : 'name'];
  return typeof v === 'string' ? v.slice(0, FOLLOW_TARGET_NAME_MAX) : '';
};

/**
 * Following an organizer or a team (docs/follows.md): one's own follows, and each target's
 * follower count, moved by exactly one in the same commit as the follow it counts (the rules
 * refuse a count without its follow, and a follow without its count), so no client sets a count.
 * The followers hear of a new event from the server (mail/handlers/follower-notices.ts), called
 * by events.create.
 */
export function followsUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

  const myFollows = (uid: string, limit: number): Query => ({
    collection: 'follows',
    where: [{ field: 'followerId', op: '==', value: uid }],
    orderBy: [
      { field: 'createdAt', direction: 'desc' },
      { field: DOC_ID, direction: 'desc' },
    ],
    limit,
  });

  return {
    /**
     * Starts following `target`. Already following: resolves, nothing written. Refusals:
     * loginRequired (signed out), accountSuspended, cannotFollowSelf, followTargetNotFound.
     * Fails: throws. Caller: any signed-in user, for themselves.
     */
    async follow(target: FollowTarget): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const found = actor && target.id ? await tx.get(targetPath(target)) : null;
        const me = decideFollow(actor, target, !!found);
        const path = followPath(me.uid, target);
        if (await tx.get(path)) return;
        tx.set(path, {
          followerId: me.uid,
          targetKind: target.kind,
          targetId: target.id,
          targetKey: targetKey(target),
          targetName: nameOf(found?.data, target.kind),
          createdAt: fieldOp.serverTime(),
        });
        tx.merge(countPath(target), {
          count: fieldOp.increment(1),
          lastFollow: followId(me.uid, target),
        });
      });
    },

    /**
     * Stops following `target`. Not following: resolves, nothing written. Refusals: as follow
     * (a target deleted since may still be unfollowed). Fails: throws. Caller: the follower.
     */
    async unfollow(target: FollowTarget): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const me = decideFollow(actor, target, true);
        const path = followPath(me.uid, target);
        if (!(await tx.get(path))) return;
        tx.delete(path);
        tx.merge(countPath(target), {
          count: fieldOp.increment(-1),
          lastFollow: followId(me.uid, target),
        });
      });
    },

    /** Whether the signed-in user follows `target` (false signed out). Fails: throws. */
    async isFollowing(target: FollowTarget): Promise<boolean> {
      const who = await ctx.session();
      if (!who || !target.id) return false;
      return !!(await storage.get(followPath(who.uid, target)));
    },

    /** How many follow `target` (0 for none or an unknown one). Caller: anyone. Fails: throws. */
    async followerCount(target: FollowTarget): Promise<number> {
      return target.id ? followerCountOf(storage, target) : 0;
    },

    /**
     * Whom the signed-in user follows, newest first, at most FOLLOWING_LIST_MAX. Signed out: [].
     * Fails: throws. Caller: the follower (nobody else reads another's follows).
     */
    async following(): Promise<Follow[]> {
      const who = await ctx.session();
      if (!who) return [];
      const docs = await storage.query(myFollows(who.uid, FOLLOWING_LIST_MAX));
      return parseDocs(followSchema, docs, 'follows.following');
    },

    /**
     * Home's 「フォロー中の新着イベント」: of the HOME_FOLLOWED_TARGETS newest follows, each
     * one's HOME_EVENTS_PER_TARGET newest events (one query per target: a bounded read whatever
     * one follows and however many events they hold), those still upcoming and open, soonest
     * first, at most HOME_FOLLOWED_EVENTS_MAX. Signed out: [].
     * Fails: throws. Caller: the follower.
     */
    async followedEvents(): Promise<SportEvent[]> {
      const who = await ctx.session();
      if (!who) return [];
      const follows = parseDocs(
        followSchema,
        await storage.query(myFollows(who.uid, HOME_FOLLOWED_TARGETS)),
        'follows.followedEvents',
      );
      const from = startOfDay(ctx.now());
      const lists = await Promise.all(
        follows.map(async (f) =>
          parseDocs(
            sportEventSchema,
            await storage.query({
              collection: 'events',
              select: EVENT_READ_FIELDS,
              where: [
                {
                  field: f.targetKind === 'user' ? 'organizerId' : 'teamId',
                  op: '==',
                  value: f.targetId,
                },
              ],
              orderBy: [
                { field: 'createdAt', direction: 'desc' },
                { field: DOC_ID, direction: 'desc' },
              ],
              limit: HOME_EVENTS_PER_TARGET,
            }),
            'follows.followedEvents',
          ),
        ),
      );
      const seen = new Set<string>();
      return lists
        .flat()
        .filter((e) => e.status === 'open' && e.date >= from && !seen.has(e.id) && seen.add(e.id))
        .sort(
          (a, b) => a.date.getTime() - b.date.getTime() || a.startTime.localeCompare(b.startTime),
        )
        .slice(0, HOME_FOLLOWED_EVENTS_MAX);
    },
  };
}
