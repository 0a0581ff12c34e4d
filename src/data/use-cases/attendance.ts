import type { Transaction } from '@/data/storage/storage';
import { PARTICIPATION_HISTORY_LIMIT } from '@/domain/constants';
import {
  attendanceMarkSchema,
  attendanceStatsSchema,
  NO_ATTENDANCE_STATS,
  type AttendanceStats,
  type AttendanceStatus,
} from '@/domain/entities/attendance';
import { loadOnce } from '@/lib/load-once';
import { parseDoc, type UseCaseContext } from './context';

export const marksOf = (eventId: string) => `events/${eventId}/attendance`;
export const markPath = (eventId: string, userId: string) => `${marksOf(eventId)}/${userId}`;
export const statsPath = (userId: string) => `attendanceStats/${userId}`;
/**
 * Which event's mark the last change of the counts came from: the security rules follow it to
 * check the counts against that mark. Readable by nobody, so the public counts never say which
 * event they changed on.
 */
export const lastChangePath = (userId: string) => `attendanceStats/${userId}/private/lastChange`;

/**
 * Attendance after an event and the counts a profile shows (docs/profile.md "Attendance"),
 * written once for both backends. A mark, the marked
 * person's counts and the 無断欠席 notice change in one transaction; firestore.rules accept
 * exactly these writes (the counts move by what the mark changed, in the same commit).
 */
export function attendanceUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

  const readStats = async (tx: Pick<Transaction, 'get'>, uid: string): Promise<AttendanceStats> =>
    uid
      ? (parseDoc(attendanceStatsSchema, await tx.get(statsPath(uid))) ?? NO_ATTENDANCE_STATS)
      : NO_ATTENDANCE_STATS;

  // The organizer's side (forEvent, mark, markAllAttended) loads on its first call
  // (./attendance-organizer.ts), so a profile that shows the counts does not download the marking
  // rules; a failed load is tried again on the next call.
  const organizer = loadOnce(() =>
    import('./attendance-organizer').then((m) => m.organizerAttendance(ctx, readStats)),
  );

  return {
    /**
     * The marks recorded for the event, by participant id (an unmarked participant is absent).
     * Cap: ATTENDANCE_MARKS_LIMIT. Refusals: loginRequired, eventNotFound,
     * noAttendancePermission (not the organizer, or the event has not ended or was cancelled).
     * Fails: throws. Caller: the event's organizer.
     */
    async forEvent(eventId: string): Promise<Record<string, AttendanceStatus>> {
      return (await organizer()).forEvent(eventId);
    },

    /**
     * Records one participant's attendance in one transaction: the mark, the person's counts
     * (attendanceStats) when they change, and an attendance_no_show notification when the mark
     * becomes 無断欠席. Refusals: loginRequired, accountSuspended, eventNotFound,
     * noAttendancePermission, attendanceEventCancelled, attendanceBeforeEnd,
     * attendanceWindowClosed, notEventParticipant, invalidAttendance. Fails: throws.
     * Caller: the event's organizer, from its end until ATTENDANCE_WINDOW_DAYS later.
     */
    async mark(eventId: string, userId: string, status: AttendanceStatus): Promise<void> {
      return (await organizer()).mark(eventId, userId, status);
    },

    /**
     * 全員出席: every participant not marked 出席 yet is marked so, one transaction each (as `mark`);
     * resolves how many changed. Refusals: those of forEvent before anything is written, then those
     * of `mark`. Fails: throws; marks written before the failure stay.
     */
    async markAllAttended(eventId: string): Promise<number> {
      return (await organizer()).markAllAttended(eventId);
    },

    /**
     * How many of the user's marks are 欠席（連絡あり） and 無断欠席 (zeros when none). Counts
     * only, never which event. Fails: throws. Caller: anyone, signed out too.
     */
    stats(uid: string): Promise<AttendanceStats> {
      return readStats(storage, uid);
    },

    /**
     * The caller's own marks for the given events (at most PARTICIPATION_HISTORY_LIMIT of them are
     * looked up), by event id; an unmarked event is absent. Signed out: {}. Fails: throws.
     */
    async mine(eventIds: readonly string[]): Promise<Record<string, AttendanceStatus>> {
      const who = await ctx.session();
      if (!who) return {};
      const ids = [...new Set(eventIds)].filter(Boolean).slice(0, PARTICIPATION_HISTORY_LIMIT);
      const found = await Promise.all(
        ids.map(async (id) =>
          parseDoc(attendanceMarkSchema, await storage.get(markPath(id, who.uid))),
        ),
      );
      const out: Record<string, AttendanceStatus> = {};
      ids.forEach((id, i) => {
        const status = found[i]?.status;
        if (status) out[id] = status;
      });
      return out;
    },
  };
}
