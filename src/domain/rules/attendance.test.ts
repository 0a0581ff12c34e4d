import { ATTENDANCE_WINDOW_DAYS } from '@/domain/constants';
import {
  attendedCount,
  NO_ATTENDANCE_STATS,
  reliabilityOf,
  reliabilityText,
} from '@/domain/entities/attendance';
import {
  attendancePhase,
  attendanceWindow,
  decideMark,
  mayReadAttendance,
  noShowNotificationId,
  statsDelta,
} from '@/domain/rules/attendance';
import { participationRecord, withAttendance } from '@/domain/participation-history';
import { actorOf, refusal } from '@/test/actors';
import { ORGANIZER, sportEvent } from '@/test/fixtures';

/** A fixed clock: the event below ran 10:00–12:00 on 1 June 2025 (local time). */
const END = new Date(2025, 5, 1, 12, 0);
const at = (ms: number) => new Date(END.getTime() + ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const ended = (over: Record<string, unknown> = {}) =>
  sportEvent({
    date: new Date(2025, 5, 1),
    startTime: '10:00',
    endTime: '12:00',
    status: 'closed',
    participants: ['u1', 'u2'],
    ...over,
  });

const mark = (over: Partial<Parameters<typeof decideMark>[0]> = {}) =>
  decideMark({
    actor: actorOf(ORGANIZER),
    event: ended(),
    userId: 'u1',
    status: 'noShow',
    before: null,
    now: at(HOUR),
    ...over,
  });

describe('the attendance window', () => {
  it('opens at the end and closes ATTENDANCE_WINDOW_DAYS later', () => {
    expect(attendanceWindow(ended())).toEqual({
      opens: END,
      closes: at(ATTENDANCE_WINDOW_DAYS * DAY),
    });
    expect(attendancePhase(ended(), at(-1))).toBe('notEnded');
    expect(attendancePhase(ended(), END)).toBe('notEnded');
    expect(attendancePhase(ended(), at(1))).toBe('open');
    expect(attendancePhase(ended(), at(ATTENDANCE_WINDOW_DAYS * DAY))).toBe('open');
    expect(attendancePhase(ended(), at(ATTENDANCE_WINDOW_DAYS * DAY + 1))).toBe('closed');
    expect(attendancePhase(ended({ status: 'cancelled' }), at(HOUR))).toBe('cancelled');
  });

  it('ends two hours after the start without an end time', () => {
    const e = ended({ endTime: '' });
    expect(attendancePhase(e, new Date(2025, 5, 1, 11, 59))).toBe('notEnded');
    expect(attendancePhase(e, new Date(2025, 5, 1, 12, 1))).toBe('open');
  });
});

describe('decideMark', () => {
  it('lets the organizer mark a participant within the window', () => {
    expect(mark({ status: 'attended' })).toEqual({
      status: 'attended',
      delta: { excused: 0, noShow: 0 },
      notify: null,
    });
    expect(mark({ status: 'excused', before: 'attended' }).delta).toEqual({
      excused: 1,
      noShow: 0,
    });
  });

  it('tells the person once when the mark becomes 無断欠席', () => {
    expect(mark().notify).toEqual({
      id: noShowNotificationId('e1', 'u1'),
      userId: 'u1',
      type: 'attendance_no_show',
      data: { eventId: 'e1', eventTitle: '朝サッカー' },
    });
    expect(mark().delta).toEqual({ excused: 0, noShow: 1 });
    expect(mark({ before: 'noShow' }).notify).toBeNull();
    expect(mark({ before: 'noShow' }).delta).toEqual({ excused: 0, noShow: 0 });
    expect(mark({ status: 'attended', before: 'noShow' }).delta).toEqual({
      excused: 0,
      noShow: -1,
    });
  });

  it('refuses anyone but the active organizer', () => {
    expect(refusal(() => mark({ actor: null }))).toBe('loginRequired');
    expect(refusal(() => mark({ actor: actorOf('u1') }))).toBe('noAttendancePermission');
    expect(refusal(() => mark({ actor: actorOf('u3') }))).toBe('noAttendancePermission');
    expect(refusal(() => mark({ actor: actorOf(ORGANIZER, { suspended: true }) }))).toBe(
      'accountSuspended',
    );
    expect(refusal(() => mark({ event: null }))).toBe('eventNotFound');
  });

  it('refuses outside the window and for a cancelled event', () => {
    expect(refusal(() => mark({ now: at(-HOUR) }))).toBe('attendanceBeforeEnd');
    expect(refusal(() => mark({ now: at(ATTENDANCE_WINDOW_DAYS * DAY + 1) }))).toBe(
      'attendanceWindowClosed',
    );
    expect(refusal(() => mark({ event: ended({ status: 'cancelled' }) }))).toBe(
      'attendanceEventCancelled',
    );
  });

  it('refuses someone who is not a participant, and a value outside the three', () => {
    expect(refusal(() => mark({ userId: 'u3' }))).toBe('notEventParticipant');
    expect(refusal(() => mark({ userId: '' }))).toBe('notEventParticipant');
    expect(refusal(() => mark({ status: 'present' }))).toBe('invalidAttendance');
    expect(refusal(() => mark({ status: null }))).toBe('invalidAttendance');
  });
});

describe('mayReadAttendance', () => {
  it('is the organizer of an event that has ended, also after the window', () => {
    expect(mayReadAttendance(ORGANIZER, ended(), at(HOUR))).toBe(true);
    expect(mayReadAttendance(ORGANIZER, ended(), at(30 * DAY))).toBe(true);
    expect(mayReadAttendance(ORGANIZER, ended(), at(-HOUR))).toBe(false);
    expect(mayReadAttendance('u1', ended(), at(HOUR))).toBe(false);
    expect(mayReadAttendance(null, ended(), at(HOUR))).toBe(false);
  });
});

describe('the reliability record', () => {
  it('counts ended participations less the ones marked absent', () => {
    expect(statsDelta(null, 'attended')).toEqual({ excused: 0, noShow: 0 });
    expect(attendedCount(5, { excused: 1, noShow: 2 })).toBe(2);
    expect(attendedCount(1, { excused: 1, noShow: 2 })).toBe(0);
    expect(reliabilityOf(5, { excused: 1, noShow: 2 })).toEqual({ attended: 2, noShow: 2 });
    expect(reliabilityText({ attended: 2, noShow: 1 })).toBe('参加 2回・無断欠席 1回');
  });

  it('is 記録なし, not zeros, for someone with no ended participation and no mark', () => {
    expect(reliabilityOf(0, NO_ATTENDANCE_STATS)).toBeNull();
    expect(reliabilityText(reliabilityOf(0, NO_ATTENDANCE_STATS))).toBe('記録なし');
    expect(reliabilityOf(0, { excused: 0, noShow: 1 })).toEqual({ attended: 0, noShow: 1 });
  });
});

describe('withAttendance (the participation count and labels)', () => {
  const past = (id: string, day: number) =>
    ended({ id, date: new Date(2025, 4, day), participants: ['u1'] });
  const record = participationRecord(
    { settledCount: 3, settledNewest: [past('a', 1), past('b', 2), past('c', 3)], recent: [] },
    'u1',
    END,
  );

  it('counts attended events where attendance was recorded, ended ones where it was not', () => {
    const plain = withAttendance(record, NO_ATTENDANCE_STATS);
    expect(plain.count).toBe(3);
    expect(plain.history.map((h) => h.label)).toEqual(['常連', '２回目', '初参加']);

    const marked = withAttendance(
      record,
      { excused: 0, noShow: 1 },
      new Map([['b', 'noShow' as const]]),
    );
    expect(marked.count).toBe(2);
    expect(marked.history.map((h) => [h.event.id, h.mark, h.label])).toEqual([
      ['c', null, '２回目'],
      ['b', 'noShow', '２回目'],
      ['a', null, '初参加'],
    ]);
    expect(marked.reliability).toEqual({ attended: 2, noShow: 1 });
  });
});
