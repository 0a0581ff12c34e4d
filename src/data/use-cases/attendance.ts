import type { Transaction } from '@/data/storage/storage';
import { PARTICIPATION_HISTORY_LIMIT } from '@/domain/constants';
import {
  attendanceMarkSchema,
  attendanceStatsSchema,
  NO_ATTENDANCE_STATS,
  type AttendanceStats,
  type AttendanceStatus,
} from '@/domain/entities/attendance';
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
 * Attendance as a person sees it (docs/profile.md "Attendance"), written once for both backends:
 * the counts a profile shows and one's own marks. The organizer's side, taking the marks, is the
 * rollCall port (./roll-call.ts).
 */
/** A person's counts (zeros when none are stored, or for uid ''). */
export const readStats = async (
  tx: Pick<Transaction, 'get'>,
  uid: string,
): Promise<AttendanceStats> =>
  uid
    ? (parseDoc(attendanceStatsSchema, await tx.get(statsPath(uid))) ?? NO_ATTENDANCE_STATS)
    : NO_ATTENDANCE_STATS;

export function attendanceUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

  return {
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
