import { deleteApp, initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { runAutoAttendance, type AutoAttendanceRun } from '@mail/handlers/auto-attendance';
import { createAutoAttendanceStores } from '../functions/src/auto-attendance-stores';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Ends an event as time would, then runs automatic 出席 as its scheduled Cloud Function does, with
 * the stores the function gives the handler (Admin SDK), against the emulators: the event's day
 * moves one day back (past the rules), and the handler runs now. The Functions emulator runs no
 * schedule, so the Firebase journeys call this. Only a demo- project.
 */
export async function endEventAndMarkAttendance(opts: {
  projectId: string;
  eventId: string;
}): Promise<AutoAttendanceRun> {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !opts.projectId.startsWith('demo-')) {
    throw new Error('endEventAndMarkAttendance: only against the emulators, a demo- project');
  }
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp({ projectId: opts.projectId }, `schedule-${crypto.randomUUID()}`);
  try {
    const db = getFirestore(app);
    const ref = db.collection('events').doc(opts.eventId);
    const date = (await ref.get()).get('date') as Timestamp;
    await ref.update({ date: Timestamp.fromMillis(date.toMillis() - DAY_MS) });
    const now = () => new Date();
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    return await runAutoAttendance({ ...createAutoAttendanceStores(db, now), now, log: quiet });
  } finally {
    await deleteApp(app);
  }
}
