import {
  AUTO_ATTENDANCE_CHECK_INS_MAX,
  AUTO_ATTENDANCE_MAX_PAGES,
  AUTO_ATTENDANCE_PAGE_SIZE,
  autoAttendanceScanRange,
  decideAutoAttendance,
} from '../../src/domain/rules/auto-attendance.js';
import type { Logger } from './common.js';
import type { ReminderStores } from './event-reminders.js';

/** What a mark written from a check-in says besides the organizer's three fields. */
export { AUTO_ATTENDANCE_SOURCE } from '../../src/domain/rules/auto-attendance.js';

/**
 * The stores a run reads and writes: the Cloud Function passes Firestore's (Admin SDK,
 * functions/src/auto-attendance-stores.ts), the local backend its IndexedDB ones
 * (src/data/local/local-auto-attendance.ts). The events are read as the reminders read them.
 */
export interface AutoAttendanceStores extends Pick<ReminderStores, 'eventsByDay'> {
  /** The events among `eventIds` whose run is finished (attendanceRuns/{eventId}). */
  finishedRuns(eventIds: string[]): Promise<Set<string>>;
  /** Who is checked in at the event (events/{id}/checkIns, by document id), at most `limit`. */
  checkedIn(eventId: string, limit: number): Promise<string[]>;
  /**
   * In one transaction: reads the participant's mark (events/{id}/attendance/{userId}) and,
   * when there is none, writes `{ userId, status: 'attended', source: 'checkIn', updatedAt }`
   * (the store's time). Resolves with whether it wrote: a mark already there, the organizer's
   * or a concurrent run's, makes it false and stays as it is. The counts do not move: an
   * unmarked participation already counts as attended.
   */
  markAttended(eventId: string, userId: string): Promise<boolean>;
  /** Records that the event needs no further run (attendanceRuns/{eventId}). */
  finishRun(eventId: string): Promise<void>;
}

export interface AutoAttendanceDeps extends AutoAttendanceStores {
  now: () => Date;
  log: Logger;
}

export interface AutoAttendanceRun {
  eventsRead: number;
  /** Marks written. */
  marked: number;
  /** Events finished by this run. */
  finished: number;
  /** More events were in range than the run reads; the next run goes on. */
  truncated: boolean;
}

/**
 * One run of automatic 出席 (docs/fees.md "Automatic 出席"), at `deps.now()`: reads the events of
 * the last AUTO_ATTENDANCE_SCAN_DAYS days page by page, leaves out those already finished, and
 * for each that has ended marks every participant checked in 出席 unless they have a mark, then
 * records the event as finished (no check-in is accepted after the end, so nothing is left for a
 * later run). Idempotent: a rerun, or two at once, write no mark twice and never overwrite one.
 * No caller: the schedule, or the open local app, runs it.
 */
export async function runAutoAttendance(deps: AutoAttendanceDeps): Promise<AutoAttendanceRun> {
  const now = deps.now();
  const range = autoAttendanceScanRange(now);
  const run: AutoAttendanceRun = { eventsRead: 0, marked: 0, finished: 0, truncated: false };
  let after: string | null = null;
  for (let pages = 0; ; pages++) {
    if (pages === AUTO_ATTENDANCE_MAX_PAGES) {
      run.truncated = true;
      deps.log.warn('auto attendance: more events than one run reads', { ...range });
      break;
    }
    const page = await deps.eventsByDay(range, { limit: AUTO_ATTENDANCE_PAGE_SIZE, after });
    run.eventsRead += page.events.length;
    const due = page.events.filter((e) => decideAutoAttendance(e, [], now).kind !== 'wait');
    const finished = due.length > 0 ? await deps.finishedRuns(due.map((e) => e.id)) : new Set();
    for (const event of due) {
      if (finished.has(event.id)) continue;
      // A cancelled event, or one past its marking window, is finished without a read.
      const decision =
        decideAutoAttendance(event, [], now).kind === 'mark'
          ? decideAutoAttendance(
              event,
              await deps.checkedIn(event.id, AUTO_ATTENDANCE_CHECK_INS_MAX),
              now,
            )
          : null;
      if (decision?.kind === 'mark') {
        for (const userId of decision.userIds) {
          if (await deps.markAttended(event.id, userId)) run.marked++;
        }
      }
      await deps.finishRun(event.id);
      run.finished++;
    }
    if (!page.next) break;
    after = page.next;
  }
  deps.log.info('auto attendance run', { ...run });
  return run;
}
