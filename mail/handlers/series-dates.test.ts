import { describe, expect, it } from 'vitest';
import { SERIES_WINDOW_DAYS, seriesRecordOf, type SeriesRecord } from '../../src/domain/series';
import { regularRecordOf } from '../../src/domain/series-regulars';
import {
  placeRegulars,
  runSeriesDates,
  type RegularsStores,
  type SeriesStores,
} from './series-dates';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The generator over stores in memory that count what a store would bill: documents read (each
 * document a query returns, each get in a transaction) and written. The figures of one run over
 * 200 series are printed (docs/series.md "Dates"), and held: each date created once, a run
 * with nothing due reading no series and writing nothing.
 */
function memoryStores() {
  const series = new Map<string, Record<string, unknown>>();
  const events = new Map<string, Record<string, unknown>>();
  const regulars = new Map<string, Record<string, unknown>>();
  const notifications = new Map<string, Record<string, unknown>>();
  const count = { reads: 0, writes: 0 };
  const stores: SeriesStores & RegularsStores = {
    async dueSeries(horizon, { limit, after }) {
      const due = [...series.entries()]
        .filter(([, d]) => String(d.nextDate) <= horizon)
        .sort(([a, x], [b, y]) =>
          String(x.nextDate) === String(y.nextDate)
            ? a.localeCompare(b)
            : String(x.nextDate).localeCompare(String(y.nextDate)),
        );
      const start = after ? due.findIndex(([id]) => id === after) + 1 : 0;
      const page = due.slice(start, start + limit);
      count.reads += page.length;
      return {
        series: page.map(([id, d]) => seriesRecordOf(id, d)),
        next: page.length === limit ? page.at(-1)![0] : null,
      };
    },
    async commitDates(seriesId, plan) {
      count.reads++;
      const d = series.get(seriesId);
      const decided = plan(d ? seriesRecordOf(seriesId, d) : null);
      if (!decided) return 0;
      let created = 0;
      for (const date of decided.dates) {
        count.reads++;
        if (events.has(date.id)) continue;
        events.set(date.id, date.data);
        count.writes++;
        created++;
      }
      series.set(seriesId, { ...d, nextDate: decided.nextDate });
      count.writes++;
      return created;
    },
    // A query that finds nothing is billed one read.
    async regularsOf(seriesId, limit) {
      const prefix = `series/${seriesId}/regulars/`;
      const found = [...regulars.entries()]
        .filter(([path]) => path.startsWith(prefix))
        .map(([path, d]) => regularRecordOf(path.slice(prefix.length), d))
        .slice(0, limit);
      count.reads += Math.max(1, found.length);
      return found;
    },
    async upcomingDates(seriesId, from, limit) {
      const found = [...events.entries()]
        .filter(([, d]) => d.seriesId === seriesId && (d.date as Date) >= from)
        .sort(([, a], [, b]) => (a.date as Date).getTime() - (b.date as Date).getTime())
        .slice(0, limit);
      count.reads += Math.max(1, found.length);
      return found.map(([id, data]) => ({ id, data }));
    },
    async seriesWithRegulars({ limit, after }) {
      const accepted = [...regulars.entries()]
        .filter(([, d]) => d.status === 'accepted')
        .map(([path]) => path)
        .sort();
      const page = accepted.filter((path) => !after || path > after).slice(0, limit);
      count.reads += Math.max(1, page.length);
      return {
        seriesIds: page.map((path) => path.split('/')[1]!),
        next: page.length === limit ? page.at(-1)! : null,
      };
    },
    async placeOnDate(eventId, decide) {
      const written = await decide(async (path) => {
        count.reads++;
        const [collection, id] = [path.slice(0, path.lastIndexOf('/')), path.split('/').at(-1)!];
        return (collection === 'events' ? events.get(id) : regulars.get(path)) ?? null;
      });
      if (!written) return null;
      const { participants, waitlist, regularsPlaced } = written;
      events.set(eventId, { ...events.get(eventId), participants, waitlist, regularsPlaced });
      for (const n of written.notices) notifications.set(n.id, { ...n });
      count.writes += 1 + written.approvedRequests.length + written.notices.length;
      return written;
    },
  };
  return { series, events, regulars, notifications, count, stores };
}

const NOW = new Date('2026-12-01T00:00:00Z');

function weekly(i: number): Record<string, unknown> {
  const day = String(1 + (i % 28)).padStart(2, '0');
  return {
    title: `定期 ${i}`,
    frequency: i % 3 === 0 ? 'biweekly' : 'weekly',
    weekdays: [i % 7],
    monthlyMode: 'nthWeekday',
    nth: 1,
    monthDay: 1,
    firstDate: `2026-12-${day}`,
    end: 'none',
    until: '',
    count: 0,
    status: 'active',
    nextDate: '',
  };
}

