/**
 * What the follows feature offers to the other features (docs/architecture.md, "Features"): the
 * loaders of its pieces. A page takes this module itself with a dynamic import, in its
 * React.lazy (`lazy(() => import('@/features/follows/public').then((m) => m.loadFollowButton()))`),
 * so neither this module nor the pieces are part of the page's own JavaScript: they load once the
 * page renders them.
 */

/** フォローする and the follower count, on a profile or a team page. */
export const loadFollowButton = () => import('./follow-button');
/** Home's 「フォロー中の新着イベント」, for a signed-in user. */
export const loadFollowedEvents = () => import('./followed-events');
/** 「フォロー中」 on one's own profile. */
export const loadFollowingList = () => import('./following-list');
