import Dexie, { cmp } from 'dexie';
import type { EventFilters, EventTime } from '@/data/ports/events';
import type { EventQueries } from '@/data/use-cases/events';
import {
  DEFAULT_LEVEL,
  EVENT_COUNT_CAP,
  EVENTS_PAGE_SIZE,
  PARTICIPATION_HISTORY_LIMIT,
  PROFILE_EVENTS_PAGE_SIZE,
  RECENT_PARTICIPATION_CAP,
} from '@/domain/constants';
import type { Page } from '@/domain/entities/common';
import { byEventTime, sportEventSchema, type SportEvent } from '@/domain/entities/event';
import { keywordMatcher, keywordTerms } from '@/domain/event-search';
import {
  COUNTED_EVENT_STATUSES,
  participationRecord,
  settledBefore,
  type ParticipationRecord,
} from '@/domain/participation-history';
import type { LocalContext } from './context';
import { addDays, dayFromYmd, startOfDay } from './day';
import { decodeKeyCursor, encodeKeyCursor } from './key-cursor';
import { parseRow, parseRows, tryParseRow } from './rows';

/** Rows read by the list scan's first step; each further step reads twice as many, up to the max. */
const SCAN_BATCH = 32;
const SCAN_BATCH_MAX = 1024;

type ListKey = [Date, string, string];

/**
 * The index a list query walks: the most selective equality filter given, prefixing the list
 * order [date+startTime+id] (see db.ts), or that order alone. An index holds only rows that
 * store the field, so it serves only values a row without the field can never match after the
 * schema's defaults (region and sport default to '', level to 誰でも; status is not indexed).
 * Every candidate is still parsed and matched, so the index only narrows what is read.
 */
function listIndex(f: EventFilters): { index: string; prefix: string[] } {
  if (f.sportType) return { index: '[sportType+date+startTime+id]', prefix: [f.sportType] };
  if (f.region) return { index: '[region+date+startTime+id]', prefix: [f.region] };
  if (f.level && f.level !== DEFAULT_LEVEL) {
    return { index: '[level+date+startTime+id]', prefix: [f.level] };
  }
  return { index: '[date+startTime+id]', prefix: [] };
}

/** One event by id, parsed as stored; null when there is none. */
export async function readEvent(ctx: LocalContext, id: string): Promise<SportEvent | null> {
  const row = await ctx.db.events.get(id);
  return row ? parseRow(sportEventSchema, row) : null;
}

export class LocalEvents implements EventQueries {
  private readonly ctx: LocalContext;
  constructor(ctx: LocalContext) {
    this.ctx = ctx;
  }

  /**
   * Walks an index in list order from today (or the cursor) in growing batches, and stops as
   * soon as a page plus one match is found, so the cost follows the page, not the table.
   */
  async list(filters: EventFilters, cursor?: string | null): Promise<Page<SportEvent>> {
    const { db } = this.ctx;
    const range = this.listRange(filters);
    const upper = range.upper;
    let lower = range.lower;
    let lowerOpen = false;
    const after = decodeCursor(cursor);
    if (after && cmp(after, lower) > 0) {
      lower = after;
      lowerOpen = true;
    }
    if (cmp(lower, upper) >= 0) return { items: [], nextCursor: null };

    const { index, prefix } = listIndex(filters);
    const matches = matcher(filters);
    const found: { event: SportEvent; key: ListKey }[] = [];
    for (let batch = SCAN_BATCH; ; batch = Math.min(batch * 2, SCAN_BATCH_MAX)) {
      const rows = await db.events
        .where(index)
        .between([...prefix, ...lower], [...prefix, ...upper], !lowerOpen, false)
        .limit(batch)
        .toArray();
      for (const row of rows) {
        const event = tryParseRow(sportEventSchema, row, 'events.list');
        if (!event || !matches(event)) continue;
        found.push({ event, key: [row.date, row.startTime, row.id] });
        if (found.length > EVENTS_PAGE_SIZE) break;
      }
      if (found.length > EVENTS_PAGE_SIZE || rows.length < batch) break;
      const last = rows[rows.length - 1]!;
      lower = [last.date, last.startTime, last.id];
      lowerOpen = true;
    }
    const page = found.slice(0, EVENTS_PAGE_SIZE);
    const hasMore = found.length > EVENTS_PAGE_SIZE;
    return {
      items: page.map((f) => f.event),
      nextCursor: hasMore ? encodeKeyCursor(page[page.length - 1]!.key) : null,
    };
  }

  async byOrganizer(
    uid: string,
    when: EventTime,
    cursor?: string | null,
  ): Promise<Page<SportEvent>> {
    const today = startOfDay(this.ctx.now());
    const after = decodeCursor(cursor);
    const index = this.ctx.db.events.where('[organizerId+date+startTime+id]');
    const range =
      when === 'upcoming'
        ? index.between(
            [uid, ...(after ?? [today])],
            [uid, Dexie.maxKey],
            after === null, // the cursor's own row was on the previous page
            true,
          )
        : index.between([uid, Dexie.minKey], [uid, ...(after ?? [today])], true, false).reverse();
    const rows = await range.limit(PROFILE_EVENTS_PAGE_SIZE + 1).toArray();
    return pageOf(parseRows(sportEventSchema, rows, 'events.byOrganizer'));
  }

