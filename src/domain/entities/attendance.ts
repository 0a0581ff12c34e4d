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
