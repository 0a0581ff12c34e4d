import {
  runAutoAttendance,
  type AutoAttendanceRun,
  type AutoAttendanceStores,
} from '@mail/handlers/auto-attendance';
import { fieldOp, type Storage } from '@/data/storage/storage';
import { markPath } from '@/data/use-cases/attendance';
import { checkInsOf } from '@/data/use-cases/check-in';
import { AUTO_ATTENDANCE_SOURCE } from '@/domain/rules/auto-attendance';
import { logger } from '@/lib/logger';
import { localReminderStores } from './local-reminders';

const runPath = (eventId: string) => `attendanceRuns/${eventId}`;

/**
 * Automatic 出席's stores on this database, through the storage interface: the events as the
 * reminders read them, the check-ins by their ids, each mark in a transaction that reads it
 * first, and the finished runs in `attendanceRuns`. As on Firebase, where only the Cloud Function
 * (Admin SDK) writes these marks, no port offers them to a screen: the app's schedule
 * (src/app/scheduled-work.ts) runs them through LocalApi.
 */
export function localAutoAttendanceStores(storage: Storage, now: () => Date): AutoAttendanceStores {
  return {
    eventsByDay: localReminderStores(storage, now).eventsByDay,

    async finishedRuns(eventIds) {
      const found = await Promise.all(eventIds.map((id) => storage.get(runPath(id))));
      return new Set(eventIds.filter((_, i) => found[i] !== null));
    },

    async checkedIn(eventId, limit) {
      const docs = await storage.query({ collection: checkInsOf(eventId), limit });
      return docs.map((d) => d.id);
    },

    markAttended(eventId, userId) {
      return storage.transaction(async (tx) => {
        if (await tx.get(markPath(eventId, userId))) return false;
        tx.set(markPath(eventId, userId), {
          userId,
          status: 'attended',
          source: AUTO_ATTENDANCE_SOURCE,
          updatedAt: fieldOp.serverTime(),
        });
        return true;
      });
    },

    async finishRun(eventId) {
      await storage.set(runPath(eventId), { eventId, finishedAt: fieldOp.serverTime() });
    },
  };
}

/** One run of automatic 出席 on this database (runAutoAttendance); the handler logs through `logger`. */
export async function runLocalAutoAttendance(
  storage: Storage,
  now: () => Date,
): Promise<AutoAttendanceRun> {
  const log = {
    info: (m: string, d?: Record<string, unknown>) => logger.info(`scheduled.${m}`, d),
    warn: (m: string, d?: Record<string, unknown>) => logger.warn(`scheduled.${m}`, d),
    error: (m: string, d?: Record<string, unknown>) => logger.error(`scheduled.${m}`, d),
  };
  return runAutoAttendance({ ...localAutoAttendanceStores(storage, now), now, log });
}
