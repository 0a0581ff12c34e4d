import type { EventFilters, EventTime } from '@/data/ports/events';
import type { Filter } from '@/data/storage/storage';
import {
  EVENT_COUNT_CAP,
  EVENTS_PAGE_SIZE,
  PARTICIPATION_HISTORY_LIMIT,
  PROFILE_EVENTS_PAGE_SIZE,
  RECENT_PARTICIPATION_CAP,
} from '@/domain/constants';
import type { Page } from '@/domain/entities/common';
import { sportEventSchema, type SportEvent } from '@/domain/entities/event';
import { EVENT_READ_FIELDS } from '@/domain/entities/event-read-fields';
import { TEAM_UPCOMING_EVENTS_LIMIT } from '@/domain/entities/team';
import { keywordMatcher, searchTokenFor } from '@/domain/event-search';
import {
  COUNTED_EVENT_STATUSES,
  participationRecord,
  settledBefore,
  type ParticipationRecord,
} from '@/domain/participation-history';
import { scanPage } from '@/lib/scan-page';
import { eventPath, parseDocs, parsePage, readEvent, type UseCaseContext } from './context';
import { eventListQuery, LIST_ORDER, listFilters, nextDay, startOfDay } from './list-queries';

/**
 * Keyword search (every term in one of the searched texts, folded: src/domain/event-search.ts).
 * A store matches whole values only, so each event stores its search tokens (searchTokensOf:
 * every character and pair of characters of its folded words; written on every create, edit and
 * organizer rename) and the list adds `searchTokens array-contains` the keyword's token
 * (searchTokenFor) to the query it runs without a keyword; the few events that hold the token
 * but not the whole keyword are dropped here. One page reads at most KEYWORD_SCAN_BUDGET
 * documents (about twice the page size): the first batch is a page and one more, the next the
 * rest of the budget. When the budget runs out before the page is full, the page returns what it
 * found and a cursor at the last document examined, so "more" continues where it stopped.
 */
export const KEYWORD_SCAN_BUDGET = 2 * EVENTS_PAGE_SIZE + 1;

/**
 * Reading events, written once for both backends: the lists and their count, a user's events and
 * participation record, one event and its live copy, a team's events. What an organizer changes
 * is the organizing port (./organizing.ts). Each method's statements (Missing, Fails, Order / cap, Caller) follow the convention in
 * src/data/ports/backend.ts.
 */
