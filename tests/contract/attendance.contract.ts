import { describe, expect, it } from 'vitest';
import { ATTENDANCE_WINDOW_DAYS } from '@/domain/constants';
import type { AppNotification } from '@/domain/entities/notification';
import { ERR } from '@/domain/errors';
import type { ContractHarness, HarnessFactory } from './harness';
import { dayFromToday, eventInput, expectRejection, useHarness, waitForLive } from './support';

/**
 * Attendance after an event (src/data/use-cases/attendance.ts): the organizer's marks, the marked
 * person's counts and the 無断欠席 notice, and every refusal, on both backends.
 */
export function attendanceContract(makeHarness: HarnessFactory): void {
  describe('attendance port', () => {
    const h = useHarness(makeHarness);

    /** Local midnight `days` from today, as an event's stored day. */
    const day = (days: number) => {
      const d = new Date();
      return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
    };

    /**
     * An event of a new organizer that two new participants joined, moved (as time would) to
     * `days` from today, 10:00–12:00; and someone who did not take part. Ends signed in as
     * the organizer.
     */
    async function heldEvent(h: ContractHarness, days = -1) {
      const organizer = await h.signUpAs('主催 太郎');
      const eventId = await h.backend.organizing.create(
        eventInput({ title: '朝のテニス', date: dayFromToday(1), entryMethod: 'firstCome' }),
      );
      const players: string[] = [];
      for (const name of ['参加 花子', '参加 次郎']) {
        players.push(await h.signUpAs(name));
        await h.backend.roster.join(eventId);
      }
      const outsider = await h.signUpAs('見学 三郎');
      await h.serverUpdate('events', eventId, { date: day(days) });
      await h.signInAs(organizer);
      return { organizer, eventId, players: players as [string, string], outsider };
    }

    it('lets the organizer mark a participant 無断欠席: the mark, the counts and the notice together', async () => {
      const { backend } = h();
      const { eventId, players, organizer } = await heldEvent(h());
      const [hanako, jiro] = players;
      expect(await backend.rollCall.forEvent(eventId)).toEqual({});
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 0, noShow: 0 });

      await backend.rollCall.mark(eventId, hanako, 'noShow');
      expect(await backend.rollCall.forEvent(eventId)).toEqual({ [hanako]: 'noShow' });
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 0, noShow: 1 });

      // Changed within the window: the counts follow, never below zero.
      await backend.rollCall.mark(eventId, hanako, 'excused');
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 1, noShow: 0 });
      await backend.rollCall.mark(eventId, hanako, 'noShow');
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 0, noShow: 1 });

      // 全員出席 marks the others; hanako's 無断欠席 is changed too.
      expect(await backend.rollCall.markAllAttended(eventId)).toBe(2);
      expect(await backend.rollCall.forEvent(eventId)).toEqual({
        [hanako]: 'attended',
        [jiro]: 'attended',
      });
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 0, noShow: 0 });
      await backend.rollCall.mark(eventId, hanako, 'noShow');

      // The person sees their own mark and got one notice, with ids and the title only.
      await h().signInAs(hanako);
      expect(await backend.attendance.mine([eventId])).toEqual({ [eventId]: 'noShow' });
      const notices = await waitForLive<AppNotification[]>(
        (next, fail) => backend.notifications.subscribe(hanako, next, fail),
        (items) => items.some((n) => n.type === 'attendance_no_show'),
      );
      const noShow = notices.filter((n) => n.type === 'attendance_no_show');
      expect(noShow).toHaveLength(1);
      expect(noShow[0]).toMatchObject({
        userId: hanako,
        data: { eventId, eventTitle: '朝のテニス' },
      });
      // Anyone reads the counts, signed out too.
      await h().signOut();
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 0, noShow: 1 });
      expect(await backend.attendance.stats(organizer)).toEqual({ excused: 0, noShow: 0 });
      // Many round trips to the emulator on a busy machine.
    }, 90_000);

    it('refuses a participant clearing their own 無断欠席, and their reading the event’s marks', async () => {
      const { backend } = h();
      const { eventId, players } = await heldEvent(h());
      const [hanako, jiro] = players;
      await backend.rollCall.mark(eventId, hanako, 'noShow');
      await h().signInAs(hanako);
      await expectRejection(
        backend.rollCall.mark(eventId, hanako, 'attended'),
        ERR.noAttendancePermission,
      );
      await expectRejection(
        backend.rollCall.mark(eventId, jiro, 'noShow'),
        ERR.noAttendancePermission,
      );
      await expectRejection(backend.rollCall.forEvent(eventId), ERR.noAttendancePermission);
      await expectRejection(backend.rollCall.markAllAttended(eventId), ERR.noAttendancePermission);
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 0, noShow: 1 });
      // Nor does anyone read another person's mark through `mine`: it is the caller's own.
      await h().signInAs(jiro);
      expect(await backend.attendance.mine([eventId])).toEqual({});
    });

    it('refuses a third party marking, so nobody else raises someone’s count', async () => {
      const { backend } = h();
      const { eventId, players, outsider } = await heldEvent(h());
      await h().signInAs(outsider);
      await expectRejection(
        backend.rollCall.mark(eventId, players[0], 'noShow'),
        ERR.noAttendancePermission,
      );
      await h().signOut();
      await expectRejection(
        backend.rollCall.mark(eventId, players[0], 'noShow'),
        ERR.loginRequired,
      );
      expect(await backend.attendance.stats(players[0])).toEqual({ excused: 0, noShow: 0 });
    });

    it('refuses the organizer marking someone who was not there, or a value outside the three', async () => {
      const { backend } = h();
      const { eventId, outsider, players } = await heldEvent(h());
      await expectRejection(
        backend.rollCall.mark(eventId, outsider, 'noShow'),
        ERR.notEventParticipant,
      );
      await expectRejection(
        backend.rollCall.mark(eventId, players[0], 'present' as never),
        ERR.invalidAttendance,
      );
      await expectRejection(
        backend.rollCall.mark('missing', players[0], 'noShow'),
        ERR.eventNotFound,
      );
      expect(await backend.attendance.stats(outsider)).toEqual({ excused: 0, noShow: 0 });
    });

    it('refuses an event that has not ended, and after the window', async () => {
      const { backend } = h();
      const upcoming = await heldEvent(h(), 2);
      await expectRejection(
        backend.rollCall.mark(upcoming.eventId, upcoming.players[0], 'noShow'),
        ERR.attendanceBeforeEnd,
      );
      await expectRejection(
        backend.rollCall.forEvent(upcoming.eventId),
        ERR.noAttendancePermission,
      );
      const old = await heldEvent(h(), -(ATTENDANCE_WINDOW_DAYS + 2));
      await expectRejection(
        backend.rollCall.mark(old.eventId, old.players[0], 'noShow'),
        ERR.attendanceWindowClosed,
      );
      // The marks stay readable for the organizer after the window.
      expect(await backend.rollCall.forEvent(old.eventId)).toEqual({});
    });
  });
}
