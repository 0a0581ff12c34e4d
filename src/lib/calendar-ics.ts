import { calendarIcs } from '@/domain/calendar-ics';
// Types only: the entries are made by the page (calendarEntry), so this chunk holds
// ical-generator and nothing the page's own chunk also needs.
import type { CalendarEntry } from '@/domain/event-calendar';

/**
 * The calendar files the pages save (docs/calendar.md): this module is loaded only when someone
 * asks for one, with the writer (src/domain/calendar-ics.ts, shared with the series'
 * subscription) and ical-generator.
 */
export { calendarIcs };

/** An event as an iCalendar file, for 「カレンダーに追加」. */
export function eventIcs(entry: CalendarEntry, now: Date): string {
  return calendarIcs([entry], now);
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
