import { describe, expect, it } from 'vitest';
import type { SeriesInput } from '@/data/ports/series';
import type { AppNotification } from '@/domain/entities/notification';
import { ERR } from '@/domain/errors';
import { weekdayOf } from '@/domain/series';
import { sideEffectsSettled } from '@/lib/side-effects';
import type { HarnessFactory } from './harness';
import { dayFromToday, eventInput, expectRejection, useHarness, waitForLive } from './support';

const DAY_MS = 86_400_000;

function weeklyFirstCome(): SeriesInput {
  const {
    teamId: _t,
    teamName: _n,
    ...event
  } = eventInput({
    title: '木曜フットサル',
    date: dayFromToday(2),
    startTime: '19:00',
    endTime: '21:00',
    location: '区民体育館',
    entryMethod: 'firstCome',
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
    },
  };
}

/**
 * Changing a series' later dates (「この日以降すべて」) and ending it (docs/series.md "Changing
 * and ending"), run on the server's handler (mail/handlers/series-changes.ts) on both backends.
 */
export function seriesChangesContract(makeHarness: HarnessFactory): void {
  describe('series changes', { timeout: 60_000 }, () => {
    const h = useHarness(makeHarness);

    /** A 毎週 series with a participant on its second to fourth dates; the organizer signed in. */
    async function seriesWithParticipant() {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const seriesId = await backend.series.create(weeklyFirstCome());
      const dates = (await backend.series.dates(seriesId)).upcoming.map((d) => d.id);
      const player = await h().signUpAs('参加 一郎');
      for (const id of dates.slice(1, 4)) await backend.roster.join(id);
      await h().signInAs(organizer);
      await sideEffectsSettled();
      return { organizer, seriesId, dates, player };
    }

    const noticesOf = async (uid: string, accept: (n: AppNotification[]) => boolean) => {
      await h().signInAs(uid);
      return waitForLive<AppNotification[]>(
        (next, fail) => h().backend.notifications.subscribe(uid, next, fail),
        accept,
      );
    };

    it('「この日以降すべて」 changes the later dates and the template, sparing a date’s own edit, and tells their participants', async () => {
      const { backend } = h();
      const { organizer, seriesId, dates, player } = await seriesWithParticipant();
      const [d0, d1, d2, d3] = dates as [string, string, string, string];
      // 「この日のみ」 on the third date: its place is its own from now on.
      await backend.organizing.update(d2, { location: '第二体育館' });
      // 「この日以降すべて」 from the second date: this date saved, then the later ones.
      const patch = { startTime: '20:00', location: '新体育館' };
      await backend.organizing.update(d1, patch);
      await backend.series.changeFollowing(d1, patch);
      await sideEffectsSettled();

      const get = async (id: string) => (await backend.events.get(id))!;
      expect(await get(d0)).toMatchObject({ startTime: '19:00', location: '区民体育館' });
      expect(await get(d1)).toMatchObject({ startTime: '20:00', location: '新体育館' });
      expect(await get(d2)).toMatchObject({ startTime: '20:00', location: '第二体育館' });
      expect(await get(d3)).toMatchObject({ startTime: '20:00', location: '新体育館' });
      expect(await backend.series.get(seriesId)).toMatchObject({
        startTime: '20:00',
        location: '新体育館',
      });
      // A date made after the change copies the new template.
      await h().runSeriesDates(new Date(Date.now() + 70 * DAY_MS));
      const later = (await backend.series.dates(seriesId)).upcoming.at(-1)!;
      expect(later).toMatchObject({ startTime: '20:00', location: '新体育館' });

      const notices = await noticesOf(
        player,
        (n) => n.filter((x) => x.type === 'event_changed').length >= 4,
      );
      const changed = notices.filter((n) => n.type === 'event_changed');
      // d1 by its own save, d2 twice (its place, then its time), d3 by the series' change.
      expect(changed.map((n) => n.data.eventId).sort()).toEqual([d1, d2, d2, d3].sort());
      const d3Notice = changed.find((n) => n.data.eventId === d3)!;
      expect(d3Notice.data).toMatchObject({
        before: { startTime: '19:00', location: '区民体育館' },
        after: { startTime: '20:00', location: '新体育館' },
      });
      const mails = (await h().notificationOutbox()).filter((m) => m.subject.includes('変更'));
      expect(mails.length).toBeGreaterThanOrEqual(3);

      // Nobody else changes the series' dates, through the port or straight to the server.
      await h().signInAs(player);
      await expectRejection(backend.series.changeFollowing(d3, patch), ERR.noEditPermission);
      await expect(
        backend.api.seriesChange({
          action: 'following',
          eventId: d3,
          patch: { startTime: '06:00' },
        }),
      ).rejects.toThrow(/^403: /);
      await expect(backend.api.seriesChange({ action: 'end', seriesId })).rejects.toThrow(/^403: /);
      await h().signInAs(organizer);
      expect(await get(d3)).toMatchObject({ startTime: '20:00' });
      expect((await backend.series.get(seriesId))!.status).toBe('active');
    });

    it('refuses a change the event form refuses, on the server too', async () => {
      const { backend } = h();
      const { dates } = await seriesWithParticipant();
      await expect(
        backend.api.seriesChange({
          action: 'following',
          eventId: dates[1]!,
          patch: { startTime: '25:00' },
        }),
      ).rejects.toThrow(/^400: /);
      await expect(
        backend.api.seriesChange({ action: 'following', eventId: dates[1]!, patch: { title: '' } }),
      ).rejects.toThrow(/^400: /);
      expect((await backend.events.get(dates[1]!))!.startTime).toBe('19:00');
    });

    it('ending the series cancels its dates to come with notices and mail, and no date is made after', async () => {
      const { backend } = h();
      const { organizer, seriesId, dates, player } = await seriesWithParticipant();
      await backend.series.end(seriesId);
      await sideEffectsSettled();
      expect((await backend.series.get(seriesId))!.status).toBe('ended');
      const statuses = await Promise.all(
        dates.map(async (id) => (await backend.events.get(id))!.status),
      );
      expect(statuses).toEqual(dates.map(() => 'cancelled'));
      const notices = await noticesOf(
        player,
        (n) => n.filter((x) => x.type === 'event_cancelled').length >= 3,
      );
      expect(
        notices
          .filter((n) => n.type === 'event_cancelled')
          .map((n) => n.data.eventId)
          .sort(),
      ).toEqual(dates.slice(1, 4).sort());
      const mails = (await h().notificationOutbox()).filter((m) =>
        m.subject.includes('「木曜フットサル」は中止になりました'),
      );
      expect(mails).toHaveLength(3);
      expect(await h().runSeriesDates(new Date(Date.now() + 70 * DAY_MS))).toBe(0);
      await h().signInAs(organizer);
      await expectRejection(backend.series.end(seriesId), ERR.seriesEnded);
    });
  });
}
