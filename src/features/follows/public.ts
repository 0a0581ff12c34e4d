import { lazy } from 'react';

/**
 * What the follows feature offers to the other features (docs/architecture.md, "Features"),
 * each loaded on its first render: the pages that show them do not carry their code.
 */

/** フォローする and the follower count, on a profile or a team page. */
export const FollowButton = lazy(() => import('./follow-button'));
/** Home's 「フォロー中の新着イベント」, for a signed-in user. */
export const FollowedEvents = lazy(() => import('./followed-events'));
/** 「フォロー中」 on one's own profile. */
export const FollowingList = lazy(() => import('./following-list'));
