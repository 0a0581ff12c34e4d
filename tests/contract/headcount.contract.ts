import { describe, expect, it } from 'vitest';
import type { AppNotification } from '@/domain/entities/notification';
import { notificationText } from '@/domain/entities/notification';
import { ERR } from '@/domain/errors';
import { headcountStatusLabel } from '@/domain/headcount';
import { sideEffectsSettled } from '@/lib/side-effects';
import type { ContractHarness, HarnessFactory } from './harness';
import { dayFromToday, eventInput, expectRejection, useHarness, waitForLive } from './support';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The minimum headcount (docs/domain.md "Minimum headcount"): the organizer's setting through
 * the organizing port, and the server's decision (mail/handlers/headcount-decisions.ts) at its
 * time, the same on both backends.
 */
export function headcountContract(makeHarness: HarnessFactory): void {
  // Each case signs up several accounts: on the emulators that takes seconds on a busy machine.
  describe('minimum headcount', { timeout: 60_000 }, () => {
    const h = useHarness(makeHarness);

    /** A 先着順 event in five days, a minimum of 4 decided in two days, `joined` participants. */
    async function eventWith(harness: ContractHarness, joined: number, mode: 'cancel' | 'ask') {
      const { backend } = harness;
      const organizer = await harness.signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(
        eventInput({ title: '木曜フットサル', entryMethod: 'firstCome', date: dayFromToday(5) }),
      );
      const decideAt = new Date(Date.now() + 2 * DAY);
      await backend.organizing.setMinHeadcount(eventId, {
        min: 4,
        mode,
        deadline: 'custom',
        customAt: decideAt,
      });
      const participants: string[] = [];
      for (let i = 0; i < joined; i++) {
        participants.push(await harness.signUpAs(`参加 ${i + 1}`));
        await backend.roster.join(eventId);
      }
      await harness.signInAs(organizer);
      await sideEffectsSettled();
      return { organizer, eventId, participants, decideAt };
    }

    async function noticesOf(uid: string, accept: (n: AppNotification[]) => boolean) {
      await h().signInAs(uid);
      return waitForLive<AppNotification[]>(
        (next, fail) => h().backend.notifications.subscribe(uid, next, fail),
        accept,
      );
    }

    const about = async (subject: string) =>
      (await h().notificationOutbox()).filter((m) => m.subject.includes(subject));

    it('stores the organizer’s setting and says how many more are needed', async () => {
      const { backend } = h();
      const { eventId, decideAt } = await eventWith(h(), 2, 'cancel');
      const event = (await backend.events.get(eventId))!;
      expect(event.minHeadcount).toEqual({ min: 4, mode: 'cancel', deadline: 'custom' });
      expect(event.headcountDecideAt?.getTime()).toBe(decideAt.getTime());
      expect(event.headcountDecision).toBeNull();
      expect(headcountStatusLabel(event)).toBe('あと2人で開催決定');
    });

    it('refuses a minimum above the capacity, a decision time after the start or past, and anyone but the organizer', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(
        eventInput({ capacity: 5, date: dayFromToday(5) }),
      );
      const soon = new Date(Date.now() + DAY);
      const set = (over: object) =>
        backend.organizing.setMinHeadcount(eventId, {
          min: 3,
          mode: 'cancel',
          deadline: 'custom',
          customAt: soon,
          ...over,
        });
      await expectRejection(set({ min: 6 }), ERR.headcountAboveCapacity);
      await expectRejection(set({ min: 1 }), ERR.headcountMinInvalid);
      await expectRejection(
        set({ customAt: new Date(Date.now() + 30 * DAY) }),
        ERR.headcountDecideAfterStart,
      );
      await expectRejection(
        set({ customAt: new Date(Date.now() - MINUTE) }),
        ERR.headcountDecideAtPast,
      );
      expect((await backend.events.get(eventId))!.minHeadcount).toBeNull();

      await h().signUpAs('無関係 三郎');
      await expectRejection(set({}), ERR.noEditPermission);
      await h().signInAs(organizer);
      await set({ deadline: 'dayBefore18' });
      const stored = (await backend.events.get(eventId))!;
      expect(stored.headcountDecideAt?.getTime()).toBe(stored.date.getTime() - 6 * 60 * MINUTE);
      await backend.organizing.setMinHeadcount(eventId, null);
      const removed = (await backend.events.get(eventId))!;
      expect(removed.minHeadcount).toBeNull();
      expect(removed.headcountDecideAt).toBeNull();
    });

    it('decides nothing before its time; with too few at its time cancels once, telling and mailing each participant', async () => {
      const { backend } = h();
      const { eventId, participants, decideAt } = await eventWith(h(), 3, 'cancel');
      const early = await h().runHeadcountDecisions(new Date(decideAt.getTime() - MINUTE));
      expect(early.eventsRead).toBe(0);
      expect((await backend.events.get(eventId))!.status).toBe('open');

      const run = await h().runHeadcountDecisions(new Date(decideAt.getTime() + MINUTE));
      expect(run).toMatchObject({ eventsRead: 1, cancelled: 1, mailed: 3 });
      const event = (await backend.events.get(eventId))!;
      expect(event.status).toBe('cancelled');
      expect(event.headcountDecision).toMatchObject({ result: 'cancelled', count: 3 });
      expect(event.headcountDecideAt).toBeNull();
      for (const uid of participants) {
        const notices = await noticesOf(uid, (n) => n.some((x) => x.type === 'event_cancelled'));
        const notice = notices.find((x) => x.type === 'event_cancelled')!;
        expect(notificationText(notice).body).toBe(
          '「木曜フットサル」は参加者が最少催行人数に届かなかったため中止になりました',
        );
      }
      expect(await about('「木曜フットサル」は中止になりました')).toHaveLength(3);

      // A second run finds nothing due and neither writes nor mails again.
      const again = await h().runHeadcountDecisions(new Date(decideAt.getTime() + 2 * MINUTE));
      expect(again).toMatchObject({ eventsRead: 0, cancelled: 0, mailed: 0 });
      expect(await about('「木曜フットサル」は中止になりました')).toHaveLength(3);
    });

    it('mails a cancellation whose run stopped before its mail, once, then reads it no more', async () => {
      const { backend } = h();
      const { eventId, decideAt } = await eventWith(h(), 3, 'cancel');
      // What a run that stopped after its transaction leaves: the decision, its time kept.
      await h().serverUpdate('events', eventId, {
        status: 'cancelled',
        headcountDecision: { result: 'cancelled', count: 3, at: new Date(decideAt) },
      });
      const run = await h().runHeadcountDecisions(new Date(decideAt.getTime() + MINUTE));
      expect(run).toMatchObject({ eventsRead: 1, cancelled: 0, mailed: 3 });
      expect(await about('「木曜フットサル」は中止になりました')).toHaveLength(3);
      expect((await backend.events.get(eventId))!.headcountDecideAt).toBeNull();
      const again = await h().runHeadcountDecisions(new Date(decideAt.getTime() + 2 * MINUTE));
      expect(again).toMatchObject({ eventsRead: 0, mailed: 0 });
      expect(await about('「木曜フットサル」は中止になりました')).toHaveLength(3);
    });

    it('holds an event with enough in, telling nobody', async () => {
      const { backend } = h();
      const { eventId, decideAt } = await eventWith(h(), 4, 'cancel');
      const run = await h().runHeadcountDecisions(new Date(decideAt.getTime() + MINUTE));
      expect(run).toMatchObject({ held: 1, cancelled: 0, mailed: 0 });
      const event = (await backend.events.get(eventId))!;
      expect(event.status).toBe('open');
      expect(event.headcountDecision).toMatchObject({ result: 'held', count: 4 });
      expect(headcountStatusLabel(event)).toBe('開催決定');
      await expectRejection(
        backend.organizing.setMinHeadcount(eventId, { min: 2, mode: 'ask', deadline: 'start3h' }),
        ERR.headcountAlreadyDecided,
      );
    });

    it('asks the organizer with too few (主催者に確認), who holds it; nobody else may', async () => {
      const { backend } = h();
      const { organizer, eventId, participants, decideAt } = await eventWith(h(), 3, 'ask');
      const run = await h().runHeadcountDecisions(new Date(decideAt.getTime() + MINUTE));
      expect(run).toMatchObject({ asked: 1, mailed: 1 });
      expect((await backend.events.get(eventId))!).toMatchObject({
        status: 'open',
        headcountDecision: { result: 'asked', count: 3 },
      });
      const notices = await noticesOf(organizer, (n) =>
        n.some((x) => x.type === 'headcount_check'),
      );
      expect(notificationText(notices.find((x) => x.type === 'headcount_check')!).body).toBe(
        '「木曜フットサル」の参加者は3人で、最少催行人数の4人に届いていません。イベントページで開催するか中止するかを選んでください',
      );
      expect(await about('「木曜フットサル」の開催を判断してください')).toHaveLength(1);

      await h().signInAs(participants[0]!);
      await expectRejection(backend.organizing.holdAnyway(eventId), ERR.noEditPermission);
      await h().signInAs(organizer);
      await backend.organizing.holdAnyway(eventId);
      expect((await backend.events.get(eventId))!.headcountDecision).toMatchObject({
        result: 'held',
        count: 3,
      });
      await expectRejection(backend.organizing.holdAnyway(eventId), ERR.headcountNotAsked);
    });
  });
}
