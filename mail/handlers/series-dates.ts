import {
  SERIES_MAX_PAGES,
  SERIES_PAGE_SIZE,
  dateEventId,
  type SeriesRecord,
} from '../../src/domain/series.js';
import {
  dateEventData,
  generationHorizon,
  planGeneration,
} from '../../src/domain/series-recurrence.js';
import {
  REGULARS_MAX,
  placementNotices,
  planPlacement,
  regularRecordOf,
  seatingOrder,
  type Placement,
  type RegularPlacedNotice,
  type RegularRecord,
} from '../../src/domain/series-regulars.js';
import { SERIES_DATES_PER_RUN_MAX, japanToday } from '../../src/domain/series.js';
import * as z from 'zod/mini';
import type { RateLimit } from '../policy.js';
import {
  acceptPost,
  json,
  type BaseDeps,
  type HandlerRequest,
  type HandlerResponse,
  type Logger,
} from './common.js';

/** How a store reads a stored series (the Functions reach the domain only through mail/). */
export { seriesRecordOf } from '../../src/domain/series.js';
export { regularRecordOf, regularRequestId } from '../../src/domain/series-regulars.js';

/** One date a run creates: its deterministic id (dateEventId) and its document. */
export interface DateEventWrite {
  id: string;
  data: Record<string, unknown>;
}

/**
 * The stores a run reads and writes: the Cloud Function passes Firestore's (Admin SDK,
 * functions/src/series-stores.ts), the local backend its IndexedDB ones
 * (src/data/local/local-series.ts).
 */
export interface SeriesStores {
  /**
   * Series whose nextDate is on or before `horizon` (yyyy-MM-dd), in the order of nextDate then
   * the id, at most `limit`, continuing after `after`; `next` is null on the last page.
   */
  dueSeries(
    horizon: string,
    page: { limit: number; after: string | null },
  ): Promise<{ series: SeriesRecord[]; next: string | null }>;
  /**
   * In one transaction: reads the series again and hands it to `plan`; when a plan comes back,
   * reads its dates' documents, creates those that do not exist (with the store's creation
   * times) and sets the series' nextDate. Resolves with the dates created: a concurrent run
   * that got there first leaves nothing to plan, or only existing dates, and makes it 0.
   */
  commitDates(
    seriesId: string,
    plan: (series: SeriesRecord | null) => { dates: DateEventWrite[]; nextDate: string } | null,
  ): Promise<number>;
}

/**
 * A placement as a store writes it: on 承認制 dates the seated regulars' approved requests, and
 * each placed regular's notice (`notifications/{id}`, `{ userId, type, data, read: false, … }`).
 */
export interface PlacementWrite extends Placement {
  approvedRequests: string[];
  notices: RegularPlacedNotice[];
}

/**
 * The stores the placement of regulars reads and writes (docs/series.md "Regulars"), on the
 * same two backends as SeriesStores.
 */
export interface RegularsStores {
  /** The series' regulars (series/{id}/regulars), first joined first, at most `limit`. */
  regularsOf(seriesId: string, limit: number): Promise<RegularRecord[]>;
  /**
   * The series' dates on or after `from` (a day's start), soonest first, at most `limit`: each
   * id with its document as stored, which the placement plans on before it opens a transaction.
   */
  upcomingDates(
    seriesId: string,
    from: Date,
    limit: number,
  ): Promise<{ id: string; data: Record<string, unknown> }[]>;
  /**
   * The series that hold an accepted regular, read from the regulars themselves (every series'
   * `regulars`, status accepted, in the order of their paths, at most `limit` regulars,
   * continuing after `after`): one id per regular read, so a series may come more than once;
   * `next` is null on the last page.
   */
  seriesWithRegulars(page: {
    limit: number;
    after: string | null;
  }): Promise<{ seriesIds: string[]; next: string | null }>;
  /**
   * In one transaction: `decide` reads what it needs through `get` (documents by path, as the
   * transaction reads them); a placement that comes back is written on the date (participants,
   * waitlist, regularsPlaced) with each approved request (participationRequests/<date>_<uid>,
   * approved, fromRegular) and each notice. Resolves with what was written, or null.
   */
  placeOnDate(
    eventId: string,
    decide: (
      get: (path: string) => Promise<Record<string, unknown> | null>,
    ) => Promise<PlacementWrite | null>,
  ): Promise<PlacementWrite | null>;
}

