import {
  REMINDER_EVENTS_PAGE_SIZE,
  REMINDER_MAX_PAGES,
  alreadyReminded,
  decideReminders,
  reminderData,
  reminderScanRange,
  type EventReminderData,
  type ReminderEvent,
  type ReminderMarker,
} from '../../src/domain/rules/reminders.js';
import type { RateLimit } from '../policy.js';
import { eventReminderMail } from '../templates.js';
import { mailCounted, type EventRecord, type MailDeps } from './common.js';

/** An event as a reminder run reads it: what the mail shows, its status and participants. */
export interface ReminderEventRecord extends EventRecord {
  status: string;
  participants: string[];
}

/** What a run writes for one participant, together: the sent marker and the notification. */
export interface ReminderWrite {
  markerId: string;
  marker: { eventId: string; userId: string; startsAt: Date };
  notification: { id: string; userId: string; type: 'event_reminder'; data: EventReminderData };
}

/**
 * The stores a run reads and writes: the Cloud Function passes Firestore's (Admin SDK,
 * functions/src/reminder-stores.ts), the local backend its IndexedDB ones
 * (src/data/local/local-reminders.ts).
 */
export interface ReminderStores {
  /**
   * Events whose stored day is in [from, to), in the order of the day then the id, at most
   * `limit`, continuing after `after` (the `next` of the page before); `next` is null on the
   * last page.
   */
  eventsByDay(
    range: { from: Date; to: Date },
    page: { limit: number; after: string | null },
  ): Promise<{ events: ReminderEventRecord[]; next: string | null }>;
  /** The sent markers among `markerIds` (reminders/{id}), by id; missing ones left out. */
  getReminderMarkers(markerIds: string[]): Promise<Map<string, ReminderMarker>>;
  /**
   * In one transaction: reads the marker, and unless `sent(marker)` holds, writes the marker and
   * the notification (`{ userId, type, data, read: false, timestamp, clientTimestamp }`).
   * Resolves with whether it wrote them: a concurrent run that got there first makes it false.
   */
  recordReminder(
    write: ReminderWrite,
    sent: (marker: ReminderMarker | null) => boolean,
  ): Promise<boolean>;
}

export interface ReminderDeps extends MailDeps, ReminderStores {}

/** Per event start and participant: a rerun, or a second tab, does not mail again. */
export const REMINDER_MAIL_LIMIT: RateLimit = { limit: 1, windowMs: 48 * 60 * 60_000 };

export interface ReminderRun {
  /** Notifications written (each with its marker). */
  notified: number;
  mailed: number;
  /** Mail skipped by the policy (opted out, no verified address, limits) or failed. */
  notMailed: number;
  eventsRead: number;
  /** More events were due than the run reads; the next run goes on. */
  truncated: boolean;
}

function toReminderEvent(e: ReminderEventRecord): ReminderEvent {
  return {
    id: e.id,
    title: e.title,
    date: e.date,
    startTime: e.startTime,
    location: e.location,
    status: e.status,
    participants: e.participants,
  };
}

/**
 * One run of the day-before reminder (docs/notifications.md "Reminders"), at `deps.now()`: reads
 * the events of today and tomorrow in Japan page by page, and for each participant due a
 * reminder (decideReminders) writes the notification with its marker, then mails them the
 * reminder through mailIfAllowed (their switch, the verified address, the limits). A rerun finds
 * the markers and writes and mails nothing. No caller: the schedule, or the open local app, runs
 * it.
 */
export async function runEventReminders(deps: ReminderDeps): Promise<ReminderRun> {
  const now = deps.now();
  const range = reminderScanRange(now);
  const run: ReminderRun = {
    notified: 0,
    mailed: 0,
    notMailed: 0,
    eventsRead: 0,
    truncated: false,
  };
  let after: string | null = null;
  for (let pages = 0; ; pages++) {
    if (pages === REMINDER_MAX_PAGES) {
      run.truncated = true;
      deps.log.warn('event reminders: more events than one run reads', { ...range });
      break;
    }
    const page = await deps.eventsByDay(range, { limit: REMINDER_EVENTS_PAGE_SIZE, after });
    run.eventsRead += page.events.length;
    for (const record of page.events) await remindEvent(deps, record, now, run);
    if (!page.next) break;
    after = page.next;
  }
  deps.log.info('event reminders run', { ...run });
  return run;
}

async function remindEvent(
  deps: ReminderDeps,
  record: ReminderEventRecord,
  now: Date,
  run: ReminderRun,
): Promise<void> {
  const event = toReminderEvent(record);
  // Nothing is read for an event that is not due (decided without markers first).
  const candidates = decideReminders(event, now, new Map());
  if (candidates.length === 0) return;
  const sent = await deps.getReminderMarkers(candidates.map((c) => c.markerId));
  for (const due of decideReminders(event, now, sent)) {
    const written = await deps.recordReminder(
      {
        markerId: due.markerId,
        marker: { eventId: event.id, userId: due.userId, startsAt: due.startsAt },
        notification: {
          id: due.notificationId,
          userId: due.userId,
          type: 'event_reminder',
          data: reminderData(event, due),
        },
      },
      (marker) => alreadyReminded(marker, due.startsAt),
    );
    if (!written) continue;
    run.notified++;
    await mailCounted(
      deps,
      {
        recipientId: due.userId,
        kind: 'eventReminder',
        cause: {
          key: `event-reminder:${event.id}:${due.userId}:${due.startsAt.getTime()}`,
          limit: REMINDER_MAIL_LIMIT,
          reason: 'duplicate',
        },
      },
      async () => eventReminderMail(record, due.day, deps.appBaseUrl),
      { type: 'event_reminder', recipientId: due.userId, eventId: event.id },
      run,
    );
  }
}
