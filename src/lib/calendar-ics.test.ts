import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarEntry } from '@/domain/event-calendar';
import { eventInJapan } from '@/test/fixtures';
import { calendarIcs, eventIcs, icsFileName } from './calendar-ics';

const URL_OF = (id: string) => `https://example.jp/events/${id}`;
const NOW = new Date('2026-11-25T13:45:07Z');

function ics(overrides: Record<string, unknown> = {}, now = NOW) {
  const event = eventInJapan(overrides);
  return eventIcs(calendarEntry(event, URL_OF(event.id)), now);
}

/** The file read by ical.js, a real iCalendar parser: its one event. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the file');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe('eventIcs (RFC 5545, read back by ical.js)', () => {
  it('is one VCALENDAR 2.0 with one VEVENT, lines ending in CRLF', () => {
    const text = ics();
    const { calendar } = parse(text);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
    expect(text.endsWith('END:VCALENDAR')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('keeps one UID per event, whatever changes and whenever the file is made', () => {
    const first = parse(ics()).event.uid;
    const later = parse(
      ics(
        { title: '名前を変えた', date: new Date('2026-12-26T15:00:00Z'), startTime: '18:00' },
        new Date('2026-12-01T00:00:00Z'),
      ),
    ).event.uid;
    expect(first).toBe('event-ev-42@sports-community');
    expect(later).toBe(first);
    expect(parse(ics({ id: 'ev-43' })).event.uid).not.toBe(first);
  });

  it('has DTSTAMP, the time the file was made, in UTC', () => {
    const stamp = parse(ics()).vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.zone?.tzid).toBe('UTC');
    expect(stamp.toJSDate().toISOString()).toBe('2026-11-25T13:45:07.000Z');
  });

  it('starts and ends at the Japanese times: 10:00〜12:00 JST is 01:00〜03:00 UTC', () => {
    const { event } = parse(ics());
    expect(event.startDate.isDate).toBe(false);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-29T01:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-29T03:00:00.000Z');
  });

  it('reads an early morning and a late evening on the right Japanese day', () => {
    const early = parse(ics({ startTime: '06:30', endTime: '08:00' })).event;
    expect(early.startDate.toJSDate().toISOString()).toBe('2026-11-28T21:30:00.000Z');
    const late = parse(ics({ startTime: '21:00', endTime: '23:30' })).event;
    expect(late.endDate.toJSDate().toISOString()).toBe('2026-11-29T14:30:00.000Z');
  });

  it('lasts two hours when there is no end time', () => {
    const { event } = parse(ics({ endTime: '' }));
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-29T03:00:00.000Z');
  });

  it('is a whole-day entry for an event with no start time on record', () => {
    const { event } = parse(ics({ startTime: '', endTime: '' }));
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-11-29');
    expect(event.endDate.toString()).toBe('2026-11-30');
  });

  it('carries SUMMARY, LOCATION, URL and DESCRIPTION, escaping , ; \\ and line breaks', () => {
    const title = '雨天決行, 集合は9:45; 持ち物\\は下記';
    const location = '東京都渋谷区代々木, 神園町 2-1; 第2グラウンド';
    const description = '持ち物：\n・室内シューズ, 水\n・タオル; 着替え\r\n\n参加費は当日現金で。';
    const text = ics({ title, location, description });
    const { event, vevent } = parse(text);

    expect(event.summary).toBe(title);
    expect(event.location).toBe(location);
    expect(vevent.getFirstPropertyValue('url')).toBe(URL_OF('ev-42'));
    // A CRLF typed in a text area is one line break, written as \n.
    expect(event.description).toBe(description.replace(/\r\n/g, '\n'));

    const unfolded = text.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('SUMMARY:雨天決行\\, 集合は9:45\\; 持ち物\\\\は下記\r\n');
    expect(unfolded).toContain('LOCATION:東京都渋谷区代々木\\, 神園町 2-1\\; 第2グラウンド\r\n');
    expect(unfolded).toContain(
      'DESCRIPTION:持ち物：\\n・室内シューズ\\, 水\\n・タオル\\; 着替え\\n\\n参加費は当日現金で。\r\n',
    );
  });

  it('folds a long Japanese description at 75 octets without splitting a character', () => {
    const description = (
      '毎週土曜の朝に集まって、フットサルを楽しんでいます。初心者・経験者を問わず大歓迎！' +
      '⚽️🏃‍♀️ 終了後は近くのカフェでお茶をすることも; 参加は自由です, 気軽にどうぞ。\n'
    ).repeat(12);
    const text = ics({ description });
    const lines = text.split('\r\n');
    const encoder = new TextEncoder();
    const decoder = new TextDecoder('utf-8', { fatal: true });

    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(20);
    for (const line of lines) {
      const octets = encoder.encode(line);
      expect(octets.length, line).toBeLessThanOrEqual(75);
      // Each physical line is whole UTF-8 on its own: no character was cut at a fold.
      expect(() => decoder.decode(octets)).not.toThrow();
      expect(line).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
    }
    expect(parse(text).event.description).toBe(description);
  });

  it('marks a cancelled event STATUS:CANCELLED under the same UID, superseding earlier files', () => {
    const open = parse(ics());
    const cancelled = parse(ics({ status: 'cancelled' }));
    expect(open.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(cancelled.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled.event.uid).toBe(open.event.uid);
    expect(cancelled.event.sequence).toBeGreaterThan(open.event.sequence);
  });

  it('leaves out an empty place and description', () => {
    const { vevent } = parse(ics({ location: '', description: '' }));
    expect(vevent.hasProperty('location')).toBe(false);
    expect(vevent.hasProperty('description')).toBe(false);
  });
});

describe('calendarIcs: a series’ dates in one file', () => {
  const dates = [
    eventInJapan({ id: 's1_2026-12-03', date: new Date('2026-12-02T15:00:00Z') }),
    eventInJapan({
      id: 's1_2026-12-10',
      date: new Date('2026-12-09T15:00:00Z'),
      status: 'cancelled',
    }),
    eventInJapan({ id: 's1_2026-12-17', date: new Date('2026-12-16T15:00:00Z') }),
  ];
  const text = calendarIcs(
    dates.map((e) => calendarEntry(e, URL_OF(e.id))),
    NOW,
    { name: '木曜フットサル' },
  );
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');

  it('holds every date, in order, each under the UID its own page’s file uses', () => {
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('木曜フットサル');
    expect(events.map((v) => new ICAL.Event(v).uid)).toEqual(
      dates.map((e) => parse(eventIcs(calendarEntry(e, URL_OF(e.id)), NOW)).event.uid),
    );
    expect(events.map((v) => new ICAL.Event(v).startDate.toJSDate().toISOString())).toEqual(
      dates.map((e) => calendarEntry(e, '').span.start.toISOString()),
    );
  });

  it('marks a cancelled date STATUS:CANCELLED and the others CONFIRMED', () => {
    expect(events.map((v) => v.getFirstPropertyValue('status'))).toEqual([
      'CONFIRMED',
      'CANCELLED',
      'CONFIRMED',
    ]);
  });
});

describe('icsFileName', () => {
  it('is the title with characters file systems refuse replaced', () => {
    expect(icsFileName('週末フットサル')).toBe('週末フットサル.ics');
    expect(icsFileName('A/B: "練習"?')).toBe('A B 練習.ics');
    expect(icsFileName(' / ')).toBe('event.ics');
  });
});