export interface SeriesRunDeps extends SeriesStores, RegularsStores {
  now: () => Date;
  log: Logger;
}

export interface SeriesRun {
  seriesRead: number;
  datesCreated: number;
  /** Places the run gave regulars (seats and places in line), on new dates or on dates made before. */
  regularsPlaced: number;
  /** Series with accepted regulars the run looked at for dates made before (the retry). */
  seriesRetried: number;
  /** More series were due than the run reads; the next run goes on. */
  truncated: boolean;
}

/** The plan of one series as a store's transaction applies it (planGeneration's days as writes). */
function datesPlan(now: Date) {
  return (series: SeriesRecord | null) => {
    const plan = series ? planGeneration(series, now) : null;
    if (!series || !plan) return null;
    return {
      dates: plan.days.map((day) => ({
        id: dateEventId(series.id, day),
        data: dateEventData(series, day, now),
      })),
      nextDate: plan.nextDate,
    };
  };
}

/**
 * Fills one series' window now (after its organizer creates it): the same plan and transaction
 * as a scheduled run. With `organizerId`, only a series of that organizer (the HTTP caller's).
 */
export async function generateSeriesDates(
  deps: SeriesRunDeps,
  seriesId: string,
  organizerId?: string,
): Promise<number> {
  const plan = datesPlan(deps.now());
  return deps.commitDates(seriesId, (series) =>
    organizerId !== undefined && series?.template.organizerId !== organizerId ? null : plan(series),
  );
}

const regularPath = (seriesId: string, uid: string) => `series/${seriesId}/regulars/${uid}`;

/**
 * Puts the series' accepted regulars on its dates from today on (planPlacement: the seats left
 * in the order they joined, then the キャンセル待ち), each placed regular told
 * (placementNotices). A date is planned first on the document the dates' query read, so a date
 * with nobody to place costs no transaction and writes nothing; a date with someone opens one
 * transaction that reads the date and the regulars it would place again, so two runs, or two at
 * once, never place anyone twice nor past the capacity, and a skip or a leave that came first
 * wins. Resolves with how many places it gave (seats and places in line). A series without
 * regulars costs one query; with them, one more and its upcoming dates.
 */
export async function placeRegulars(deps: SeriesRunDeps, seriesId: string): Promise<number> {
  const now = deps.now();
  const regulars = seatingOrder(await deps.regularsOf(seriesId, REGULARS_MAX));
  if (regulars.length === 0) return 0;
  const today = new Date(`${japanToday(now)}T00:00:00+09:00`);
  const dates = await deps.upcomingDates(seriesId, today, SERIES_DATES_PER_RUN_MAX);
  let placed = 0;
  for (const { id: eventId, data } of dates) {
    if (!planPlacement(data, regulars, now)) continue;
    const written = await deps.placeOnDate(eventId, async (get) => {
      const date = await get(`events/${eventId}`);
      const first = date ? planPlacement(date, regulars, now) : null;
      if (!date || !first) return null;
      // Those it would place, read again in the transaction: a skip or a leave since counts.
      const fresh = await Promise.all(
        first.added.map(async (uid) => {
          const d = await get(regularPath(seriesId, uid));
          return d ? [regularRecordOf(uid, d)] : [];
        }),
      );
      const plan = planPlacement(date, fresh.flat(), now);
      if (!plan) return null;
      return {
        ...plan,
        approvedRequests: date.entryMethod === 'firstCome' ? [] : plan.seated,
        notices: placementNotices(eventId, date, plan),
      };
    });
    placed += written?.added.length ?? 0;
  }
  return placed;
}

/**
 * Per caller: one call follows each series created, each regular joining and each one the
 * organizer accepts (at most REGULARS_MAX a series), so this only stops a runaway client.
 */
export const SERIES_DATES_CALLER_LIMIT: RateLimit = { limit: 60, windowMs: 10 * 60_000 };

export const seriesDatesBody = z.object({
  seriesId: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
});

export type SeriesDatesBody = z.infer<typeof seriesDatesBody>;

