import * as z from 'zod/mini';
import { optionalTime } from './common';

/**
 * What the organizer records for each participant after an event (docs/profile.md
 * "Attendance"): came, stayed away with notice, or stayed away without a word.
 */
export const ATTENDANCE_STATUSES = ['attended', 'excused', 'noShow'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  attended: '出席',
  excused: '欠席（連絡あり）',
  noShow: '無断欠席',
};

export function isAttendanceStatus(v: unknown): v is AttendanceStatus {
  return ATTENDANCE_STATUSES.includes(v as AttendanceStatus);
}

/**
 * events/{eventId}/attendance/{userId}: one participant's mark. Read by the event's organizer
 * and the participant it describes only; an unknown stored value reads as no mark (null).
 */
export const attendanceMarkSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    userId: z.string(),
    status: z.pipe(
      z.optional(z.unknown()),
      z.transform((v): AttendanceStatus | null => (isAttendanceStatus(v) ? v : null)),
    ),
    updatedAt: optionalTime,
  }),
);
export type AttendanceMark = z.output<typeof attendanceMarkSchema>;

/** Counts that are never negative or fractional, whatever was stored. */
const tally = z.lazy(() =>
  z.pipe(
    z.optional(z.unknown()),
    z.transform((v) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : 0)),
  ),
);

/**
 * attendanceStats/{userId}: how many of the person's marks say they did not come, kept by the
 * organizers' marking writes (never by the person). Public: counts only, never which event.
 */
export const attendanceStatsSchema = z.lazy(() =>
  z.object({
    excused: tally,
    noShow: tally,
  }),
);
export type AttendanceStats = z.output<typeof attendanceStatsSchema>;

export const NO_ATTENDANCE_STATS: AttendanceStats = { excused: 0, noShow: 0 };

/** The reliability record a profile shows: 参加 n回・無断欠席 m回, or null for 記録なし. */
export interface Reliability {
  attended: number;
  noShow: number;
}

// The record's arithmetic. Profiles and the request queue show it, and the participation
// history (in every page's shared chunk) counts with it, so it sits with the entity and not
// with the marking rules (src/domain/rules/attendance.ts), which load with attendance itself.

/**
 * The events a person attended: every ended participation (hasParticipated) less those marked
 * 欠席（連絡あり） or 無断欠席. An unmarked participation counts as attended.
 */
export function attendedCount(endedParticipations: number, stats: AttendanceStats): number {
  return Math.max(0, endedParticipations - stats.excused - stats.noShow);
}

/**
 * The reliability record: attended events and no-shows, or null (記録なし) for someone with no
 * ended participation and no mark at all.
 */
export function reliabilityOf(
  endedParticipations: number,
  stats: AttendanceStats,
): Reliability | null {
  if (endedParticipations <= 0 && stats.excused + stats.noShow <= 0) return null;
  return { attended: attendedCount(endedParticipations, stats), noShow: stats.noShow };
}

/** The words of a reliability record (the same on the profile, the request queue, the waitlist). */
export function reliabilityText(r: Reliability | null): string {
  return r ? `参加 ${r.attended}回・無断欠席 ${r.noShow}回` : '記録なし';
}
