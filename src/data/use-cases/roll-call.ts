import { fieldOp } from '@/data/storage/storage';
import { ATTENDANCE_MARKS_LIMIT } from '@/domain/constants';
import {
  attendanceMarkSchema,
  NO_ATTENDANCE_STATS,
  type AttendanceStatus,
} from '@/domain/entities/attendance';
import type { SportEvent } from '@/domain/entities/event';
import { DomainError } from '@/domain/errors';
import { decideMark, mayReadAttendance } from '@/domain/rules/attendance';
import {
  actorTransaction,
  parseDoc,
  parseDocs,
  readUnlessRefused,
  readEvent,
  writeNotification,
  type UseCaseContext,
} from './context';
import { lastChangePath, markPath, marksOf, readStats, statsPath } from './attendance';

/**
 * Taking attendance after an event (docs/profile.md "Attendance"), written once for both
 * backends: the marks of an event, marking one participant and marking everyone 出席. A mark, the
 * marked person's counts and the 無断欠席 notice change in one transaction; firestore.rules accept
 * exactly these writes (the counts move by what the mark changed, in the same commit). What a
 * person reads of attendance is the attendance port (./attendance.ts).
 */
export function rollCallUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

  /** The organizer's event; anyone else is refused as forEvent states. */
  const eventForOrganizer = async (eventId: string): Promise<SportEvent> => {
    const who = await ctx.session();
    if (!who) throw new DomainError('loginRequired');
    const event = await readEvent(storage, eventId);
    if (!event) throw new DomainError('eventNotFound');
    if (!mayReadAttendance(who.uid, event, ctx.now())) {
      throw new DomainError('noAttendancePermission');
    }
    return event;
  };

  const useCases = {
    /**
     * The marks recorded for the event, by participant id (an unmarked participant is absent).
     * Cap: ATTENDANCE_MARKS_LIMIT. Refusals: loginRequired, eventNotFound,
     * noAttendancePermission (not the organizer, or the event has not ended or was cancelled).
     * Fails: throws. Caller: the event's organizer.
     */
    async forEvent(eventId: string): Promise<Record<string, AttendanceStatus>> {
      await eventForOrganizer(eventId);
      const marks = parseDocs(
        attendanceMarkSchema,
        await storage.query({ collection: marksOf(eventId), limit: ATTENDANCE_MARKS_LIMIT }),
        'attendance.forEvent',
      );
      const out: Record<string, AttendanceStatus> = {};
      for (const m of marks) if (m.status && m.userId === m.id) out[m.id] = m.status;
      return out;
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
      await actorTransaction(ctx, async (tx, actor) => {
        const event = actor ? await readEvent(tx, eventId) : null;
        // Only the organizer may read a mark; anyone else is refused by decideMark below.
        const mayRead = !!event && !!userId && event.organizerId === actor?.uid;
        const before = mayRead
          ? parseDoc(
              attendanceMarkSchema,
              await readUnlessRefused(() => tx.get(markPath(eventId, userId))),
            )
          : null;
        const stats = mayRead ? await readStats(tx, userId) : NO_ATTENDANCE_STATS;
        const decision = decideMark({
          actor,
          event,
          userId,
          status,
          before: before?.status ?? null,
          now: ctx.now(),
        });
        tx.set(markPath(eventId, userId), {
          userId,
          status: decision.status,
          updatedAt: fieldOp.serverTime(),
        });
        if (decision.delta.excused !== 0 || decision.delta.noShow !== 0) {
          tx.set(statsPath(userId), {
            excused: stats.excused + decision.delta.excused,
            noShow: stats.noShow + decision.delta.noShow,
            updatedAt: fieldOp.serverTime(),
          });
          tx.set(lastChangePath(userId), { eventId });
        }
        if (decision.notify) writeNotification(tx, decision.notify, ctx.now());
      });
    },

    /**
     * 全員出席: every participant not marked 出席 yet is marked so, one transaction each (as `mark`);
     * resolves how many changed. Refusals: those of forEvent before anything is written, then those
     * of `mark`. Fails: throws; marks written before the failure stay.
     */
    async markAllAttended(eventId: string): Promise<number> {
      const event = await eventForOrganizer(eventId);
      const marks = await useCases.forEvent(eventId);
      let changed = 0;
      for (const uid of event.participants) {
        if (marks[uid] === 'attended') continue;
        await useCases.mark(eventId, uid, 'attended');
        changed += 1;
      }
      return changed;
    },
  };
  return useCases;
}
