import { describe, expect, it } from 'vitest';
import { notificationText, type AppNotification } from '@/domain/entities/notification';
import { ERR } from '@/domain/errors';
import type { HarnessFactory } from './harness';
import { weeklyInput } from './series.contract';
import { expectRejection, useHarness, waitForLive } from './support';

const DAY_MS = 86_400_000;
/** Each case makes a series and its eight dates, and places people on them several times. */
const SLOW = 120_000;

export function seriesRegularsContract(makeHarness: HarnessFactory): void {
  describe('series regulars: joining the series, the server placing them, skipping a date', () => {
    const h = useHarness(makeHarness);

    /** An organizer's 毎週 series of `capacity` seats, and its id; they stay signed in. */
    async function series(entryMethod: 'firstCome' | 'approval', capacity: number) {
      const organizer = await h().signUpAs('主催者');
      const input = weeklyInput();
      const id = await h().backend.series.create({
        ...input,
        event: { ...input.event, entryMethod, capacity },
      });
      return { organizer, id };
    }

    /** Signs up `label` and makes them a regular of `id`; returns their uid. */
    async function regular(id: string, label: string) {
      const uid = await h().signUpAs(label);
      await h().backend.seriesRegulars.join(id);
      return uid;
    }

    const upcoming = async (id: string) => (await h().backend.series.dates(id)).upcoming;

    /** Accepted regulars of `id`, joined in this order, written past the client (no placement). */
    async function putRegulars(id: string, uids: string[]) {
      const t = Date.now();
      await h().putDocuments(
        uids.map((uid, i) => ({
          path: `series/${id}/regulars/${uid}`,
          data: {
            userId: uid,
            userName: '',
            status: 'accepted',
            skips: [],
            joinedAt: new Date(t + i),
          },
        })),
      );
    }

    it(
      'puts regulars on every date within capacity, the rest waiting in the order they joined, new dates too',
      async () => {
        const { id } = await series('firstCome', 2);
        const a = await regular(id, '一郎');
        const b = await regular(id, '二郎');
        const c = await regular(id, '三郎');
        const dates = await upcoming(id);
        expect(dates.length).toBeGreaterThan(2);
        for (const d of dates) {
          expect(d.participants).toEqual([a, b]);
          expect(d.waitlist).toEqual([c]);
        }
        expect((await h().backend.seriesRegulars.list(id)).map((r) => r.userId)).toEqual([a, b, c]);
        // Two weeks on, the generator's new dates take them in the same order.
        expect(await h().runSeriesDates(new Date(Date.now() + 14 * DAY_MS))).toBe(2);
        const later = await upcoming(id);
        expect(later.length).toBe(dates.length + 2);
        for (const d of later.slice(-2)) {
          expect(d.participants).toEqual([a, b]);
          expect(d.waitlist).toEqual([c]);
        }
      },
      SLOW,
    );

    it(
      '「今回はお休み」: the skipper leaves that date, the first waiting takes the seat, and no later run puts them back',
      async () => {
        const { id } = await series('firstCome', 2);
        const a = await regular(id, '一郎');
        const b = await regular(id, '二郎');
        const c = await regular(id, '三郎');
        const [first, second] = await upcoming(id);
        await h().signInAs(a);
        await h().backend.seriesRegulars.skip(id, first!.id);
        const skipped = await h().backend.events.get(first!.id);
        expect(skipped?.participants).toEqual([b, c]);
        expect(skipped?.waitlist).toEqual([]);
        // The other dates keep them all.
        expect((await h().backend.events.get(second!.id))?.participants).toEqual([a, b]);
        const mine = (await h().backend.seriesRegulars.list(id)).find((r) => r.userId === a);
        expect(mine?.skips).toHaveLength(1);
        // Later placements (a new regular's call, the schedule) leave the skipped date alone.
        await regular(id, '四郎');
        await h().backend.api.seriesDates({ seriesId: id });
        await h().runSeriesDates(new Date(Date.now() + 14 * DAY_MS));
        const after = await h().backend.events.get(first!.id);
        expect(after?.participants).toEqual([b, c]);
        expect(after?.participants).not.toContain(a);
        expect(after?.waitlist).not.toContain(a);
        // Skipping again is the same skip.
        await h().signInAs(a);
        await expectRejection(h().backend.seriesRegulars.skip(id, first!.id), ERR.alreadySkipped);
      },
      SLOW,
    );

    it(
      'two placements at once put nobody in twice nor past the capacity',
      async () => {
        const { id } = await series('firstCome', 2);
        const uids: string[] = [];
        for (const name of ['一郎', '二郎', '三郎']) {
          uids.push(await h().signUpAs(name));
        }
        // Their documents written together, past the client, so the placements race.
        await putRegulars(id, uids);
        await Promise.all([
          h().backend.api.seriesDates({ seriesId: id }),
          h().backend.api.seriesDates({ seriesId: id }),
        ]);
        for (const d of await upcoming(id)) {
          expect(d.participants).toEqual(uids.slice(0, 2));
          expect(d.waitlist).toEqual(uids.slice(2));
        }
      },
      SLOW,
    );

    it(
      'a placement no call made: the scheduled run puts the regulars on the dates already made, tells each once, and a rerun writes nothing',
      async () => {
        const { id } = await series('firstCome', 1);
        const [a, b] = [await h().signUpAs('一郎'), await h().signUpAs('二郎')];
        // Joined, but the call that places them never came: their documents written past the client.
        await putRegulars(id, [a, b]);
        const before = await upcoming(id);
        for (const d of before) expect(d.participants).toEqual([]);

        // Nothing is due: the run creates no date and places them on every date made.
        expect(await h().runSeriesDates(new Date())).toBe(0);
        const placed = await upcoming(id);
        expect(placed.map((d) => d.id)).toEqual(before.map((d) => d.id));
        for (const d of placed) {
          expect(d.participants).toEqual([a]);
          expect(d.waitlist).toEqual([b]);
        }
        const mine = async (uid: string) => {
          await h().signInAs(uid);
          const all = await waitForLive<AppNotification[]>(
            (next, fail) => h().backend.notifications.subscribe(uid, next, fail),
            (n) => n.filter((x) => x.type === 'regular_placed').length >= placed.length,
          );
          return all.filter((x) => x.type === 'regular_placed');
        };
        const title = weeklyInput().event.title;
        const seated = await mine(a);
        expect(seated.map((n) => n.data.eventId).sort()).toEqual(placed.map((d) => d.id).sort());
        for (const n of seated) {
          expect(notificationText(n).body).toMatch(
            new RegExp(`^定期開催「${title}」の\\d+月\\d+日\\(.\\)に参加登録しました$`),
          );
        }
        const waiting = await mine(b);
        expect(waiting).toHaveLength(placed.length);
        expect(notificationText(waiting[0]!).body).toMatch(/のキャンセル待ちに登録しました$/);

        // A rerun places nobody, rewrites no date and adds no notice.
        const stamps = await Promise.all(
          placed.map((d) => h().storedTime('events', d.id, 'updatedAt')),
        );
        expect(await h().runSeriesDates(new Date())).toBe(0);
        expect(
          await Promise.all(placed.map((d) => h().storedTime('events', d.id, 'updatedAt'))),
        ).toEqual(stamps);
        for (const d of await upcoming(id)) expect(d.participants).toEqual([a]);
        expect(await mine(a)).toHaveLength(placed.length);
      },
      SLOW,
    );

    it(
      'a 承認制 regular waits for the organizer: placed only once accepted, with an approved request',
      async () => {
        const { organizer, id } = await series('approval', 5);
        const b = await regular(id, '二郎');
        const [first] = await upcoming(id);
        expect(first!.participants).toEqual([]);
        expect((await h().backend.seriesRegulars.list(id))[0]).toMatchObject({
          userId: b,
          status: 'pending',
        });
        // Nobody but the organizer accepts.
        await h().signUpAs('他人');
        await expectRejection(h().backend.seriesRegulars.accept(id, b), ERR.noSeriesPermission);
        await h().signInAs(organizer);
        await h().backend.seriesRegulars.accept(id, b);
        for (const d of await upcoming(id)) expect(d.participants).toEqual([b]);
        await h().signInAs(b);
        expect(await h().backend.participation.myRequestFor(first!.id)).toMatchObject({
          status: 'approved',
        });
      },
      SLOW,
    );

    it(
      'leaving the series keeps the dates one is on; the organizer removes a regular; refusals',
      async () => {
        const { organizer, id } = await series('firstCome', 5);
        const a = await regular(id, '一郎');
        await expectRejection(h().backend.seriesRegulars.join(id), ERR.alreadyRegular);
        await h().backend.seriesRegulars.leave(id);
        expect(await h().backend.seriesRegulars.list(id)).toEqual([]);
        const [first] = await upcoming(id);
        expect(first!.participants).toEqual([a]);
        await expectRejection(h().backend.seriesRegulars.leave(id), ERR.notRegular);
        const b = await regular(id, '二郎');
        await h().signInAs(organizer);
        await expectRejection(h().backend.seriesRegulars.join(id), ERR.organizerNotRegular);
        await h().backend.seriesRegulars.remove(id, b);
        expect(await h().backend.seriesRegulars.list(id)).toEqual([]);
        await h().signUpUnverifiedAs('未確認');
        await expectRejection(h().backend.seriesRegulars.join(id), ERR.emailNotVerified);
      },
      SLOW,
    );
  });
}
