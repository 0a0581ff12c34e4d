import { fieldOp, type Transaction } from '@/data/storage/storage';
import { ATTENDANCE_MARKS_LIMIT } from '@/domain/constants';
import {
  attendanceMarkSchema,
  NO_ATTENDANCE_STATS,
  type AttendanceStats,
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
import { lastChangePath, markPath, marksOf, statsPath } from './attendance';

/**
 * The organizer's side of the attendance use case: the marks of an event, marking one participant
 * and marking everyone 出席. src/data/use-cases/attendance.ts documents each method and loads this
 * module on the first call, so a page that only shows the counts downloads neither this code nor
 * the marking rules (src/domain/rules/attendance.ts). `readStats` is the use case's own read of a
 * person's counts.
 */
export function organizerAttendance(
  ctx: UseCaseContext,
  readStats: (tx: Pick<Transaction, 'get'>, uid: string) => Promise<AttendanceStats>,
) {
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
