import type { EventFilters } from '@/data/ports/events';
import type { TeamFilters } from '@/data/ports/teams';
import { DOC_ID } from '@/data/storage/doc-id';
import type { Filter, Query } from '@/data/storage/storage';
import { EVENTS_PAGE_SIZE, TEAMS_PAGE_SIZE } from '@/domain/list-page-sizes';
import { EVENT_READ_FIELDS } from '@/domain/entities/event-read-fields';

/**
 * The queries of the event and team lists (events.list, teams.list). A module of their own,
 * without the schemas: the entry (src/main.tsx) starts a visitor's first page of either list with
 * the same query, before the app's code has downloaded (src/data/firebase/first-read/early-request.ts), and
 * the use case then takes that answer because it asks the same thing. So it takes only types and
 * DOC_ID (a constant the build writes where it is used) from the storage interface: a function
 * of that module would make the entry import its chunk (the build stops: preloadList in
 * scripts/prerender-plugin.ts).
 */

/** List order: the day, then the start time (zero-padded HH:mm sorts as text), then the id. */
export const LIST_ORDER = [{ field: 'date' }, { field: 'startTime' }, { field: DOC_ID }] as const;

export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
export const nextDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);

/** A yyyy-MM-dd day as local midnight (how event days are stored); null when unreadable. */
function dayOf(ymd: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd?.trim() ?? '');
  const d = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

/** The list's filters: the equalities, then the day window (one query shape, one set of indexes). */
export function listFilters(f: EventFilters, now: Date): Filter[] {
  const out: Filter[] = [];
  if (f.sportType) out.push({ field: 'sportType', op: '==', value: f.sportType });
  if (f.region) out.push({ field: 'region', op: '==', value: f.region });
  if (f.level) out.push({ field: 'level', op: '==', value: f.level });
  if (f.openOnly) out.push({ field: 'status', op: '==', value: 'open' });
  const today = startOfDay(now);
  const from = dayOf(f.from);
  const start = f.includePast ? from : from && from > today ? from : today;
  if (start) out.push({ field: 'date', op: '>=', value: start });
  const to = dayOf(f.to);
  if (to) out.push({ field: 'date', op: '<', value: nextDay(to) });
  return out;
}

/**
 * A page of the event list without a keyword: EVENTS_PAGE_SIZE and one more, which says there is
 * a next page (the list's first page when `after` is left out).
 */
export function eventListQuery(filters: EventFilters, now: Date): Query {
  return {
    collection: 'events',
    select: EVENT_READ_FIELDS,
    where: listFilters(filters, now),
    orderBy: LIST_ORDER,
    limit: EVENTS_PAGE_SIZE + 1,
  };
}

/** A page of the team list: TEAMS_PAGE_SIZE and one more, newest first. */
export function teamListQuery(filters: TeamFilters): Query {
  // Each combination of the filters has its index (firestore.indexes.json, db.ts).
  const where: Filter[] = [];
  if (filters.sportType) where.push({ field: 'sportType', op: '==', value: filters.sportType });
  if (filters.region) where.push({ field: 'region', op: '==', value: filters.region });
  if (filters.recruitingOnly) where.push({ field: 'recruiting', op: '==', value: true });
  return {
    collection: 'teams',
    where,
    orderBy: [
      { field: 'createdAt', direction: 'desc' },
      { field: DOC_ID, direction: 'desc' },
    ],
    limit: TEAMS_PAGE_SIZE + 1,
  };
}
