import ical, { ICalEventStatus } from 'ical-generator';
// Types only: the entries are made by the page (calendarEntry), so this chunk holds
// ical-generator and nothing the page's own chunk also needs.
import type { CalendarEntry } from '@/domain/event-calendar';

/**
 * An event as an iCalendar file (RFC 5545), for 「カレンダーに追加」 (and a series' dates,
 * calendarIcs). ical-generator escapes
 * the text values (`,` `;` `\` and line breaks) and folds lines at 75 octets without splitting
 * a character; this module is loaded only when someone asks for the file.
 *
 * The times are written in UTC (`…Z`), computed from the Japanese times (eventSpanInJapan):
 * every calendar reads a UTC time as the same instant without a time zone table, and shows it
 * in its own zone (10:00 in Japan). A `TZID=Asia/Tokyo` time would need a VTIMEZONE block that
 * ical-generator writes only from an external time zone database, and it writes a TZID time of
 * a plain Date from the device's clock, wrong on a device outside Japan. Japan keeps no daylight
 * saving time, so nothing is lost.
 */
export function eventIcs(entry: CalendarEntry, now: Date): string {
  return calendarIcs([entry], now);
}

/**
 * Several events as one file: a series' dates (docs/calendar.md "A series"), under the
 * calendar's `name` (X-WR-CALNAME, the name a calendar app gives the imported set). Each date is
 * the entry its own page's file makes (the same UID), so importing both never doubles a date,
 * and a cancelled date is STATUS:CANCELLED.
 */
export function calendarIcs(entries: readonly CalendarEntry[], now: Date, name?: string): string {
  const calendar = ical({
    prodId: { company: 'sports-community', product: 'events', language: 'JA' },
    name: name ?? null,
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

/** A file name for the download: the title without characters file systems refuse. */
export function icsFileName(title: string): string {
  const base = title
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base || 'event'}.ics`;
}

/** How long a downloaded file's object URL is kept: long enough for any browser to start saving. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/** Saves the file through a download link (the browser's own save, no new page). */
export function saveIcs(text: string, fileName: string): void {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_URL_LIFETIME_MS);
}
