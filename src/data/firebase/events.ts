import {
  Timestamp,
  collection,
  documentId,
  getCountFromServer,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type DocumentSnapshot,
  type QueryConstraint,
} from 'firebase/firestore';
import {
  EVENT_COUNT_CAP,
  EVENTS_PAGE_SIZE,
  PARTICIPATION_HISTORY_LIMIT,
  PROFILE_EVENTS_PAGE_SIZE,
  RECENT_PARTICIPATION_CAP,
} from '@/domain/constants';
import type { Page } from '@/domain/entities/common';
import type { SportEvent } from '@/domain/entities/event';
import { keywordMatcher, searchTokenFor } from '@/domain/event-search';
import {
  COUNTED_EVENT_STATUSES,
  participationRecord,
  settledBefore,
} from '@/domain/participation-history';
import type { EventFilters, EventTime } from '@/data/ports/events';
import type { EventQueries } from '@/data/use-cases/events';
import { eventConverter, parseDay, parsedDocs } from './converters';
import { scanPage } from '@/lib/scan-page';
import type { FirebaseContext } from './context';
import { decodeCursor, encodeCursor, type CursorValue } from './cursor';

/**
 * Keyword search (every term in one of the searched texts, folded: src/domain/event-search.ts,
 * the rule the local backend uses too). Firestore matches whole values only, so each event stores
 * its search tokens (searchTokensOf: every character and pair of characters of its folded
 * words; written on every create, edit and organizer rename) and the list adds `searchTokens
 * array-contains` the keyword's token (searchTokenFor) to the query it runs without a keyword;
 * the few events that hold the token but not the whole keyword are dropped on the client. One page reads at most KEYWORD_SCAN_BUDGET documents
 * (about twice the page size): the first batch is a page and one more, the next the rest of the
 * budget. When the budget runs out before the page is full, the page returns what it found and
 * a cursor at the last document examined, so "more" continues where it stopped.
 */
export const KEYWORD_SCAN_BUDGET = 2 * EVENTS_PAGE_SIZE + 1;

function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

function nextDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);
}

/** Equality filters, the date window and the order: one query shape, one set of indexes. */
function listConstraints(f: EventFilters, now = new Date()): QueryConstraint[] {
  const c: QueryConstraint[] = [];
  if (f.sportType) c.push(where('sportType', '==', f.sportType));
  if (f.region) c.push(where('region', '==', f.region));
  if (f.level) c.push(where('level', '==', f.level));
  if (f.openOnly) c.push(where('status', '==', 'open'));
  const today = startOfToday(now);
  const from = parseDay(f.from);
  const start = f.includePast ? from : from && from > today ? from : today;
  if (start) c.push(where('date', '>=', Timestamp.fromDate(start)));
  const to = parseDay(f.to);
  if (to) c.push(where('date', '<', Timestamp.fromDate(nextDay(to))));
  // Same day: earlier start first (HH:mm strings are zero-padded, so they sort as text).
  c.push(orderBy('date'), orderBy('startTime'), orderBy(documentId()));
  return c;
}

function cursorOf(snap: DocumentSnapshot): CursorValue {
  const date = snap.get('date') as unknown;
  const start = snap.get('startTime') as unknown;
  return {
    t: date instanceof Timestamp ? date.toMillis() : 0,
    s: typeof start === 'string' ? start : '',
    id: snap.id,
  };
}

function afterCursor(c: CursorValue | null): QueryConstraint[] {
  return c ? [startAfter(Timestamp.fromMillis(c.t), c.s ?? '', c.id)] : [];
}

