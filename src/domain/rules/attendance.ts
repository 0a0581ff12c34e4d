import { ATTENDANCE_WINDOW_DAYS } from '@/domain/constants';
import {
  isAttendanceStatus,
  type AttendanceStats,
  type AttendanceStatus,
} from '@/domain/entities/attendance';
import { eventEnd, type SportEvent } from '@/domain/entities/event';
import type { NotificationWrite } from '@/domain/entities/notification';
import { DomainError } from '@/domain/errors';
import { assertMayWrite, type Actor } from '@/domain/rules/standing';

const DAY_MS = 24 * 60 * 60 * 1000;

type TimedEvent = Pick<SportEvent, 'date' | 'startTime' | 'endTime' | 'status'>;

/** From the event's end until ATTENDANCE_WINDOW_DAYS later, the organizer records attendance. */
export function attendanceWindow(event: Pick<SportEvent, 'date' | 'startTime' | 'endTime'>): {
  opens: Date;
  closes: Date;
} {
  const opens = eventEnd(event);
  return { opens, closes: new Date(opens.getTime() + ATTENDANCE_WINDOW_DAYS * DAY_MS) };
}

/**
 * Where the event stands for attendance: 'cancelled' (never took place), 'notEnded', 'open'
 * (marks may be written) or 'closed' (the window has passed; the marks stay as they are).
 */
export function attendancePhase(
  event: TimedEvent,
  now: Date,
): 'cancelled' | 'notEnded' | 'open' | 'closed' {
  if (event.status === 'cancelled') return 'cancelled';
  const { opens, closes } = attendanceWindow(event);
  if (now.getTime() <= opens.getTime()) return 'notEnded';
  return now.getTime() <= closes.getTime() ? 'open' : 'closed';
}

/** The organizer may see the marks of an event that has ended (also after the window). */
export function mayReadAttendance(
  uid: string | null,
  event: (TimedEvent & Pick<SportEvent, 'organizerId'>) | null,
  now: Date,
): boolean {
  if (!uid || !event || event.organizerId !== uid) return false;
  const phase = attendancePhase(event, now);
  return phase === 'open' || phase === 'closed';
}

/** The id of the one 無断欠席 notice per event and participant. */
export function noShowNotificationId(eventId: string, userId: string): string {
  return `${eventId}_${userId}_attendance_no_show`;
}

/** How a mark moves the person's counts of 欠席（連絡あり） and 無断欠席 (-1, 0 or +1 each). */
export function statsDelta(
  before: AttendanceStatus | null,
  after: AttendanceStatus,
): AttendanceStats {
  const d = (s: 'excused' | 'noShow') => (after === s ? 1 : 0) - (before === s ? 1 : 0);
  return { excused: d('excused'), noShow: d('noShow') };
}

/**
 * Recording one participant's attendance. Only the event's organizer (active), only for an
 * event that took place and has ended, within ATTENDANCE_WINDOW_DAYS of its end, only for one
 * of its participants (someone who left is no longer one), with one of the three values. Says
 * how the person's counts change, and tells them when the mark becomes 無断欠席.
 */
export function decideMark(input: {
  actor: Actor | null;
  event: SportEvent | null;
  userId: string;
  status: unknown;
  /** The mark stored now (null: none). */
  before: AttendanceStatus | null;
  now: Date;
}): {
  status: AttendanceStatus;
  delta: AttendanceStats;
  notify: NotificationWrite | null;
} {
  const { uid } = assertMayWrite(input.actor, 'active');
  const { event, userId, status, before } = input;
  if (!event) throw new DomainError('eventNotFound');
  if (event.organizerId !== uid) throw new DomainError('noAttendancePermission');
  const phase = attendancePhase(event, input.now);
  if (phase === 'cancelled') throw new DomainError('attendanceEventCancelled');
  if (phase === 'notEnded') throw new DomainError('attendanceBeforeEnd');
  if (phase === 'closed') throw new DomainError('attendanceWindowClosed');
  if (!userId || !event.participants.includes(userId)) {
    throw new DomainError('notEventParticipant');
  }
  if (!isAttendanceStatus(status)) throw new DomainError('invalidAttendance');
  return {
    status,
    delta: statsDelta(before, status),
    notify:
      status === 'noShow' && before !== 'noShow'
        ? {
            id: noShowNotificationId(event.id, userId),
            userId,
            type: 'attendance_no_show',
            data: { eventId: event.id, eventTitle: event.title },
          }
        : null,
  };
}
