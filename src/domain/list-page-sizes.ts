/**
 * How many events and teams a page of their lists holds (docs/constants.md). A module of its own,
 * re-exported by ./constants.ts: the Firebase build's entry asks for the lists' first pages, and
 * were the entry to import ./constants.ts, that module could not join the shared chunk without
 * taking the entry's own modules into a chunk the entry imports (scripts/chunk-groups.ts,
 * 'first-read'; the build stops when the entry imports a chunk).
 */
export const EVENTS_PAGE_SIZE = 20;
/** The team list reads this many teams a page. */
export const TEAMS_PAGE_SIZE = 20;