export function createEventsPort(ctx: FirebaseContext): EventQueries {
  const events = collection(ctx.db, 'events');

  const listPlain = async (
    filters: EventFilters,
    after: CursorValue | null,
  ): Promise<Page<SportEvent>> => {
    const snap = await getDocs(
      query(
        events,
        ...listConstraints(filters),
        ...afterCursor(after),
        limit(EVENTS_PAGE_SIZE + 1),
      ).withConverter(eventConverter),
    );
    const pageDocs = snap.docs.slice(0, EVENTS_PAGE_SIZE);
    const items = parsedDocs(pageDocs, 'events.list');
    const last = pageDocs.at(-1);
    return {
      items,
      nextCursor: snap.docs.length > EVENTS_PAGE_SIZE && last ? encodeCursor(cursorOf(last)) : null,
    };
  };

  const listByKeyword = async (
    filters: EventFilters,
    token: string,
    after: CursorValue | null,
  ): Promise<Page<SportEvent>> => {
    const { items, next } = await scanPage({
      after,
      read: async (from: CursorValue | null, size) =>
        (
          await getDocs(
            query(
              events,
              where('searchTokens', 'array-contains', token),
              ...listConstraints(filters),
              ...afterCursor(from),
              limit(size),
            ).withConverter(eventConverter),
          )
        ).docs,
      keyOf: cursorOf,
      // Read one at a time (the cursor needs each snapshot); unreadable ones are logged.
      parse: (d) => parsedDocs([d], 'events.list')[0] ?? null,
      matches: keywordMatcher(filters.keyword),
      pageSize: EVENTS_PAGE_SIZE,
      batchSize: EVENTS_PAGE_SIZE + 1,
      maxExamined: KEYWORD_SCAN_BUDGET,
    });
    return { items, nextCursor: next ? encodeCursor(next) : null };
  };

  /** One page of a user's events (organized or taken part in), from today on or before today. */
  const userEventsPage = async (
    context: string,
    who: QueryConstraint,
    when: EventTime,
    cursor: string | null | undefined,
  ): Promise<Page<SportEvent>> => {
    const today = Timestamp.fromDate(startOfToday());
    const dir = when === 'upcoming' ? 'asc' : 'desc';
    const snap = await getDocs(
      query(
        events,
        who,
        when === 'upcoming' ? where('date', '>=', today) : where('date', '<', today),
        orderBy('date', dir),
        orderBy('startTime', dir),
        orderBy(documentId(), dir),
        ...afterCursor(decodeCursor(cursor)),
        limit(PROFILE_EVENTS_PAGE_SIZE + 1),
      ).withConverter(eventConverter),
    );
    const pageDocs = snap.docs.slice(0, PROFILE_EVENTS_PAGE_SIZE);
    const last = pageDocs.at(-1);
    return {
      items: parsedDocs(pageDocs, context),
      nextCursor:
        snap.docs.length > PROFILE_EVENTS_PAGE_SIZE && last ? encodeCursor(cursorOf(last)) : null,
    };
  };

  return {
    async list(filters, cursor) {
      const after = decodeCursor(cursor);
      const token = searchTokenFor(filters.keyword);
      return token ? listByKeyword(filters, token, after) : listPlain(filters, after);
    },

    byOrganizer(uid, when, cursor) {
      return userEventsPage('events.byOrganizer', where('organizerId', '==', uid), when, cursor);
    },

    byParticipant(uid, when, cursor) {
      const mine = where('participants', 'array-contains', uid);
      return userEventsPage('events.byParticipant', mine, when, cursor);
    },

    async participationRecord(uid) {
      const now = new Date();
      const cutoff = Timestamp.fromDate(settledBefore(now));
      const mine = where('participants', 'array-contains', uid);
      const settled = [
        mine,
        where('status', 'in', [...COUNTED_EVENT_STATUSES]),
        where('date', '<', cutoff),
      ];
      const [count, newest, recent] = await Promise.all([
        getCountFromServer(query(events, ...settled)),
        getDocs(
          query(
            events,
            ...settled,
            orderBy('date', 'desc'),
            orderBy('startTime', 'desc'),
            limit(PARTICIPATION_HISTORY_LIMIT),
          ).withConverter(eventConverter),
        ),
        getDocs(
          query(
            events,
            mine,
            where('date', '>=', cutoff),
            where('date', '<', Timestamp.fromDate(nextDay(now))),
            limit(RECENT_PARTICIPATION_CAP),
          ).withConverter(eventConverter),
        ),
      ]);
      return participationRecord(
        {
          settledCount: count.data().count,
          settledNewest: parsedDocs(newest, 'events.participationRecord'),
          recent: parsedDocs(recent, 'events.participationRecord'),
        },
        uid,
        now,
      );
    },

    async count(filters) {
      if (searchTokenFor(filters.keyword)) return null;
      // The list's own query, so the count and the cards agree; capped, so it costs one read
      // (a count aggregation is billed a read per thousand index entries).
      const snap = await getCountFromServer(
        query(events, ...listConstraints(filters), limit(EVENT_COUNT_CAP + 1)),
      );
      return snap.data().count;
    },
  };
}