/**
 * POST /api/series-dates: a new series' first window of dates at once, instead of at the next
 * scheduled run (docs/series.md "Dates"). The caller's checks (acceptPost), then
 * generateSeriesDates for a series the caller organizes; another's, or a missing one, creates
 * nothing. Then, for any caller, placeRegulars: a new regular (or one the organizer accepted)
 * goes on the dates already made. Answers how many dates it created (0 when they were there
 * already) and how many places it gave.
 */
export async function handleSeriesDates(
  req: HandlerRequest,
  deps: BaseDeps & SeriesStores & RegularsStores,
): Promise<HandlerResponse> {
  const accepted = await acceptPost(req, deps, {
    name: 'series-dates',
    limit: SERIES_DATES_CALLER_LIMIT,
    schema: seriesDatesBody,
  });
  if ('response' in accepted) return accepted.response;
  const created = await generateSeriesDates(deps, accepted.body.seriesId, accepted.uid);
  // Any signed-in caller may ask: the regulars' own documents say who goes on the dates.
  const placed = await placeRegulars(deps, accepted.body.seriesId);
  return json(200, { created, placed });
}

/**
 * One run of the date generator (docs/series.md "Dates"), at `deps.now()`: reads the series
 * whose next date falls in the rolling window (today in Japan and SERIES_WINDOW_DAYS ahead),
 * page by page, and for each creates the window's missing dates as events with deterministic
 * ids (dateEventId) in one transaction that reads the series again, so two runs, or two at
 * once, never create a date twice. A series with nothing due is not read at all (its nextDate
 * lies beyond the window). No caller: the schedule, or the open local app, runs it.
 */
export async function runSeriesDates(deps: SeriesRunDeps): Promise<SeriesRun> {
  const now = deps.now();
  const horizon = generationHorizon(now);
  const plan = datesPlan(now);
  const run: SeriesRun = {
    seriesRead: 0,
    datesCreated: 0,
    regularsPlaced: 0,
    seriesRetried: 0,
    truncated: false,
  };
  const placedThisRun = new Set<string>();
  let after: string | null = null;
  for (let pages = 0; ; pages++) {
    if (pages === SERIES_MAX_PAGES) {
      run.truncated = true;
      deps.log.warn('series dates: more series due than one run reads', { horizon });
      break;
    }
    const page = await deps.dueSeries(horizon, { limit: SERIES_PAGE_SIZE, after });
    run.seriesRead += page.series.length;
    for (const series of page.series) {
      // Decided on what the page read first: a series with nothing due costs no transaction.
      if (!plan(series)) continue;
      try {
        const created = await deps.commitDates(series.id, plan);
        run.datesCreated += created;
        // The new dates take the series' regulars (a series without them costs one query).
        if (created > 0) {
          placedThisRun.add(series.id);
          run.regularsPlaced += await placeRegulars(deps, series.id);
        }
      } catch (e) {
        // One series failing (contention beyond the retries) leaves it due for the next run.
        deps.log.warn('series dates: a series failed', { seriesId: series.id, error: String(e) });
      }
    }
    if (!page.next) break;
    after = page.next;
  }
  await retryPlacements(deps, run, placedThisRun);
  deps.log.info('series dates run', { ...run });
  return run;
}

/**
 * The dates already made take the accepted regulars a placement left off them (the call after
 * a join or an acceptance failed): every series that holds an accepted regular and was not
 * placed above gets placeRegulars, which writes only where someone is missing. Bounded as the
 * generation is (SERIES_PAGE_SIZE regulars a page, SERIES_MAX_PAGES pages).
 */
async function retryPlacements(
  deps: SeriesRunDeps,
  run: SeriesRun,
  done: Set<string>,
): Promise<void> {
  let after: string | null = null;
  for (let pages = 0; ; pages++) {
    if (pages === SERIES_MAX_PAGES) {
      run.truncated = true;
      deps.log.warn('series dates: more regulars than one run reads');
      return;
    }
    const page = await deps.seriesWithRegulars({ limit: SERIES_PAGE_SIZE, after });
    for (const seriesId of page.seriesIds) {
      if (done.has(seriesId)) continue;
      done.add(seriesId);
      run.seriesRetried++;
      try {
        run.regularsPlaced += await placeRegulars(deps, seriesId);
      } catch (e) {
        deps.log.warn('series dates: a placement failed', { seriesId, error: String(e) });
      }
    }
    if (!page.next) return;
    after = page.next;
  }
}
