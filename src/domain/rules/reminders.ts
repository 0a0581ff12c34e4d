/*
 * The day-before reminder (docs/notifications.md "Reminders"): which events are due, to whom,
 * and what was already sent. The reminder handler (mail/handlers/event-reminders.ts) runs it on
 * both backends, and the Cloud Functions compile this file with their own code, so it imports
 * nothing.
 */

/** A reminder becomes due this long before the event starts, and stays due until it starts. */
export const REMINDER_LEAD_MS = 24 * 60 * 60_000;
/** How often the schedule (and the open local app) looks for due reminders. */
export const REMINDER_RUN_INTERVAL_MS = 15 * 60_000;
/** Events read per page of a run. */
export const REMINDER_EVENTS_PAGE_SIZE = 100;
/** Pages a run reads at most; what lies beyond is reminded by the next run. */
export const REMINDER_MAX_PAGES = 20;

/** Japan keeps no daylight saving time: its offset from UTC is always +09:00. */
const JAPAN_OFFSET_MS = 9 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** What the decision reads of an event. */
export interface ReminderEvent {
  id: string;
  title: string;
  /** The stored day (midnight of an organizer in Japan); null when unreadable. */
  date: Date | null;
  /** HH:mm in Japan, or '' for an event without a start time. */
  startTime: string;
  location: string;
  status: string;
  participants: readonly string[];
}

/** What was recorded when a reminder was sent: the start it announced. */
export interface ReminderMarker {
  startsAt: Date;
}

/** Whether the reminder went out on the day before the event or on its day (a late joiner). */
export type ReminderDay = 'tomorrow' | 'today';

export interface DueReminder {
  userId: string;
  /** reminders/{markerId}: one per event and participant. */
  markerId: string;
  /** notifications/{notificationId}: one per event and participant. */
  notificationId: string;
  startsAt: Date;
  day: ReminderDay;
}

/** The notification's data: ids and the event's own values, no free text of a user. */
export interface EventReminderData {
  eventId: string;
  eventTitle: string;
  location: string;
  /** The start instant, ISO 8601. */
  startsAt: string;
  /** HH:mm, or '' when the event has no start time. */
  startTime: string;
  day: ReminderDay;
}

export const reminderMarkerId = (eventId: string, userId: string) => `${eventId}_${userId}`;
export const reminderNotificationId = (eventId: string, userId: string) =>
  `${eventId}_event_reminder_${userId}`;

/** Midnight in Japan of the Japanese day `at` falls on, as an instant. */
function japanMidnight(at: Date): number {
  const shifted = at.getTime() + JAPAN_OFFSET_MS;
  return shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - JAPAN_OFFSET_MS;
}

/**
 * When the event starts: its day read in Japan at its start time in Japan; without a readable
 * start time, 00:00 of that day. Null without a day.
 */
export function eventStartInJapan(date: Date | null, startTime: string): Date | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  const m = /^(\d{1,2}):(\d{2})$/.exec(startTime.trim());
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : 0;
  return new Date(japanMidnight(date) + minutes * 60_000);
}

/**
 * The stored days a run reads: every event that can start within the next REMINDER_LEAD_MS
 * (or has not started yet today) lies on today or tomorrow in Japan. A single range on `date`,
 * which Firestore serves without a composite index.
 */
export function reminderScanRange(now: Date): { from: Date; to: Date } {
  const today = japanMidnight(now);
  return { from: new Date(today), to: new Date(today + 2 * DAY_MS) };
}

/** A marker holds back a reminder only for the start it announced (a moved event is reminded anew). */
export function alreadyReminded(marker: ReminderMarker | null, startsAt: Date): boolean {
  return !!marker && marker.startsAt.getTime() === startsAt.getTime();
}

/**
 * The reminders due for one event now: none for a cancelled or finished event, one without a
 * day, or one outside [start − REMINDER_LEAD_MS, start) (not yet, or begun or past); else one
 * for each current participant (someone who left is no longer one) without a marker for this
 * start. `sent` holds the markers read, by markerId.
 */
export function decideReminders(
  event: ReminderEvent,
  now: Date,
  sent: ReadonlyMap<string, ReminderMarker>,
): DueReminder[] {
  if (event.status === 'cancelled' || event.status === 'finished') return [];
  const startsAt = eventStartInJapan(event.date, event.startTime);
  if (!startsAt) return [];
  const t = now.getTime();
  if (t < startsAt.getTime() - REMINDER_LEAD_MS || t >= startsAt.getTime()) return [];
  const day: ReminderDay = japanMidnight(now) < japanMidnight(startsAt) ? 'tomorrow' : 'today';
  return [...new Set(event.participants)]
    .filter(
      (userId) => !alreadyReminded(sent.get(reminderMarkerId(event.id, userId)) ?? null, startsAt),
    )
    .map((userId) => ({
      userId,
      markerId: reminderMarkerId(event.id, userId),
      notificationId: reminderNotificationId(event.id, userId),
      startsAt,
      day,
    }));
}

/** The notification's data for a due reminder. */
export function reminderData(event: ReminderEvent, due: DueReminder): EventReminderData {
  return {
    eventId: event.id,
    eventTitle: event.title,
    location: event.location,
    startsAt: due.startsAt.toISOString(),
    startTime: /^\d{1,2}:\d{2}$/.test(event.startTime.trim()) ? event.startTime.trim() : '',
    day: due.day,
  };
}
