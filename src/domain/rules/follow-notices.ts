/*
 * What the server's notices of a followed organizer's or team's new event share with the app
 * (docs/follows.md). Imported by mail/handlers/follower-notices.ts, which the Cloud Functions
 * compile as a Node package: this file imports nothing.
 */

export type FollowTargetKind = 'user' | 'team';

/** Whom a follow is of: an organizer (a user) or a team. */
export interface FollowTarget {
  kind: FollowTargetKind;
  id: string;
}

/** One key per target, the field the followers are looked up by: 'user:<uid>', 'team:<id>'. */
export function targetKey(target: FollowTarget): string {
  return `${target.kind}:${target.id}`;
}

/** followerCounts/{id}: the target's count, moved by one in the same write as each follow. */
export function followerCountId(target: FollowTarget): string {
  return `${target.kind}_${target.id}`;
}

/** What the notice of a followed organizer's or team's new event stores (rendered by type). */
export interface FollowedEventData {
  eventId: string;
  eventTitle: string;
  /** Through whom the follower hears of it: the organizer, or the event's team. */
  via: FollowTargetKind;
  /** The organizer's name stored on the event, or the team's name. */
  sourceName: string;
}

/** One notice per event and follower, whoever of the two they follow. */
export function followedEventNoticeId(eventId: string, followerId: string): string {
  return `${eventId}_${followerId}_followed_event`;
}

/** Followers read and noticed per commit by the server (a commit holds at most 500 writes). */
export const FOLLOWER_NOTICE_BATCH = 400;
/** The most followers one event notifies (both targets together); the rest are logged. */
export const FOLLOWER_NOTICE_MAX = 10_000;
/** An event tells its followers only shortly after it was created (a retry still fits). */
export const FOLLOWER_NOTICE_WINDOW_MS = 60 * 60_000;
