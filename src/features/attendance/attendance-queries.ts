import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import type { AttendanceStatus } from '@/domain/entities/attendance';
import type { SportEvent } from '@/domain/entities/event';
import { withAttendance, type RecordWithAttendance } from '@/domain/participation-history';
import { eventKeys } from '@/lib/shared-queries';
import { profilesQueryFn } from '@/lib/profiles';

/**
 * The attendance feature's queries. A person's record lives under their participant lists
 * (eventKeys.participantLists), so a join, a leave or a mark refreshes it.
 */
export const attendanceQueries = {
  /** An event's marks, by participant id: what its organizer manages. */
  forEvent: (eventId: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['attendance', 'event', eventId] as const,
      queryFn: backend
        ? (): Promise<Record<string, AttendanceStatus>> => backend.rollCall.forEvent(eventId)
        : skipToken,
    }),

  /** The participants' names beside their marks, under the event's marks. */
  people: (eventId: string, uids: readonly string[], backend?: Backend) =>
    queryOptions({
      queryKey: ['attendance', 'event', eventId, 'people', uids] as const,
      queryFn: profilesQueryFn(uids, backend),
    }),

  /**
   * The participation count, labels and reliability record of `uid`, attendance taken into
   * account; `own` adds the person's own marks to their history (only they may read them).
   */
  record: (uid: string, own: boolean, backend?: Backend) =>
    queryOptions({
      queryKey: [...eventKeys.participantLists(uid), 'record', 'attendance', own] as const,
      queryFn: backend
        ? async (): Promise<RecordWithAttendance<SportEvent>> => {
            const [record, stats] = await Promise.all([
              backend.events.participationRecord(uid),
              backend.attendance.stats(uid),
            ]);
            const marks = own
              ? await backend.attendance.mine(record.history.map((h) => h.event.id))
              : {};
            return withAttendance(record, stats, new Map(Object.entries(marks)));
          }
        : skipToken,
    }),
};
