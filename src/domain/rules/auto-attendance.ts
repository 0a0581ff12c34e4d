/*
 * 出席 from the door (docs/fees.md "Automatic 出席"): once an event has ended, everyone checked
 * in at reception is marked 出席 without the organizer marking them again. The handler
 * (mail/handlers/auto-attendance.ts) runs it on both backends, and the Cloud Functions compile
 * this file with their own code, so it imports nothing (the three values below equal the
 * domain's constants, which auto-attendance.test.ts checks) and reckons in Japan time itself
 * rather than with the local clock's zone.
 */

/** ATTENDANCE_WINDOW_DAYS: the organizer's marking window after the end. */
export const AUTO_ATTENDANCE_WINDOW_DAYS = 14;
/** EVENT_DEFAULT_DURATION_MS: an event without a later end time lasts two hours. */
export const AUTO_ATTENDANCE_DEFAULT_DURATION_MS = 2 * 60 * 60_000;
/** FEE_RECORDS_LIMIT: the check-ins a run reads per event, as the reception does. */
export const AUTO_ATTENDANCE_CHECK_INS_MAX = 1000;

/** What a mark written from a check-in says besides the organizer's three fields. */
export const AUTO_ATTENDANCE_SOURCE = 'checkIn';
/** How far back a run looks for ended events (by their day): a missed run is caught up. */
export const AUTO_ATTENDANCE_SCAN_DAYS = 3;
/** Events read per page of a run, and pages a run reads at most. */
export const AUTO_ATTENDANCE_PAGE_SIZE = 100;
export const AUTO_ATTENDANCE_MAX_PAGES = 20;

const DAY_MS = 24 * 60 * 60_000;

/** What the decision reads of an event. */
export interface AutoAttendanceEvent {
  /** The stored day (midnight in Japan); null when unreadable. */
  date: Date | null;
  startTime: string;
  endTime: string;
  status: string;
  participants: readonly string[];
}

/** Minutes after midnight of an HH:mm time, or null. */
function minutesOf(hhmm: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * The event's end as the attendance rules reckon it (firestore.rules attendanceEventEnd): the
 * day plus the end time when that is after the start, else two hours after the start.
 */
export function autoAttendanceEnd(event: AutoAttendanceEvent): Date | null {
  if (!event.date) return null;
  const day = event.date.getTime();
  const s = minutesOf(event.startTime);
  const t = minutesOf(event.endTime);
  const start = s === null ? day : day + s * 60_000;
  const end = t === null ? start : day + t * 60_000;
  return new Date(end > start ? end : start + AUTO_ATTENDANCE_DEFAULT_DURATION_MS);
}

/** The days a run reads: from AUTO_ATTENDANCE_SCAN_DAYS before `now` up to `now`. */
export function autoAttendanceScanRange(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - AUTO_ATTENDANCE_SCAN_DAYS * DAY_MS), to: now };
}

/**
 * What a run does with one event: 'wait' before its end; 'skip' for a cancelled event or once
 * the organizer's marking window has closed (nothing to write, and done); otherwise the
 * participants checked in to mark 出席 (those no longer taking part left out). Which of them
 * already have a mark is read inside each write, so a mark the organizer set is never
 * overwritten.
 */
export function decideAutoAttendance(
  event: AutoAttendanceEvent,
  checkedIn: readonly string[],
  now: Date,
): { kind: 'wait' } | { kind: 'skip' } | { kind: 'mark'; userIds: string[] } {
  if (event.status === 'cancelled') return { kind: 'skip' };
  const end = autoAttendanceEnd(event);
  if (!end) return { kind: 'skip' };
  if (now.getTime() <= end.getTime()) return { kind: 'wait' };
  if (now.getTime() > end.getTime() + AUTO_ATTENDANCE_WINDOW_DAYS * DAY_MS) return { kind: 'skip' };
  const participants = new Set(event.participants);
  return { kind: 'mark', userIds: [...new Set(checkedIn)].filter((u) => participants.has(u)) };
}
