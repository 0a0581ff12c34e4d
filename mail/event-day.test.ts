import { formatEventDay, formatEventWhen } from './templates';

/** An event's day in a mail is Japan's calendar day, whatever zone the server runs in. */
describe('formatEventDay', () => {
  it('reads the day in Japan: midnight JST is still that day, 15:00 UTC the next', () => {
    expect(formatEventDay(new Date('2024-05-09T15:00:00Z'))).toBe('2024年5月10日(金)');
    expect(formatEventDay(new Date('2024-05-10T14:59:59Z'))).toBe('2024年5月10日(金)');
    expect(formatEventDay(new Date('2024-05-10T15:00:00Z'))).toBe('2024年5月11日(土)');
    expect(formatEventDay(new Date('2024-12-31T15:00:00Z'))).toBe('2025年1月1日(水)');
    expect(formatEventDay(new Date('2024-02-28T15:00:00Z'))).toBe('2024年2月29日(木)');
  });

  it("gives Intl's Asia/Tokyo day and weekday for every hour of two years", () => {
    const tokyo = new Intl.DateTimeFormat('ja-JP', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
    });
    const expected = (d: Date) => {
      const p = Object.fromEntries(tokyo.formatToParts(d).map((x) => [x.type, x.value]));
      return `${p.year}年${p.month}月${p.day}日(${p.weekday})`;
    };
    const start = Date.UTC(2025, 0, 1);
    const mismatches: string[] = [];
    for (let t = start; t < start + 2 * 366 * 86_400_000; t += 3_600_000) {
      const d = new Date(t);
      if (formatEventDay(d) !== expected(d)) mismatches.push(d.toISOString());
    }
    expect(mismatches).toEqual([]);
  });

  it('writes the times after the day, or 未定 without a day', () => {
    const date = new Date('2024-05-09T15:00:00Z');
    expect(formatEventWhen({ date, startTime: '10:00', endTime: '12:00' })).toBe(
      '2024年5月10日(金) 10:00〜12:00',
    );
    expect(formatEventWhen({ date, startTime: '10:00', endTime: '' })).toBe(
      '2024年5月10日(金) 10:00〜',
    );
    expect(formatEventWhen({ date: null, startTime: '', endTime: '' })).toBe('未定');
  });
});
