import type { QueryShape } from './indexes';

/** `field` or `field contains` (array-contains); `field` or `field desc`. */
function q(collection: string, equal: string[], order: string[]): QueryShape {
  return {
    collection,
    equal: equal.map((e) => ({ field: e.split(' ')[0]!, contains: e.endsWith(' contains') })),
    order: order.map((o) => ({ field: o.split(' ')[0]!, desc: o.endsWith(' desc') })),
  };
}

/**
 * Every query of the Firebase backend that needs a composite index (docs/testing.md "Indexes"),
 * as the Firebase contract run saw them: indexes.test.ts checks each against
 * firestore.indexes.json on every unit run, and firebase.test.ts fails when the backend makes a
 * query that is not listed here.
 */
/**
 * The event list (src/data/use-cases/events.ts listFilters): any of its four equality filters,
 * a date range, ordered by date and start time, with or without a keyword's search token. The contract run sees only some combinations;
 * all of them are listed, as each is one choice on the search screen.
 */
const EVENT_LIST_FILTERS = ['sportType', 'region', 'level', 'status'];
const eventListShapes = Array.from({ length: 2 ** EVENT_LIST_FILTERS.length }, (_, bits) =>
  EVENT_LIST_FILTERS.filter((_, i) => bits & (1 << i)),
).flatMap((filters) => [
  q('events', filters, ['date', 'startTime']),
  // With a keyword: the same, looked up by its search token (src/data/use-cases/events.ts KEYWORD_SCAN_BUDGET).
  q('events', ['searchTokens contains', ...filters], ['date', 'startTime']),
]);

/**
 * The team list (src/data/use-cases/teams.ts): any of its three equality filters, newest first.
 * All combinations, as for the events.
 */
const TEAM_LIST_FILTERS = ['sportType', 'region', 'recruiting'];
const teamListShapes = Array.from({ length: 2 ** TEAM_LIST_FILTERS.length }, (_, bits) =>
  q(
    'teams',
    TEAM_LIST_FILTERS.filter((_, i) => bits & (1 << i)),
    ['createdAt desc'],
  ),
).filter((shape) => shape.equal.length > 0);

export const QUERY_SHAPES: QueryShape[] = [
  ...eventListShapes,
  ...teamListShapes,
  q('teams', ['members contains'], ['createdAt desc']),
  // Staff event search by keyword (src/data/firebase/staff.ts recentEvents).
  q('events', ['searchTokens contains'], ['createdAt desc']),
  q('joinRequests', ['userId'], ['createdAt desc']),
  q('joinRequests', ['status'], ['createdAt']),
  q('events', ['teamId'], ['date', 'startTime']),
  // An event's requests for its organizer, paged (participation.ts forEvent): pending, decided.
  q('participationRequests', ['eventId', 'status'], ['createdAt']),
  q('participationRequests', ['eventId', 'status'], ['updatedAt desc']),
  q('events', ['organizerId'], ['date', 'startTime']),
  q('events', ['organizerId'], ['date desc', 'startTime desc']),
  q('events', ['seriesId'], ['date', 'startTime']),
  q('events', ['seriesId'], ['date desc', 'startTime desc']),
  q('events', ['participants contains'], ['date', 'startTime']),
  q('events', ['participants contains'], ['date desc', 'startTime desc']),
  q('events', ['participants contains', 'status'], ['date']),
  q('events', ['participants contains', 'status'], ['date desc', 'startTime desc']),
  q('events', ['participants contains'], ['date']),
  q('notifications', ['userId'], ['timestamp desc']),
  q('participationRequests', ['userId', 'status'], ['createdAt desc']),
  q('conversations', ['participants contains'], ['lastMessageTime desc']),
  q('reports', ['status'], ['createdAt desc']),
  q('events', ['status'], ['date']),
  // One's own follows, newest first (src/data/use-cases/follows.ts).
  q('follows', ['followerId'], ['createdAt desc']),
  // Home's 「フォロー中の新着イベント」: a followed organizer's or team's newest events.
  q('events', ['organizerId'], ['createdAt desc']),
  q('events', ['teamId'], ['createdAt desc']),
];
