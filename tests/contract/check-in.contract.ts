import { describe, expect, it } from 'vitest';
import { parseCheckInCode } from '@/domain/check-in';
import { ERR } from '@/domain/errors';
import type { ContractHarness, HarnessFactory } from './harness';
import { dayFromToday, eventInput, expectRejection, useHarness } from './support';

/**
 * QR check-in (src/data/use-cases/check-in.ts): a participant's code, the organizer's reception,
 * checking in and undoing, re-issuing a code, and every refusal, on both backends.
 */
export function checkInContract(makeHarness: HarnessFactory): void {
  describe('check-in port', () => {
    const h = useHarness(makeHarness);

    /** Local midnight `days` from today, as an event's stored day. */
    const day = (days: number) => {
      const d = new Date();
      return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
    };

    /**
     * An event of a new organizer that two new participants joined, moved to `days` from today
     * (0: today, open all day), and someone who did not take part. Ends signed in as the organizer.
     */
    async function event(h: ContractHarness, days = 0, names = ['佐藤 花子', '参加 次郎']) {
      const organizer = await h.signUpAs('主催 太郎');
      const eventId = await h.backend.organizing.create(
        eventInput({ date: dayFromToday(1), entryMethod: 'firstCome' }),
      );
      const players: string[] = [];
      for (const name of names) {
        players.push(await h.signUpAs(name));
        await h.backend.roster.join(eventId);
      }
      const outsider = await h.signUpAs('見学 三郎');
      await h.serverUpdate('events', eventId, {
        date: day(days),
        startTime: '00:00',
        endTime: '23:59',
      });
      await h.signInAs(organizer);
      return { organizer, eventId, players: players as [string, string, ...string[]], outsider };
    }

    it('gives a participant a code of random token, which the organizer’s reception resolves', async () => {
      const { backend } = h();
      const { eventId, players, organizer } = await event(h());
      const [hanako] = players;
      await h().signInAs(hanako);
      const code = await backend.checkIn.myCode(eventId);
      expect(await backend.checkIn.myCode(eventId)).toBe(code);
      const parsed = parseCheckInCode(code);
      expect(parsed?.eventId).toBe(eventId);
      expect(code).not.toContain(hanako);
      expect(await backend.checkIn.mine(eventId)).toBe(false);

      await h().signInAs(organizer);
      const before = await backend.checkIn.reception(eventId);
      expect(before.tokens).toEqual({ [parsed!.token]: hanako });
      expect(before.checkIns).toEqual({});

      await backend.checkIn.checkIn(eventId, hanako);
      const after = await backend.checkIn.reception(eventId);
      expect(Object.keys(after.checkIns)).toEqual([hanako]);
      await expectRejection(backend.checkIn.checkIn(eventId, hanako), ERR.alreadyCheckedIn);

      await h().signInAs(hanako);
      expect(await backend.checkIn.mine(eventId)).toBe(true);

      await h().signInAs(organizer);
      await backend.checkIn.undo(eventId, hanako);
      expect((await backend.checkIn.reception(eventId)).checkIns).toEqual({});

      // Re-issued: the old code no longer resolves, the participant gets the new one.
      await backend.checkIn.reissue(eventId, hanako);
      const tokens = (await backend.checkIn.reception(eventId)).tokens;
      expect(Object.values(tokens)).toEqual([hanako]);
      expect(tokens[parsed!.token]).toBeUndefined();
      await h().signInAs(hanako);
      expect(await backend.checkIn.myCode(eventId)).not.toBe(code);
    }, 90_000);

    it('refuses a participant reading the reception, checking in or re-issuing', async () => {
      const { backend } = h();
      const { eventId, players } = await event(h());
      const [hanako, jiro] = players;
      await h().signInAs(hanako);
      await backend.checkIn.myCode(eventId);
      await expectRejection(backend.checkIn.reception(eventId), ERR.noCheckInPermission);
      await expectRejection(backend.checkIn.checkIn(eventId, hanako), ERR.noCheckInPermission);
      await expectRejection(backend.checkIn.reissue(eventId, hanako), ERR.noCheckInPermission);
      await expectRejection(backend.checkIn.reissue(eventId, jiro), ERR.noCheckInPermission);
      await h().signOut();
      await expectRejection(backend.checkIn.myCode(eventId), ERR.loginRequired);
      expect(await backend.checkIn.mine(eventId)).toBe(false);
    });

    it('refuses a code to someone not taking part, and checking them in', async () => {
      const { backend } = h();
      const { eventId, outsider } = await event(h());
      await expectRejection(backend.checkIn.checkIn(eventId, outsider), ERR.notEventParticipant);
      await h().signInAs(outsider);
      await expectRejection(backend.checkIn.myCode(eventId), ERR.notParticipating);
    });

    it('refuses checking in outside the door’s hours', async () => {
      const { backend } = h();
      const ended = await event(h(), -1);
      await expectRejection(
        backend.checkIn.checkIn(ended.eventId, ended.players[0]),
        ERR.checkInClosed,
      );
      const later = await event(h(), 2);
      await expectRejection(
        backend.checkIn.checkIn(later.eventId, later.players[0]),
        ERR.checkInClosed,
      );
      // The code itself can be made ahead.
      await h().signInAs(later.players[0]);
      expect(parseCheckInCode(await backend.checkIn.myCode(later.eventId))).not.toBeNull();
    }, 60_000);

    it('marks everyone checked in 出席 once the event has ended, never over the organizer’s mark', async () => {
      const { backend } = h();
      // The third participant never checks in and stays unmarked.
      const { organizer, eventId, players } = await event(h(), 0, [
        '佐藤 花子',
        '参加 次郎',
        '欠席 三郎',
      ]);
      const [hanako, jiro] = players;
      await backend.checkIn.checkIn(eventId, hanako);
      await backend.checkIn.checkIn(eventId, jiro);

      // While the door is open nothing is marked, and the event is not finished.
      await h().runAutoAttendance(new Date());
      await h().serverUpdate('events', eventId, { date: day(-1) });
      await expect(backend.rollCall.forEvent(eventId)).resolves.toEqual({});

      // The organizer had marked jiro before the run: that mark stays.
      await backend.rollCall.mark(eventId, jiro, 'noShow');
      expect(await h().runAutoAttendance(new Date())).toBeGreaterThanOrEqual(1);
      const marks = { [hanako]: 'attended', [jiro]: 'noShow' };
      expect(await backend.rollCall.forEvent(eventId)).toEqual(marks);
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 0, noShow: 0 });
      await h().signInAs(hanako);
      expect(await backend.attendance.mine([eventId])).toEqual({ [eventId]: 'attended' });

      // A rerun writes nothing; the organizer corrects the automatic mark, and it stays.
      await h().runAutoAttendance(new Date());
      await h().signInAs(organizer);
      expect(await backend.rollCall.forEvent(eventId)).toEqual(marks);
      await backend.rollCall.mark(eventId, hanako, 'excused');
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 1, noShow: 0 });
      await h().runAutoAttendance(new Date());
      expect(await backend.rollCall.forEvent(eventId)).toEqual({
        [hanako]: 'excused',
        [jiro]: 'noShow',
      });
    }, 120_000);

    it('marks nobody at a cancelled event', async () => {
      const { backend } = h();
      const { eventId, players } = await event(h());
      await backend.checkIn.checkIn(eventId, players[0]);
      await h().serverUpdate('events', eventId, { date: day(-1), status: 'cancelled' });
      await h().runAutoAttendance(new Date());
      await h().serverUpdate('events', eventId, { status: 'open' });
      expect(await backend.rollCall.forEvent(eventId)).toEqual({});
    }, 60_000);
  });
}