export function eventUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

  /** One page of a user's events (organized or taken part in), from today on or before today. */
  const userEventsPage = async (
    context: string,
    who: Filter,
    when: EventTime,
    cursor: string | null | undefined,
  ): Promise<Page<SportEvent>> => {
    const today = startOfDay(ctx.now());
    const direction = when === 'upcoming' ? 'asc' : 'desc';
    const docs = await storage.query({
      collection: 'events',
      select: EVENT_READ_FIELDS,
      where: [who, { field: 'date', op: when === 'upcoming' ? '>=' : '<', value: today }],
      orderBy: LIST_ORDER.map((o) => ({ ...o, direction })),
      after: cursor ?? null,
      limit: PROFILE_EVENTS_PAGE_SIZE + 1,
    });
    return parsePage(sportEventSchema, docs, PROFILE_EVENTS_PAGE_SIZE, context);
  };

  return {
    /**
     * One page of upcoming events (from today, or `from` when later; from `from` or the first event
     * with includePast) matching every filter given. Order: date, then start time, then id. Cap:
     * EVENTS_PAGE_SIZE a page; nextCursor is null on the last page. A keyword search may return a
     * short page with a cursor (Firebase scans a bounded number of events per page and resumes
     * where it stopped); following the cursors yields every match once. An unreadable cursor starts
     * from the first page. Missing: unreadable stored events are left out (and logged). Fails:
     * throws. Caller: anyone, signed out too.
     */
    async list(filters: EventFilters, cursor?: string | null): Promise<Page<SportEvent>> {
      const query = eventListQuery(filters, ctx.now());
      const token = searchTokenFor(filters.keyword);
      if (!token) {
        const docs = await storage.query({ ...query, after: cursor ?? null });
        return parsePage(sportEventSchema, docs, EVENTS_PAGE_SIZE, 'events.list');
      }
      const contains: Filter = { field: 'searchTokens', op: 'array-contains', value: token };
      const { items, next } = await scanPage({
        after: cursor ?? null,
        read: (after, size) =>
          storage.query({ ...query, where: [contains, ...query.where!], after, limit: size }),
        keyOf: (d) => d.cursor,
        parse: (d) => parseDocs(sportEventSchema, [d], 'events.list')[0] ?? null,
        matches: keywordMatcher(filters.keyword),
        pageSize: EVENTS_PAGE_SIZE,
        batchSize: EVENTS_PAGE_SIZE + 1,
        maxExamined: KEYWORD_SCAN_BUDGET,
      });
      return { items, nextCursor: next };
    },

    /**
     * How many events `list` would give for these filters over all its pages, counted apart from
     * the list (one count aggregation on Firebase), up to EVENT_COUNT_CAP + 1: more count as that.
     * null with a keyword (Firebase can only count events holding the keyword's search token, a
     * superset of the matches). Fails: throws. Caller: anyone, signed out too.
     */
    async count(filters: EventFilters): Promise<number | null> {
      if (searchTokenFor(filters.keyword)) return null;
      // The list's own query, so the count and the cards agree; capped, so it costs one read
      // on Firestore (a count aggregation is billed a read per thousand index entries).
      return storage.count({
        collection: 'events',
        where: listFilters(filters, ctx.now()),
        orderBy: LIST_ORDER,
        limit: EVENT_COUNT_CAP + 1,
      });
    },

    /**
     * The events `uid` organizes, PROFILE_EVENTS_PAGE_SIZE a page with an opaque cursor: 'upcoming'
     * (from today on; order: date, then start time, then id) or 'past' (before today; the reverse
     * order, newest first). nextCursor is null on the last page; an unreadable cursor starts from
     * the first page. Missing: an unknown user gives an empty page; unreadable stored events are
     * left out (and logged). Fails: throws. Caller: anyone, signed out too.
     */
    byOrganizer(uid: string, when: EventTime, cursor?: string | null): Promise<Page<SportEvent>> {
      const mine: Filter = { field: 'organizerId', op: '==', value: uid };
      return userEventsPage('events.byOrganizer', mine, when, cursor);
    },

    /** The events `uid` takes part in; order, cap and failures as byOrganizer. */
    byParticipant(uid: string, when: EventTime, cursor?: string | null): Promise<Page<SportEvent>> {
      const mine: Filter = { field: 'participants', op: 'array-contains', value: uid };
      return userEventsPage('events.byParticipant', mine, when, cursor);
    },

    /**
     * The participation count of `uid` and the newest PARTICIPATION_HISTORY_LIMIT past events with
     * their labels (the domain's participationRecord), from bounded reads: a count of the events on
     * settled days, their newest PARTICIPATION_HISTORY_LIMIT, and the last two days' events (at
     * most RECENT_PARTICIPATION_CAP). Missing: an unknown user gives { count: 0, history: [] }.
     * Fails: throws. Caller: anyone, signed out too.
     */
    async participationRecord(uid: string): Promise<ParticipationRecord<SportEvent>> {
      const now = ctx.now();
      const cutoff = settledBefore(now);
      const mine: Filter = { field: 'participants', op: 'array-contains', value: uid };
      const settled: Filter[] = [
        mine,
        { field: 'status', op: 'in', value: [...COUNTED_EVENT_STATUSES] },
        { field: 'date', op: '<', value: cutoff },
      ];
      const context = 'events.participationRecord';
      const [settledCount, newest, recent] = await Promise.all([
        storage.count({ collection: 'events', where: settled }),
        storage.query({
          collection: 'events',
          select: EVENT_READ_FIELDS,
          where: settled,
          orderBy: [
            { field: 'date', direction: 'desc' },
            { field: 'startTime', direction: 'desc' },
          ],
          limit: PARTICIPATION_HISTORY_LIMIT,
        }),
        storage.query({
          collection: 'events',
          select: EVENT_READ_FIELDS,
          where: [
            mine,
            { field: 'date', op: '>=', value: cutoff },
            { field: 'date', op: '<', value: nextDay(now) },
          ],
          limit: RECENT_PARTICIPATION_CAP,
        }),
      ]);
      return participationRecord(
        {
          settledCount,
          settledNewest: parseDocs(sportEventSchema, newest, context),
          recent: parseDocs(sportEventSchema, recent, context),
        },
        uid,
        now,
      );
    },

    /** Missing: null (also for id ''). Fails: throws. Caller: anyone, signed out too. */
    async get(id: string): Promise<SportEvent | null> {
      return readEvent(storage, id);
    },

    /**
     * Delivers the event (null when missing or unreadable) now and on every change until
     * unsubscribed, so a page shows who takes part and the line as they change (a place in line
     * moves up with nobody telling its holder). Fails: calls `error`. Caller: anyone.
     */
    subscribe(
      eventId: string,
      next: (event: SportEvent | null) => void,
      error: (e: unknown) => void,
    ): () => void {
      return storage.onDoc(
        eventPath(eventId),
        (doc) => {
          const parsed = doc ? parseDocs(sportEventSchema, [doc], 'events.subscribe') : [];
          next(parsed[0] ?? null);
        },
        error,
      );
    },

    /**
     * The team's events from today on. Order: date, then start time, then id. Cap:
     * TEAM_UPCOMING_EVENTS_LIMIT. Missing: an unknown team gives []; unreadable stored events are
     * left out (and logged). Fails: throws. Caller: anyone, signed out too.
     */
    async byTeam(teamId: string): Promise<SportEvent[]> {
      if (!teamId) return [];
      const docs = await storage.query({
        collection: 'events',
        select: EVENT_READ_FIELDS,
        where: [
          { field: 'teamId', op: '==', value: teamId },
          { field: 'date', op: '>=', value: startOfDay(ctx.now()) },
        ],
        orderBy: LIST_ORDER,
        limit: TEAM_UPCOMING_EVENTS_LIMIT,
      });
      return parseDocs(sportEventSchema, docs, 'events.byTeam');
    },
  };
}