describe('series dates over 200 series', () => {
  it('creates each date once, then a run with nothing due reads no series and writes nothing', async () => {
    const m = memoryStores();
    for (let i = 0; i < 200; i++) m.series.set(`s${String(i).padStart(3, '0')}`, weekly(i));
    const deps = { ...m.stores, now: () => NOW, log: quiet };

    const first = await runSeriesDates(deps);
    const firstCount = { ...m.count };
    expect(first.datesCreated).toBe(m.events.size);
    expect(first.seriesRead).toBe(200);
    // Every date lies in the window, and none twice (the map's keys are the date ids).
    const horizon = new Date(NOW.getTime() + (SERIES_WINDOW_DAYS + 1) * 86_400_000);
    for (const e of m.events.values()) expect((e.date as Date) < horizon).toBe(true);

    m.count.reads = 0;
    m.count.writes = 0;
    const second = await runSeriesDates(deps);
    expect(second.datesCreated).toBe(0);
    // Only the retry's query for accepted regulars, which finds none (billed one read).
    expect(m.count).toEqual({ reads: 1, writes: 0 });

    // A week later: each series' next date comes into the window, one or none per series.
    m.count.reads = 0;
    m.count.writes = 0;
    const week = await runSeriesDates({
      ...deps,
      now: () => new Date(NOW.getTime() + 7 * 86_400_000),
    });
    const weekCount = { ...m.count };

    console.info(
      [
        'series dates, one run over 200 series (documents read / written):',
        `  first run: ${first.datesCreated} dates created; read ${firstCount.reads} (200 of them the series' regulars, none), written ${firstCount.writes}`,
        `  rerun, nothing due: read 1 (the query for accepted regulars, none), written 0`,
        `  a week later: ${week.datesCreated} dates created; read ${weekCount.reads} (${week.datesCreated} of them the regulars), written ${weekCount.writes}`,
      ].join('\n'),
    );
    const records: SeriesRecord[] = [...m.series.entries()].map(([id, d]) => seriesRecordOf(id, d));
    expect(records.every((r) => r.nextDate > '2027-01-26')).toBe(true);
  });
});

describe('regulars on a series’ dates', () => {
  it('seats them in joining order within capacity, the rest wait, and a rerun places nobody again', async () => {
    const m = memoryStores();
    m.series.set('s1', { ...weekly(2), capacity: 2, entryMethod: 'firstCome' });
    const deps = { ...m.stores, now: () => NOW, log: quiet };
    m.regulars.set('series/s1/regulars/c', { status: 'accepted', joinedAt: 3, skips: [] });
    m.regulars.set('series/s1/regulars/a', { status: 'accepted', joinedAt: 1, skips: [] });
    m.regulars.set('series/s1/regulars/b', { status: 'accepted', joinedAt: 2, skips: [] });
    m.regulars.set('series/s1/regulars/p', { status: 'pending', joinedAt: 0, skips: [] });
    const run = await runSeriesDates(deps);
    expect(run.datesCreated).toBeGreaterThan(0);
    expect(run.regularsPlaced).toBe(run.datesCreated * 3);
    for (const d of m.events.values()) {
      expect(d.participants).toEqual(['a', 'b']);
      expect(d.waitlist).toEqual(['c']);
    }
    expect(await placeRegulars(deps, 's1')).toBe(0);
  });
});

describe('the scheduled run retries placements on dates already made', () => {
  it('places a regular no call placed, tells them once, and a rerun with nothing to place writes nothing', async () => {
    const m = memoryStores();
    // 200 series; 20 of them with three accepted regulars, two seats a date.
    for (let i = 0; i < 200; i++) {
      m.series.set(`s${String(i).padStart(3, '0')}`, { ...weekly(i), capacity: 2 });
    }
    const deps = { ...m.stores, now: () => NOW, log: quiet };
    await runSeriesDates(deps);
    const withRegulars = [...m.series.keys()].slice(0, 20);
    for (const id of withRegulars) {
      for (const [uid, joinedAt] of [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ] as const) {
        // Joined after the dates were made, and the call that places them never came.
        m.regulars.set(`series/${id}/regulars/${uid}`, { status: 'accepted', joinedAt, skips: [] });
      }
    }
    const dates = [...m.events.entries()].filter(([, d]) =>
      withRegulars.includes(String(d.seriesId)),
    );

    const retry = await runSeriesDates(deps);
    expect(retry.datesCreated).toBe(0);
    expect(retry.seriesRetried).toBe(20);
    expect(retry.regularsPlaced).toBe(dates.length * 3);
    for (const [id] of dates) {
      const d = m.events.get(id)!;
      expect(d.participants).toEqual(['a', 'b']);
      expect(d.waitlist).toEqual(['c']);
      expect(m.notifications.get(`${id}_a_regular_placed`)).toMatchObject({
        userId: 'a',
        type: 'regular_placed',
        data: { eventId: id, waiting: false },
      });
      expect(m.notifications.get(`${id}_c_regular_placed`)?.data).toMatchObject({ waiting: true });
    }
    expect(m.notifications.size).toBe(dates.length * 3);

    m.count.reads = 0;
    m.count.writes = 0;
    const rerun = await runSeriesDates(deps);
    const rerunCount = { ...m.count };
    expect(rerun.regularsPlaced).toBe(0);
    expect(rerunCount.writes).toBe(0);
    expect(m.notifications.size).toBe(dates.length * 3);
    console.info(
      [
        'series dates, a run with nothing due and nothing to place (200 series, 20 with 3 regulars):',
        `  read ${rerunCount.reads} (the 60 accepted regulars, then each of the 20 series' 3 regulars and its dates: ${dates.length} in all), written 0`,
      ].join('\n'),
    );
  });

  it('leaves a regular who skips a date, or a date that is not open, alone', async () => {
    const m = memoryStores();
    m.series.set('s1', { ...weekly(2), capacity: 2 });
    const deps = { ...m.stores, now: () => NOW, log: quiet };
    await runSeriesDates(deps);
    const [first, second] = [...m.events.keys()].sort();
    m.events.set(second!, { ...m.events.get(second!), status: 'cancelled' });
    const day = String(m.events.get(first!)!.seriesDay);
    m.regulars.set('series/s1/regulars/a', { status: 'accepted', joinedAt: 1, skips: [day] });
    await runSeriesDates(deps);
    expect(m.events.get(first!)!.participants ?? []).toEqual([]);
    expect(m.events.get(second!)!.participants ?? []).toEqual([]);
    expect(m.notifications.has(`${first}_a_regular_placed`)).toBe(false);
  });
});
