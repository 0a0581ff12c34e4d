import * as z from 'zod/mini';
import { DomainError } from '@/domain/errors';
import { assertMayWrite, type Actor } from './standing';
import type { FollowTarget } from './follow-notices';

/** Following an organizer or a team (docs/follows.md); the notices' part is ./follow-notices.ts. */

/** follows/{id}: one per follower and target, so following twice is the same document. */
export function followId(followerId: string, target: FollowTarget): string {
  return `${followerId}_${target.kind}_${target.id}`;
}

export const followSchema = z.object({
  id: z.string(),
  followerId: z.string(),
  targetKind: z.enum(['user', 'team']),
  targetId: z.string(),
  targetKey: z.string(),
  /** The name of the target when followed, for the list on one's profile. */
  targetName: z.pipe(
    z.nullish(z.string()),
    z.transform((v) => v ?? ''),
  ),
});
export type Follow = z.output<typeof followSchema>;

/** The most follows one's profile lists (newest first). */
export const FOLLOWING_LIST_MAX = 50;
/** Home's 「フォロー中の新着イベント」: the newest follows it looks at, and events each. */
export const HOME_FOLLOWED_TARGETS = 10;
export const HOME_EVENTS_PER_TARGET = 3;
export const HOME_FOLLOWED_EVENTS_MAX = 6;
/** The longest a target's name is stored on a follow (a team's or a profile's name). */
export const FOLLOW_TARGET_NAME_MAX = 50;

/**
 * Whether `actor` may start (or stop) following `target`: signed in and not suspended (an
 * unverified address may follow: it writes only its own documents); never oneself; the target
 * must exist.
 */
export function decideFollow(
  actor: Actor | null,
  target: FollowTarget,
  targetExists: boolean,
): Actor {
  const me = assertMayWrite(actor, 'active');
  if (target.kind === 'user' && target.id === me.uid) throw new DomainError('cannotFollowSelf');
  if (!target.id || !targetExists) throw new DomainError('followTargetNotFound');
  return me;
}
