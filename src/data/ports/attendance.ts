import type { AttendanceStats, AttendanceStatus } from '@/domain/entities/attendance';

/**
 * Attendance after an event and the counts a profile shows (docs/profile.md "Attendance"). The
 * statements follow the convention in ./backend.ts; the refusals are the domain's
 * (src/domain/rules/attendance.ts), written once in src/data/use-cases/attendance.ts.
 */
export interface AttendancePort {
  /**
   * The marks recorded for the event, by participant id (an unmarked participant is absent).
   * Cap: ATTENDANCE_MARKS_LIMIT. Refusals: loginRequired, eventNotFound,
   * noAttendancePermission (not the organizer, or the event has not ended or was cancelled).
   * Fails: throws. Caller: the event's organizer.
   */
  forEvent(eventId: string): Promise<Record<string, AttendanceStatus>>;
  /**
   * Records one participant's attendance in one transaction: the mark, the person's counts
   * (attendanceStats) when they change, and an attendance_no_show notification when the mark
   * becomes 無断欠席. Refusals: loginRequired, accountSuspended, eventNotFound,
   * noAttendancePermission, attendanceEventCancelled, attendanceBeforeEnd,
   * attendanceWindowClosed, notEventParticipant, invalidAttendance. Fails: throws.
   * Caller: the event's organizer, from its end until ATTENDANCE_WINDOW_DAYS later.
   */
  mark(eventId: string, userId: string, status: AttendanceStatus): Promise<void>;
  /**
   * 全員出席: every participant not marked 出席 yet is marked so, one transaction each (as
   * `mark`); resolves how many changed. Refusals: those of forEvent before anything is written,
   * then those of `mark`. Fails: throws; marks written before the failure stay.
   */
  markAllAttended(eventId: string): Promise<number>;
  /**
   * How many of the user's marks are 欠席（連絡あり） and 無断欠席 (zeros when none). Counts
   * only, never which event. Fails: throws. Caller: anyone, signed out too.
   */
  stats(uid: string): Promise<AttendanceStats>;
  /**
   * The caller's own marks for the given events (at most PARTICIPATION_HISTORY_LIMIT of them
   * are looked up), by event id; an unmarked event is absent. Signed out: {}. Fails: throws.
   */
  mine(eventIds: readonly string[]): Promise<Record<string, AttendanceStatus>>;
}
