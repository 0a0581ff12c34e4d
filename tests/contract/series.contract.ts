import { describe, expect, it } from 'vitest';
import type { SeriesInput } from '@/data/ports/series';
import { ERR } from '@/domain/errors';
import { SERIES_WINDOW_DAYS, dateEventId, weekdayOf } from '@/domain/series';
import type { HarnessFactory } from './harness';
import { dayFromToday, eventInput, expectRejection, useHarness } from './support';

const DAY_MS = 86_400_000;

/** 毎週 on the weekday of the first date, two days from today. */
function weeklyInput(over: Partial<SeriesInput['rule']> = {}): SeriesInput {
  const {
    teamId: _t,
    teamName: _n,
    ...event
  } = eventInput({
    title: '木曜フットサル',
    date: dayFromToday(2),
    startTime: '19:00',
    endTime: '21:00',
  });
  return {
    event,
    rule: {
      frequency: 'weekly',
      weekdays: [weekdayOf(event.date)],
      monthlyMode: 'nthWeekday',
      nth: 1,
      monthDay: 1,
      end: 'none',
      until: '',
      count: 0,
      ...over,
    },
  };
}

export function seriesContract(makeHarness: HarnessFactory): void {
  describe('series port and the date generator', () => {
    const h = useHarness(makeHarness);

    async function seriesBy(label: string, input = weeklyInput()) {
      const organizer = await h().signUpAs(label);
      const id = await h().backend.series.create(input);
      return { organizer, id, input };
    }

    it('creates a series whose dates the generator makes once, inside the window', async () => {
      const { id, input, organizer } = await seriesBy('主催者');
      const series = await h().backend.series.get(id);
      expect(series).toMatchObject({
        organizerId: organizer,
        title: '木曜フットサル',
        frequency: 'weekly',
        firstDate: input.event.date,
        status: 'active',
      });
      // The client writes the series only: no date exists before the generator runs.
      expect((await h().backend.series.dates(id)).upcoming).toEqual([]);

      const now = new Date();
      const created = await h().runSeriesDates(now, id);
      // One a week over the window (the first date two days out, 56 days ahead).
      expect(created).toBeGreaterThanOrEqual(Math.floor(SERIES_WINDOW_DAYS / 7) - 1);
      expect(created).toBeLessThanOrEqual(Math.ceil(SERIES_WINDOW_DAYS / 7) + 1);
      const { upcoming } = await h().backend.series.dates(id);
      expect(upcoming).toHaveLength(created);
      expect(upcoming[0]!.id).toBe(dateEventId(id, input.event.date));
      for (const date of upcoming) {
        expect(date).toMatchObject({
          seriesId: id,
          seriesLabel: series!.frequency === 'weekly' ? expect.stringMatching(/^毎週.曜$/) : '',
          title: '木曜フットサル',
          startTime: '19:00',
          endTime: '21:00',
          capacity: 10,
          organizerId: organizer,
          status: 'open',
          participants: [],
        });
        expect(date.date.getTime() - now.getTime()).toBeLessThan((SERIES_WINDOW_DAYS + 1) * DAY_MS);
      }
      // A week apart, in order.
      for (let i = 1; i < upcoming.length; i++) {
        expect(upcoming[i]!.date.getTime() - upcoming[i - 1]!.date.getTime()).toBe(7 * DAY_MS);
      }
      // Each date is a real event: its page reads it, the list shows it.
      expect((await h().backend.events.get(upcoming[0]!.id))?.seriesId).toBe(id);
    });

    it('is idempotent: a second run, and two runs at once, create nothing twice', async () => {
      const { id } = await seriesBy('主催者');
      const now = new Date();
      const [a, b] = await Promise.all([h().runSeriesDates(now), h().runSeriesDates(now)]);
      const { upcoming } = await h().backend.series.dates(id);
      expect(a + b).toBe(upcoming.length);
      expect(new Set(upcoming.map((e) => e.id)).size).toBe(upcoming.length);
      // Nothing is due until the window moves: a run writes nothing.
      expect(await h().runSeriesDates(now)).toBe(0);
      expect(await h().runSeriesDates(now, id)).toBe(0);
    });

    it('tops the rolling window up as time passes, and stops at the end', async () => {
      const { id } = await seriesBy('主催者', weeklyInput({ end: 'count', count: 10 }));
      const now = new Date();
      const first = await h().runSeriesDates(now);
      expect(first).toBeLessThan(10);
      // Two weeks later the window holds two more Thursdays.
      expect(await h().runSeriesDates(new Date(now.getTime() + 14 * DAY_MS))).toBe(2);
      // Long after, only the rest up to the count (none in the past is made).
      const later = await h().runSeriesDates(new Date(now.getTime() + 120 * DAY_MS));
      const { upcoming } = await h().backend.series.dates(id);
      expect(first + 2 + later).toBeLessThanOrEqual(10);
      expect(upcoming.length).toBe(first + 2 + later);
      expect(await h().runSeriesDates(new Date(now.getTime() + 200 * DAY_MS))).toBe(0);
    });

    it('refuses an unverified account and a rule without a day', async () => {
      await h().signUpUnverifiedAs('未確認');
      await expectRejection(h().backend.series.create(weeklyInput()), ERR.emailNotVerified);
      await h().signUpAs('主催者');
      await expectRejection(
        h().backend.series.create(weeklyInput({ weekdays: [] })),
        ERR.invalidSeriesRule,
      );
      await expectRejection(
        h().backend.series.create(weeklyInput({ end: 'count', count: 0 })),
        ERR.invalidSeriesRule,
      );
    });

    it('a missing series reads as null with no dates', async () => {
      expect(await h().backend.series.get('nope')).toBeNull();
      expect(await h().backend.series.dates('nope')).toEqual({ upcoming: [], past: [] });
    });
  });
}
