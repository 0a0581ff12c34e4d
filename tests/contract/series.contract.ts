import { describe, expect, it } from 'vitest';
import type { SeriesInput } from '@/data/ports/series';
import { ERR } from '@/domain/errors';
import { SERIES_WINDOW_DAYS, dateEventId, weekdayOf } from '@/domain/series';
import type { HarnessFactory } from './harness';
import { dayFromToday, eventInput, expectRejection, useHarness } from './support';

const DAY_MS = 86_400_000;

/** 毎週 on the weekday of the first date, two days from today. */
export function weeklyInput(over: Partial<SeriesInput['rule']> = {}): SeriesInput {
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

    it('creates a series with its window of dates, each a real event of the series', async () => {
      const { id, input, organizer } = await seriesBy('主催者');
      const series = await h().backend.series.get(id);
      expect(series).toMatchObject({
        organizerId: organizer,
        title: '木曜フットサル',
        frequency: 'weekly',
        firstDate: input.event.date,
        status: 'active',
      });
      const now = new Date();
      const { upcoming } = await h().backend.series.dates(id);
      // One a week over the window (the first date two days out, 56 days ahead).
      expect(upcoming.length).toBeGreaterThanOrEqual(Math.floor(SERIES_WINDOW_DAYS / 7) - 1);
      expect(upcoming.length).toBeLessThanOrEqual(Math.ceil(SERIES_WINDOW_DAYS / 7) + 1);
      expect(upcoming[0]!.id).toBe(dateEventId(id, input.event.date));
      for (const date of upcoming) {
        expect(date).toMatchObject({
          seriesId: id,
          seriesLabel: expect.stringMatching(/^毎週.曜$/),
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
      for (let i = 1; i < upcoming.length; i++) {
        expect(upcoming[i]!.date.getTime() - upcoming[i - 1]!.date.getTime()).toBe(7 * DAY_MS);
      }
      // Each date is a real event: its page reads it.
      expect((await h().backend.events.get(upcoming[0]!.id))?.seriesId).toBe(id);
      // The schedule finds nothing due: a run creates nothing.
      expect(await h().runSeriesDates(now)).toBe(0);
    });

    /** A series stored as the client writes it, before any date exists. */
    async function storedSeries(organizer: string): Promise<string> {
      const id = `s${crypto.randomUUID().slice(0, 8)}`;
      const { event, rule } = weeklyInput();
      const { date, ...template } = event;
      await h().putDocuments([
        {
          path: `series/${id}`,
          data: {
            ...template,
            entryMethod: 'approval',
            organizerId: organizer,
            organizerName: '主催者',
            organizerPhotoURL: '',
            searchTokens: [],
            ...rule,
            firstDate: date,
            status: 'active',
            nextDate: '',
            createdAt: new Date(),
            updatedAt: new Date(),
          },
        },
      ]);
      return id;
    }

    it('makes the dates once whoever runs it: two runs at once, a rerun, the organizer’s call', async () => {
      const organizer = await h().signUpAs('主催者');
      const id = await storedSeries(organizer);
      const now = new Date();
      const [a, b] = await Promise.all([h().runSeriesDates(now), h().runSeriesDates(now)]);
      const { upcoming } = await h().backend.series.dates(id);
      expect(upcoming.length).toBeGreaterThan(0);
      expect(a + b).toBe(upcoming.length);
      expect(new Set(upcoming.map((e) => e.id)).size).toBe(upcoming.length);
      expect(await h().runSeriesDates(now)).toBe(0);
      await h().backend.api.seriesDates({ seriesId: id });
      expect((await h().backend.series.dates(id)).upcoming).toHaveLength(upcoming.length);
    });

    it('makes no dates when someone else asks for another’s series', async () => {
      const organizer = await h().signUpAs('主催者');
      const id = await storedSeries(organizer);
      await h().signUpAs('他人');
      await h().backend.api.seriesDates({ seriesId: id });
      expect((await h().backend.series.dates(id)).upcoming).toEqual([]);
      await h().signInAs(organizer);
      await h().backend.api.seriesDates({ seriesId: id });
      expect((await h().backend.series.dates(id)).upcoming.length).toBeGreaterThan(0);
    });

    it('tops the rolling window up as time passes, and stops at the end', async () => {
      const { id } = await seriesBy('主催者', weeklyInput({ end: 'count', count: 10 }));
      const now = new Date();
      const first = (await h().backend.series.dates(id)).upcoming.length;
      expect(first).toBeLessThan(10);
      // Two weeks later the window holds two more.
      expect(await h().runSeriesDates(new Date(now.getTime() + 14 * DAY_MS))).toBe(2);
      // Long after, only the rest up to the count (none in the past is made).
      const later = await h().runSeriesDates(new Date(now.getTime() + 120 * DAY_MS));
      expect(first + 2 + later).toBeLessThanOrEqual(10);
      expect((await h().backend.series.dates(id)).upcoming).toHaveLength(first + 2 + later);
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
