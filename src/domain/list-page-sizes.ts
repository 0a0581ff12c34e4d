/**
 * How many events and teams a page of their lists holds (docs/constants.md). A module of its own,
 * re-exported by ./constants.ts: the Firebase build's entry asks for the lists' first pages, and
 * the build keeps the entry's modules out of the chunks the app's code shares (vite.config.ts).
 */
export const EVENTS_PAGE_SIZE = 20;
/** The team list reads this many teams a page. */
export const TEAMS_PAGE_SIZE = 20;
