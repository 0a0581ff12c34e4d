import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  AUTO_ATTENDANCE_SOURCE,
  type AutoAttendanceStores,
} from '../../mail/handlers/auto-attendance.js';
import { createReminderStores } from './reminder-stores.js';

/**
 * Automatic 出席's stores on Firestore (Admin SDK, which bypasses firestore.rules: no client may
 * write a mark with a `source`, nor attendanceRuns/*). The events are read as the reminders read
 * them; each mark is created in a transaction that reads it first, so the organizer's mark, or a
 * concurrent run's, is never overwritten.
 */
export function createAutoAttendanceStores(db: Firestore, now: () => Date): AutoAttendanceStores {
  const runRef = (eventId: string) => db.collection('attendanceRuns').doc(eventId);
  return {
    eventsByDay: createReminderStores(db, now).eventsByDay,

    async finishedRuns(eventIds) {
      if (eventIds.length === 0) return new Set();
      const snaps = await db.getAll(...eventIds.map(runRef));
      return new Set(snaps.filter((s) => s.exists).map((s) => s.id));
    },

    async checkedIn(eventId, limit) {
      const snap = await db
        .collection('events')
        .doc(eventId)
        .collection('checkIns')
        .select()
        .limit(limit)
        .get();
      return snap.docs.map((d) => d.id);
    },

    markAttended(eventId, userId) {
      const ref = db.collection('events').doc(eventId).collection('attendance').doc(userId);
      return db.runTransaction(async (tx) => {
        if ((await tx.get(ref)).exists) return false;
        tx.create(ref, {
          userId,
          status: 'attended',
          source: AUTO_ATTENDANCE_SOURCE,
          updatedAt: FieldValue.serverTimestamp(),
        });
        return true;
      });
    },

    async finishRun(eventId) {
      await runRef(eventId).set({ eventId, finishedAt: FieldValue.serverTimestamp() });
    },
  };
}
