import ical, { ICalEventStatus } from 'ical-generator';
import type { CalendarEntry } from './event-calendar.js';

/*
 * Events as one iCalendar text (RFC 5545), written by ical-generator: the file an event page or a
 * series page saves (src/lib/calendar-ics.ts) and the series' subscription the Cloud Function
 * serves (mail/handlers/series-calendar.ts) are this one writer. ical-generator escapes the text
 * values (`,` `;` `\` and line breaks) and folds lines at 75 octets without splitting a
 * character. The Functions compile this file, so it imports nothing but ical-generator and the
 * entry's type.
 *
 * The times are written in UTC (`…Z`), computed from the Japanese times (eventSpanInJapan):
 * every calendar reads a UTC time as the same instant without a time zone table, and shows it
 * in its own zone (10:00 in Japan). A `TZID=Asia/Tokyo` time would need a VTIMEZONE block that
 * ical-generator writes only from an external time zone database, and it writes a TZID time of
 * a plain Date from the device's clock, wrong on a device outside Japan. Japan keeps no daylight
 * saving time, so nothing is lost.
 */

/** What a calendar says of itself besides its events. */
export interface CalendarOptions {
  /** The calendar's name (NAME and X-WR-CALNAME, what a calendar app calls the set). */
  name?: string;
  /** A subscription: how often a calendar app should fetch it again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refreshSeconds?: number;
  /** A subscription: its own address (SOURCE) and the page it stands for (URL). */
  source?: string;
  url?: string;
}

/**
 * Each entry is a VEVENT under its own UID (`event-<id>@sports-community`), the same in every
 * file and in the subscription, so a calendar updates an entry instead of adding a second; a
 * cancelled one is STATUS:CANCELLED.
 */
export function calendarIcs(
  entries: readonly CalendarEntry[],
  now: Date,
  options: CalendarOptions = {},
): string {
  const calendar = ical({
    prodId: { company: 'sports-community', product: 'events', language: 'JA' },
    name: options.name ?? null,
    ttl: options.refreshSeconds ?? null,
    source: options.source ?? null,
    url: options.url ?? null,
  });
  for (const entry of entries) {
    const { span } = entry;
    calendar.createEvent({
      id: entry.uid,
      // A cancelled event's file replaces the entry an earlier file made (same UID), so it
      // carries a higher sequence than any file made before the cancellation.
      sequence: entry.cancelled ? 1 : 0,
      stamp: now,
      start: span.start,
      end: span.end,
      allDay: span.allDay,
      summary: entry.title,
      location: entry.location || null,
      url: entry.url,
      description: entry.description || null,
      status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
