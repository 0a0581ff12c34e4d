import { calendarIcs } from '../../src/domain/calendar-ics.js';
import {
  calendarEntry,
  seriesCalendarPath,
  type CalendarEventFields,
} from '../../src/domain/event-calendar.js';

/*
 * The series' calendar subscription (docs/calendar.md "A series"): GET
 * /calendar/series/<id>.ics, public, as text/calendar. It holds only what every date's page shows
 * anyone (title, description, place, day and times, 中止), written by the same writer as the
 * file the pages save, under the same UIDs.
 */

/** How far back the subscription reaches: the dates of the last 90 days, and every one to come. */
export const SERIES_CALENDAR_PAST_DAYS = 90;
/**
 * Dates one answer holds at most: a series has at most 7 a week, so 90 days back and the
 * generator's 56-day window ahead (SERIES_WINDOW_DAYS) stay under it; only the oldest would go.
 */
export const SERIES_CALENDAR_DATES_MAX = 200;
/** How often a calendar app is asked to fetch it again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const SERIES_CALENDAR_REFRESH_SECONDS = 3600;
/** How long a browser or Hosting's CDN may keep one answer (a change shows within this). */
export const SERIES_CALENDAR_CACHE_SECONDS = 900;

/** A document id as the app makes them (Firestore's automatic ids, the demo data's). */
const SERIES_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The stores the subscription reads: one series get and one bounded query (Firestore's in
 * functions/src/series-calendar-stores.ts).
 */
export interface SeriesCalendarStores {
  /** The series' title, or null for no such series. */
  calendarSeries(seriesId: string): Promise<{ title: string } | null>;
  /** The series' dates on or after `from`, in day and start order, at most `limit`. */
  calendarDates(seriesId: string, from: Date, limit: number): Promise<CalendarEventFields[]>;
}

export interface SeriesCalendarDeps extends SeriesCalendarStores {
  now: () => Date;
  /** The app's origin: each date's URL, the series page, the subscription's own address. */
  appBaseUrl: string;
}

export interface TextResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

const plain = (status: number, text: string, cacheSeconds: number): TextResponse => ({
  status,
  headers: {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': `public, max-age=${cacheSeconds}`,
  },
  text,
});

/** The series' id from the request's path: its last segment, `<id>.ics`. */
export function seriesIdOfPath(path: string): string | null {
  const last = path.split('?')[0]!.split('/').filter(Boolean).at(-1) ?? '';
  const m = /^(.+)\.ics$/.exec(last);
  if (!m) return null;
  let id: string;
  try {
    id = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  return SERIES_ID.test(id) ? id : null;
}

/**
 * GET (or HEAD) one series' calendar: 404 for an unknown series or a malformed address, 405 for
 * another method. No caller is checked: it is as public as the dates' pages.
 */
export async function handleSeriesCalendar(
  req: { method: string; path: string },
  deps: SeriesCalendarDeps,
): Promise<TextResponse> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return { ...plain(405, 'Method Not Allowed', 0), headers: { Allow: 'GET, HEAD' } };
  }
  const seriesId = seriesIdOfPath(req.path);
  const series = seriesId ? await deps.calendarSeries(seriesId) : null;
  if (!seriesId || !series) return plain(404, 'Not Found', 60);
  const now = deps.now();
  const from = new Date(now.getTime() - SERIES_CALENDAR_PAST_DAYS * 86_400_000);
  const dates = await deps.calendarDates(seriesId, from, SERIES_CALENDAR_DATES_MAX);
  const base = deps.appBaseUrl.replace(/\/+$/, '');
  const text = calendarIcs(
    dates.map((d) => calendarEntry(d, `${base}/events/${encodeURIComponent(d.id)}`)),
    now,
    {
      name: series.title,
      refreshSeconds: SERIES_CALENDAR_REFRESH_SECONDS,
      source: `${base}${seriesCalendarPath(seriesId)}`,
      url: `${base}/series/${encodeURIComponent(seriesId)}`,
    },
  );
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': `public, max-age=${SERIES_CALENDAR_CACHE_SECONDS}`,
      'Content-Disposition': `inline; filename="series-${seriesId}.ics"`,
    },
    text,
  };
}
