import { describe, expect, it } from 'vitest';
import { SERIES_WINDOW_DAYS, seriesRecordOf, type SeriesRecord } from '../../src/domain/series';
import { runSeriesDates, type SeriesStores } from './series-dates';

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
  const count = { reads: 0, writes: 0 };
  const stores: SeriesStores = {
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
  };
  return { series, events, count, stores };
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
    expect(m.count).toEqual({ reads: 0, writes: 0 });

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
        `  first run: ${first.datesCreated} dates created; read ${firstCount.reads}, written ${firstCount.writes}`,
        `  rerun, nothing due: read 0, written 0`,
        `  a week later: ${week.datesCreated} dates created; read ${weekCount.reads}, written ${weekCount.writes}`,
      ].join('\n'),
    );
    const records: SeriesRecord[] = [...m.series.entries()].map(([id, d]) => seriesRecordOf(id, d));
    expect(records.every((r) => r.nextDate > '2027-01-26')).toBe(true);
  });
});