  /**
   * A participant's events come from the multi-entry participants index, which IndexedDB cannot
   * combine with the date: the user's rows are read and paged here (a demo backend; Firebase
   * pages on the server).
   */
  async byParticipant(
    uid: string,
    when: EventTime,
    cursor?: string | null,
  ): Promise<Page<SportEvent>> {
    const today = startOfDay(this.ctx.now()).getTime();
    const after = decodeCursor(cursor);
    const events = (await this.participantEvents(uid)).sort(byEventTime);
    const ordered =
      when === 'upcoming'
        ? events.filter((e) => e.date.getTime() >= today)
        : events.filter((e) => e.date.getTime() < today).reverse();
    const start = after
      ? ordered.findIndex((e) => {
          const order = cmp([e.date, e.startTime, e.id], after);
          return when === 'upcoming' ? order > 0 : order < 0;
        })
      : 0;
    return pageOf(start < 0 ? [] : ordered.slice(start, start + PROFILE_EVENTS_PAGE_SIZE + 1));
  }

  async participationRecord(uid: string): Promise<ParticipationRecord<SportEvent>> {
    const now = this.ctx.now();
    const settledEnd = settledBefore(now).getTime();
    const events = await this.participantEvents(uid);
    const settled = events.filter(
      (e) => e.date.getTime() < settledEnd && COUNTED_EVENT_STATUSES.includes(e.status),
    );
    return participationRecord(
      {
        settledCount: settled.length,
        settledNewest: settled.sort(byEventTime).reverse().slice(0, PARTICIPATION_HISTORY_LIMIT),
        recent: events
          .filter((e) => e.date.getTime() >= settledEnd)
          .slice(0, RECENT_PARTICIPATION_CAP),
      },
      uid,
      now,
    );
  }

  private async participantEvents(uid: string): Promise<SportEvent[]> {
    const rows = await this.ctx.db.events.where('participants').equals(uid).distinct().toArray();
    return parseRows(sportEventSchema, rows, 'events.byParticipant');
  }

  /** The list's bounds in its index order, before the equality prefix. */
  private listRange(filters: EventFilters): { lower: unknown[]; upper: unknown[] } {
    const today = startOfDay(this.ctx.now());
    const from = filters.from ? dayFromYmd(filters.from) : null;
    const start = filters.includePast ? from : from && from > today ? from : today;
    return {
      // Every stored day is a Date, and IndexedDB sorts every number (minKey) before any Date.
      lower: [start ?? Dexie.minKey],
      // [nextDay] sorts before every [nextDay, time, id], so an exclusive bound keeps the whole `to` day.
      upper: filters.to ? [addDays(dayFromYmd(filters.to), 1)] : [Dexie.maxKey],
    };
  }

  /** The same walk as list, counting the matches up to the cap. */
  async count(filters: EventFilters): Promise<number | null> {
    if (keywordTerms(filters.keyword).length > 0) return null;
    const { lower, upper } = this.listRange(filters);
    if (cmp(lower, upper) >= 0) return 0;
    const { index, prefix } = listIndex(filters);
    const matches = matcher(filters);
    return this.ctx.db.events
      .where(index)
      .between([...prefix, ...lower], [...prefix, ...upper], true, false)
      .filter((row) => {
        const event = tryParseRow(sportEventSchema, row, 'events.count');
        return event !== null && matches(event);
      })
      .limit(EVENT_COUNT_CAP + 1)
      .count();
  }
}

/** A page plus one row read tells whether there is a next page; the cursor is the last shown. */
function pageOf(events: SportEvent[]): Page<SportEvent> {
  const items = events.slice(0, PROFILE_EVENTS_PAGE_SIZE);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      events.length > PROFILE_EVENTS_PAGE_SIZE && last
        ? encodeKeyCursor([last.date, last.startTime, last.id])
        : null,
  };
}

/** The equality filters here; the keyword by the domain's rule, as on Firebase. */
function matcher(f: EventFilters): (e: SportEvent) => boolean {
  const matchesKeyword = keywordMatcher(f.keyword);
  return (e) => {
    if (f.sportType && e.sportType !== f.sportType) return false;
    if (f.region && e.region !== f.region) return false;
    if (f.level && e.level !== f.level) return false;
    if (f.openOnly && e.status !== 'open') return false;
    return matchesKeyword(e);
  };
}

/** The cursor is the index key of the last item shown (./key-cursor.ts); opaque to callers. */
function decodeCursor(cursor: string | null | undefined): ListKey | null {
  const key = decodeKeyCursor(cursor, 3);
  return key && key[0] instanceof Date && typeof key[1] === 'string' && typeof key[2] === 'string'
    ? [key[0], key[1], key[2]]
    : null;
}
