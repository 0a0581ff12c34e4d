/**
 * What the boards feature offers to the other features (docs/architecture.md, "Features"): the
 * loader of its panel. A page takes this module with a dynamic import in its React.lazy, so the
 * board's code loads only once the page shows it (docs/board.md).
 */

/** An event's 掲示板 or a team's チームチャット. */
export const loadBoardPanel = () => import('./board-panel');
/** 「掲示板に新着」 on an event's card and page, for someone with a place on its board. */
export const loadBoardUnreadMark = () => import('./unread-mark');
/** The header's mark of one's boards with new posts, for a signed-in user. */
export const loadHeaderBoardsMark = () => import('./header-mark');
