import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { CalendarEventFields } from '../../src/domain/event-calendar';
import {
  SERIES_CALENDAR_DATES_MAX,
  SERIES_CALENDAR_PAST_DAYS,
  handleSeriesCalendar,
  seriesIdOfPath,
  type SeriesCalendarStores,
} from './series-calendar';

const NOW = new Date('2026-12-01T03:00:00Z');

/** Stores over a list of dates that record what they were asked. */
function stores(dates: CalendarEventFields[]) {
  const asked: { from?: Date; limit?: number; gets: number } = { gets: 0 };
  const s: SeriesCalendarStores = {
    async calendarSeries(id) {
      asked.gets++;
      return id === 's1' ? { title: '木曜フットサル' } : null;
    },
    async calendarDates(_id, from, limit) {
      Object.assign(asked, { from, limit });
      return dates;
    },
  };
  return { s, asked };
}

const date = (id: string, extra: Partial<CalendarEventFields> = {}): CalendarEventFields => ({
  id,
  title: '木曜フットサル',
  description: '',
  location: '代々木公園',
  date: new Date('2026-12-02T15:00:00Z'),
  startTime: '19:00',
  endTime: '21:00',
  status: 'open',
  ...extra,
});

const deps = (s: SeriesCalendarStores) => ({
  ...s,
  now: () => NOW,
  appBaseUrl: 'https://example.test/',
});

describe('the series calendar subscription', () => {
  it('is a named calendar that asks to be fetched again, with a bounded read of dates', async () => {
    const { s, asked } = stores([
      date('s1-20261203'),
      date('s1-20261210', { status: 'cancelled' }),
    ]);
    const res = await handleSeriesCalendar(
      { method: 'GET', path: '/calendar/series/s1.ics' },
      deps(s),
    );
    expect(res.status).toBe(200);
    expect(res.headers['Cache-Control']).toMatch(/^public, max-age=\d+$/);
    const calendar = new ICAL.Component(ICAL.parse(res.text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('木曜フットサル');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H');
    expect(res.text).toContain('SOURCE;VALUE=URI:https://example.test/calendar/series/s1.ics');
    const events = calendar.getAllSubcomponents('vevent');
    expect(events.map((v) => v.getFirstPropertyValue('url'))).toEqual([
      'https://example.test/events/s1-20261203',
      'https://example.test/events/s1-20261210',
    ]);
    expect(events.map((v) => v.getFirstPropertyValue('status'))).toEqual([
      'CONFIRMED',
      'CANCELLED',
    ]);
    expect(asked.gets).toBe(1);
    expect(asked.limit).toBe(SERIES_CALENDAR_DATES_MAX);
    expect(asked.from?.getTime()).toBe(NOW.getTime() - SERIES_CALENDAR_PAST_DAYS * 86_400_000);
  });

  it('answers HEAD without a body, 404 for an unknown series, 405 for a write', async () => {
    const { s, asked } = stores([]);
    const head = await handleSeriesCalendar({ method: 'HEAD', path: '/x/s1.ics' }, deps(s));
    expect(head.status).toBe(200);
    expect(
      (await handleSeriesCalendar({ method: 'GET', path: '/calendar/series/s9.ics' }, deps(s)))
        .status,
    ).toBe(404);
    expect(
      (await handleSeriesCalendar({ method: 'POST', path: '/calendar/series/s1.ics' }, deps(s)))
        .status,
    ).toBe(405);
    // A malformed id reads nothing.
    const before = asked.gets;
    expect(
      (await handleSeriesCalendar({ method: 'GET', path: '/calendar/series/a%2Fb.ics' }, deps(s)))
        .status,
    ).toBe(404);
    expect(asked.gets).toBe(before);
  });

  it('reads the id from the last segment of the path', () => {
    expect(seriesIdOfPath('/calendar/series/abc_D-1.ics')).toBe('abc_D-1');
    expect(seriesIdOfPath('/calendar/series/abc.ics?x=1')).toBe('abc');
    expect(seriesIdOfPath('/calendar/series/abc')).toBeNull();
    expect(seriesIdOfPath('/calendar/series/%E0.ics')).toBeNull();
    expect(seriesIdOfPath('/')).toBeNull();
  });
});
