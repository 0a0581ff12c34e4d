import type { Backend } from '@/data/ports/backend';
import { REMINDER_RUN_INTERVAL_MS } from '@/domain/rules/reminders';
import { logger } from '@/lib/logger';

/**
 * The backend's scheduled work while the app is open: on the local backend, the day-before
 * reminder that the scheduled Cloud Function sends on Firebase (docs/notifications.md
 * "Reminders"), the series' dates (docs/series.md), automatic 出席 (docs/fees.md) and the minimum
 * headcount's decisions (docs/domain.md), now and every 15 minutes. The first run catches up on
 * what came due while the app was closed. On Firebase there is nothing to run here. Returns the
 * stop.
 */
export function startScheduledWork(backend: Backend): () => void {
  const work = backend.scheduled;
  if (!work) return () => {};
  const run = () => {
    work.runDueReminders().catch((e: unknown) => logger.warn('scheduled.eventReminders', e));
    // The series' rolling windows (docs/series.md "Dates"): a run with nothing due reads one
    // empty range, so it shares the reminders' interval.
    work.runSeriesDates().catch((e: unknown) => logger.warn('scheduled.seriesDates', e));
    // 出席 from the door once an event has ended (docs/fees.md "Automatic 出席").
    work.runAutoAttendance().catch((e: unknown) => logger.warn('scheduled.autoAttendance', e));
    // The minimum headcount's decisions (docs/domain.md "Minimum headcount"): one empty range
    // when nothing is due.
    work
      .runHeadcountDecisions()
      .catch((e: unknown) => logger.warn('scheduled.headcountDecisions', e));
  };
  run();
  const timer = setInterval(run, REMINDER_RUN_INTERVAL_MS);
  return () => clearInterval(timer);
}
