import { describe, expect, it } from 'vitest';
import type { AppNotification } from '@/domain/entities/notification';
import { ERR } from '@/domain/errors';
import type { MinHeadcount } from '@/domain/headcount';
import { sideEffectsSettled } from '@/lib/side-effects';
import type { HarnessFactory } from './harness';
import { weeklyInput } from './series.contract';
import { dayFromToday, eventInput, expectRejection, useHarness, waitForLive } from './support';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const FOUR: MinHeadcount = { min: 4, mode: 'cancel', deadline: 'dayBefore18' };

/**
 * The minimum headcount of a series (docs/series.md "Minimum headcount"): the template's
 * minimum on each new date with that date's own decision time, the decision on a date at its
 * time, a moved event's relative decision time, and 「この日以降すべて」 carrying a changed
 * minimum, the same on both backends.
 */
export function seriesHeadcountContract(makeHarness: HarnessFactory): void {
  describe('series minimum headcount', { timeout: 90_000 }, () => {
    const h = useHarness(makeHarness);

    /** A 先着順 毎週 series of 10 seats with a minimum; its organizer signed in. */
    async function seriesWithMinimum(minHeadcount: MinHeadcount = FOUR) {
      const organizer = await h().signUpAs('主催 太郎');
      const input = weeklyInput();
      const seriesId = await h().backend.series.create({
        ...input,
        event: { ...input.event, entryMethod: 'firstCome' },
        minHeadcount,
      });
      const { upcoming } = await h().backend.series.dates(seriesId);
      return { organizer, seriesId, dates: upcoming };
    }

    it('gives each new date the template’s minimum with its own decision time, and refuses one the template cannot hold', async () => {
      const { seriesId, dates } = await seriesWithMinimum();
      expect((await h().backend.series.get(seriesId))!.minHeadcount).toEqual(FOUR);
      expect(dates.length).toBeGreaterThan(3);
      for (const date of dates) {
        expect(date.minHeadcount).toEqual(FOUR);
        // 前日 18:00: six hours before the date's own midnight.
        expect(date.headcountDecideAt?.getTime()).toBe(date.date.getTime() - 6 * HOUR);
        expect(date.headcountDecision).toBeNull();
      }
      const start3h = await h().backend.series.create({
        ...weeklyInput(),
        minHeadcount: { min: 3, mode: 'ask', deadline: 'start3h' },
      });
      const first = (await h().backend.series.dates(start3h)).upcoming[0]!;
      // 19:00 less three hours.
      expect(first.headcountDecideAt?.getTime()).toBe(first.date.getTime() + 16 * HOUR);

      const { series } = h().backend;
      await expectRejection(
        series.create({ ...weeklyInput(), minHeadcount: { ...FOUR, min: 11 } }),
        ERR.headcountAboveCapacity,
      );
      await expectRejection(
        series.create({ ...weeklyInput(), minHeadcount: { ...FOUR, min: 1 } }),
        ERR.headcountMinInvalid,
      );
      await expectRejection(
        series.create({ ...weeklyInput(), minHeadcount: { ...FOUR, deadline: 'custom' } }),
        ERR.invalidEventInput,
      );
    });

    it('decides a date at its own time: three in of four cancels it, telling each participant', async () => {
      const { organizer, dates } = await seriesWithMinimum();
      const [first, second] = dates as [(typeof dates)[0], (typeof dates)[0]];
      const players: string[] = [];
      for (let i = 0; i < 3; i++) {
        players.push(await h().signUpAs(`参加 ${i + 1}`));
        await h().backend.roster.join(first.id);
      }
      await h().signInAs(organizer);
      await sideEffectsSettled();
      const at = first.headcountDecideAt!;
      expect((await h().runHeadcountDecisions(new Date(at.getTime() - 60_000))).eventsRead).toBe(0);
      const run = await h().runHeadcountDecisions(new Date(at.getTime() + 60_000));
      expect(run).toMatchObject({ cancelled: 1 });
      const decided = (await h().backend.events.get(first.id))!;
      expect(decided.status).toBe('cancelled');
      expect(decided.headcountDecision).toMatchObject({ result: 'cancelled', count: 3 });
      // The next date's time has not come.
      expect((await h().backend.events.get(second.id))!.status).toBe('open');
      await h().signInAs(players[0]!);
      const notices = await waitForLive<AppNotification[]>(
        (next, fail) => h().backend.notifications.subscribe(players[0]!, next, fail),
        (n) => n.some((x) => x.type === 'event_cancelled'),
      );
      expect(notices.find((x) => x.type === 'event_cancelled')?.data.eventId).toBe(first.id);
    });

    it('moves a relative decision time with the event’s day or start, and not a set one', async () => {
      const { backend } = h();
      await h().signUpAs('主催 太郎');
      const relative = await backend.organizing.create(eventInput({ date: dayFromToday(5) }));
      await backend.organizing.setMinHeadcount(relative, {
        min: 3,
        mode: 'cancel',
        deadline: 'start3h',
      });
      const set = new Date(Date.now() + 2 * DAY);
      const fixed = await backend.organizing.create(eventInput({ date: dayFromToday(5) }));
      await backend.organizing.setMinHeadcount(fixed, {
        min: 3,
        mode: 'cancel',
        deadline: 'custom',
        customAt: set,
      });
      const before = (await backend.events.get(relative))!;
      await backend.organizing.update(relative, { date: dayFromToday(6), startTime: '20:00' });
      await backend.organizing.update(fixed, { date: dayFromToday(6) });
      await sideEffectsSettled();
      const moved = (await backend.events.get(relative))!;
      expect(moved.date.getTime()).toBe(before.date.getTime() + DAY);
      expect(moved.headcountDecideAt?.getTime()).toBe(moved.date.getTime() + 17 * HOUR);
      expect(moved.minHeadcount).toEqual({ min: 3, mode: 'cancel', deadline: 'start3h' });
      expect((await backend.events.get(fixed))!.headcountDecideAt?.getTime()).toBe(set.getTime());
    });

    it('「この日以降すべて」 carries a changed minimum to the later dates and the template, sparing a date’s own', async () => {
      const { backend } = h();
      const { seriesId, dates } = await seriesWithMinimum();
      const [, d1, d2, d3] = dates.map((d) => d.id) as [string, string, string, string];
      // 「この日のみ」 on the third date: its minimum is its own from now on.
      await backend.organizing.setMinHeadcount(d2, {
        min: 2,
        mode: 'cancel',
        deadline: 'dayBefore18',
      });
      const five: MinHeadcount = { min: 5, mode: 'ask', deadline: 'start3h' };
      await backend.organizing.setMinHeadcount(d1, five);
      await backend.series.changeFollowing(d1, { minHeadcount: five });
      const after = new Map((await backend.series.dates(seriesId)).upcoming.map((d) => [d.id, d]));
      expect(after.get(dates[0]!.id)!.minHeadcount).toEqual(FOUR);
      for (const id of [d1, d3]) {
        const date = after.get(id)!;
        expect(date.minHeadcount).toEqual(five);
        expect(date.headcountDecideAt?.getTime()).toBe(date.date.getTime() + 16 * HOUR);
      }
      expect(after.get(d2)!.minHeadcount).toEqual({
        min: 2,
        mode: 'cancel',
        deadline: 'dayBefore18',
      });
      expect((await backend.series.get(seriesId))!.minHeadcount).toEqual(five);
    });
  });
}
