import { describe, expect, it } from 'vitest';
import { eventInJapan as event } from '@/test/fixtures';
import {
  calendarEntry,
  eventSpanInJapan,
  GOOGLE_CALENDAR_DETAILS_MAX,
  googleCalendarUrl,
  mapSearchUrl,
} from './event-calendar';

const PAGE = 'https://example.jp/events/ev-42';

describe('eventSpanInJapan', () => {
  it('is the day in Japan at the Japanese start and end times', () => {
    const span = eventSpanInJapan(event());
    expect(span.allDay).toBe(false);
    expect(span.start.toISOString()).toBe('2026-11-29T01:00:00.000Z');
    expect(span.end.toISOString()).toBe('2026-11-29T03:00:00.000Z');
  });

  it('reads the day as a viewer in Japan does, whatever the hour of the stored instant', () => {
    // A day written at UTC midnight (a device west of Japan) is still 29 November in Japan.
    const span = eventSpanInJapan(event({ date: new Date('2026-11-29T00:00:00Z') }));
    expect(span.start.toISOString()).toBe('2026-11-29T01:00:00.000Z');
  });

  it('lasts two hours without an end time after the start', () => {
    expect(eventSpanInJapan(event({ endTime: '' })).end.toISOString()).toBe(
      '2026-11-29T03:00:00.000Z',
    );
    expect(eventSpanInJapan(event({ endTime: '09:00' })).end.toISOString()).toBe(
      '2026-11-29T03:00:00.000Z',
    );
  });

  it('is the whole Japanese day without a start time', () => {
    const span = eventSpanInJapan(event({ startTime: '', endTime: '' }));
    expect(span).toEqual({
      allDay: true,
      start: new Date('2026-11-29T00:00:00Z'),
      end: new Date('2026-11-30T00:00:00Z'),
    });
  });
});

describe('googleCalendarUrl', () => {
  const params = (url: string) => {
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(
      'https://calendar.google.com/calendar/render',
    );
    return parsed.searchParams;
  };

  it('fills in the title, the Japanese times with ctz, the place and the details', () => {
    const p = params(googleCalendarUrl(calendarEntry(event(), PAGE)));
    expect(p.get('action')).toBe('TEMPLATE');
    expect(p.get('text')).toBe('週末フットサル');
    expect(p.get('dates')).toBe('20261129T100000/20261129T120000');
    expect(p.get('ctz')).toBe('Asia/Tokyo');
    expect(p.get('location')).toBe('代々木公園 サッカー場');
    expect(p.get('details')).toBe(`初心者歓迎です。\n\n${PAGE}`);
  });

  it('keeps , ; & # and line breaks intact through the query string', () => {
    const title = 'A&B #1, 練習; 雨天決行';
    const description = '持ち物：水, タオル\n場所 & 時間は変更あり';
    const p = params(googleCalendarUrl(calendarEntry(event({ title, description }), PAGE)));
    expect(p.get('text')).toBe(title);
    expect(p.get('details')).toBe(`${description}\n\n${PAGE}`);
  });

  it('gives whole-day dates (the end exclusive) without a start time', () => {
    const p = params(googleCalendarUrl(calendarEntry(event({ startTime: '', endTime: '' }), PAGE)));
    expect(p.get('dates')).toBe('20261129/20261130');
  });

  it('cuts a long description by characters and keeps the page link', () => {
    const description = '😀'.repeat(GOOGLE_CALENDAR_DETAILS_MAX + 5);
    const details = params(googleCalendarUrl(calendarEntry(event({ description }), PAGE))).get(
      'details',
    )!;
    expect(details).toBe(`${'😀'.repeat(GOOGLE_CALENDAR_DETAILS_MAX)}…\n\n${PAGE}`);
  });

  it('is only the page link when there is no description', () => {
    expect(
      params(googleCalendarUrl(calendarEntry(event({ description: '' }), PAGE))).get('details'),
    ).toBe(PAGE);
  });
});

describe('mapSearchUrl', () => {
  it('is a Google Maps search for the place as written', () => {
    const url = new URL(mapSearchUrl(' 世田谷区総合運動場 体育館 & 第2コート '));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.google.com/maps/search/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('query')).toBe('世田谷区総合運動場 体育館 & 第2コート');
  });
});
