import { EVENT_DEFAULT_DURATION_MS } from './event-duration.js';

/**
 * An event as a calendar or a map is given it (docs/calendar.md). The Cloud Functions compile
 * this file for the series calendar (mail/handlers/series-calendar.ts), so it imports nothing
 * but event-duration.ts and reads an event by the fields it uses (a SportEvent has them all).
 *
 * Events take place in Japan: the day is stored as local midnight of an organizer in Japan and
 * the times are Japanese wall-clock times. Here they are read as such whatever the device's time
 * zone, so a calendar entry made abroad still starts at the hour the page says in Japan.
 */
export const EVENT_TIME_ZONE = 'Asia/Tokyo';

/** What a calendar entry reads of an event (the app's SportEvent, or a stored date's fields). */
export interface CalendarEventFields {
  id: string;
  title: string;
  description: string;
  location: string;
  /** The day: midnight in Japan. */
  date: Date;
  startTime: string;
  endTime: string;
  status: string;
}

/** Japan keeps no daylight saving time: its offset from UTC is always +09:00. */
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * The description sent in a Google Calendar link is cut here: the whole text is in the link's
 * event page, and a description of 2,000 Japanese characters would make a URL of about 18 KB.
 */
export const GOOGLE_CALENDAR_DETAILS_MAX = 1000;

export interface EventSpan {
  /** No start time on record (older events): the whole day. */
  allDay: boolean;
  /**
   * The start and end instants; for a whole day, midnight UTC of the Japanese day and of the day
   * after (the end is exclusive, as in iCalendar), so their UTC fields are the dates.
   */
  start: Date;
  end: Date;
}

function hoursAndMinutes(hhmm: string): [number, number] | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * When the event takes place: its day in Japan at its start and end times in Japan. Without an
 * end time after the start it lasts two hours, as everywhere else (eventEnd).
 */
export function eventSpanInJapan(
  event: Pick<CalendarEventFields, 'date' | 'startTime' | 'endTime'>,
): EventSpan {
  const day = new Date(event.date.getTime() + JAPAN_OFFSET_MS);
  const [year, month, date] = [day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()];
  const at = ([hours, minutes]: [number, number]) =>
    new Date(Date.UTC(year, month, date, hours, minutes) - JAPAN_OFFSET_MS);

  const startTime = hoursAndMinutes(event.startTime);
  if (!startTime) {
    return {
      allDay: true,
      start: new Date(Date.UTC(year, month, date)),
      end: new Date(Date.UTC(year, month, date + 1)),
    };
  }
  const start = at(startTime);
  const endTime = hoursAndMinutes(event.endTime);
  const end = endTime ? at(endTime) : null;
  return {
    allDay: false,
    start,
    end:
      end && end.getTime() > start.getTime()
        ? end
        : new Date(start.getTime() + EVENT_DEFAULT_DURATION_MS),
  };
}

/** An event as both the calendar file and the Google Calendar link are made from it. */
export interface CalendarEntry {
  /** The iCalendar UID: one per event, the same in every file made for it. */
  uid: string;
  title: string;
  description: string;
  location: string;
  /** The event page. */
  url: string;
  span: EventSpan;
  cancelled: boolean;
}

export function calendarEntry(event: CalendarEventFields, pageUrl: string): CalendarEntry {
  return {
    uid: `event-${event.id}@sports-community`,
    title: event.title,
    description: event.description,
    location: event.location,
    url: pageUrl,
    span: eventSpanInJapan(event),
    cancelled: event.status === 'cancelled',
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 20261129T100000 in Japanese time, or 20261129 for a whole day (Google Calendar's `dates`). */
function googleDate(d: Date, allDay: boolean): string {
  const j = allDay ? d : new Date(d.getTime() + JAPAN_OFFSET_MS);
  const date = `${j.getUTCFullYear()}${pad(j.getUTCMonth() + 1)}${pad(j.getUTCDate())}`;
  return allDay ? date : `${date}T${pad(j.getUTCHours())}${pad(j.getUTCMinutes())}00`;
}

/**
 * A link that opens Google Calendar's new-event form filled in with the event, its times in
 * Japanese time (`ctz`); the details end with the event page's address.
 */
export function googleCalendarUrl(entry: CalendarEntry): string {
  const { span } = entry;
  // Cut by characters, not UTF-16 units, so no emoji is split in half.
  const chars = Array.from(entry.description);
  const description =
    chars.length > GOOGLE_CALENDAR_DETAILS_MAX
      ? `${chars.slice(0, GOOGLE_CALENDAR_DETAILS_MAX).join('')}…`
      : entry.description;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: entry.title,
    dates: `${googleDate(span.start, span.allDay)}/${googleDate(span.end, span.allDay)}`,
    ctz: EVENT_TIME_ZONE,
    details: description ? `${description}\n\n${entry.url}` : entry.url,
    location: entry.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** A Google Maps search for the place as written on the event. */
export function mapSearchUrl(location: string): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query: location.trim() }).toString()}`;
}

/**
 * A series' calendar subscription, as Hosting serves it (firebase.json rewrites it to the
 * seriesCalendar Function; docs/calendar.md "A series").
 */
export const seriesCalendarPath = (seriesId: string): string =>
  `/calendar/series/${encodeURIComponent(seriesId)}.ics`;
