import { format } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import {
  formatDayHeading,
  formatEventTimes,
  formatFee,
  formatIsoDate,
  formatLongDate,
  formatLongDateWithWeekday,
  formatRange,
  formatSlashDate,
  formatTime,
  isSameDay,
} from '@/domain/format';

const d = new Date(2024, 4, 3, 9, 5, 0); // Friday 3 May 2024, 09:05 local
const invalid = new Date('x');

describe('date formatters (docs/constants.md)', () => {
  it('long date is yyyy年M月d日 without zero padding', () => {
    expect(formatLongDate(d)).toBe('2024年5月3日');
    expect(formatLongDate(new Date(2024, 11, 25))).toBe('2024年12月25日');
  });

  it('long date with weekday appends the Japanese weekday', () => {
    expect(formatLongDateWithWeekday(d)).toBe('2024年5月3日(金)');
  });

  it('slash date is yyyy/MM/dd', () => {
    expect(formatSlashDate(d)).toBe('2024/05/03');
  });

  it('time is 24-hour HH:mm', () => {
    expect(formatTime(d)).toBe('09:05');
    expect(formatTime(new Date(2024, 4, 3, 21, 30))).toBe('21:30');
  });

  it('ISO date is yyyy-MM-dd in local time', () => {
    expect(formatIsoDate(d)).toBe('2024-05-03');
    expect(formatIsoDate(new Date(2024, 0, 1, 0, 0))).toBe('2024-01-01');
  });

  it.each([
    ['formatLongDate', formatLongDate],
    ['formatLongDateWithWeekday', formatLongDateWithWeekday],
    ['formatSlashDate', formatSlashDate],
    ['formatTime', formatTime],
    ['formatIsoDate', formatIsoDate],
  ] as const)('%s gives an empty string for null, undefined and invalid dates', (_name, fn) => {
    expect(fn(null)).toBe('');
    expect(fn(undefined)).toBe('');
    expect(fn(invalid)).toBe('');
  });

  it('writes what date-fns with its Japanese locale writes, every day of a leap year', () => {
    for (let day = 0; day < 366; day++) {
      const at = new Date(2024, 0, 1 + day, day % 24, (day * 7) % 60);
      expect(formatLongDate(at)).toBe(format(at, 'yyyy年M月d日', { locale: ja }));
      expect(formatLongDateWithWeekday(at)).toBe(format(at, 'yyyy年M月d日(E)', { locale: ja }));
      expect(formatSlashDate(at)).toBe(format(at, 'yyyy/MM/dd', { locale: ja }));
      expect(formatTime(at)).toBe(format(at, 'HH:mm', { locale: ja }));
      expect(formatIsoDate(at)).toBe(format(at, 'yyyy-MM-dd', { locale: ja }));
    }
  });
});

describe('formatRange', () => {
  it('joins start and end with a wave dash', () => {
    expect(formatRange('2024/05/03', '2024/05/05')).toBe('2024/05/03〜2024/05/05');
    expect(formatRange(formatTime(d), '11:00')).toBe('09:05〜11:00');
  });

  it('shows only the side that is there', () => {
    expect(formatRange('10:00', '')).toBe('10:00');
    expect(formatRange('', '12:00')).toBe('12:00');
    expect(formatRange('', '')).toBe('');
  });
});

describe('formatEventTimes', () => {
  it('shows start〜end', () => {
    expect(formatEventTimes('10:00', '12:00')).toBe('10:00〜12:00');
  });

  it('shows only the start when there is no end time', () => {
    expect(formatEventTimes('10:00', '')).toBe('10:00');
    expect(formatEventTimes('10:00', '  ')).toBe('10:00');
  });
});

describe('isSameDay', () => {
  it('compares year, month and day only', () => {
    expect(isSameDay(new Date(2024, 4, 3, 0, 0), new Date(2024, 4, 3, 23, 59))).toBe(true);
    expect(isSameDay(new Date(2024, 4, 3, 23, 59), new Date(2024, 4, 4, 0, 0))).toBe(false);
    expect(isSameDay(new Date(2024, 4, 3), new Date(2024, 5, 3))).toBe(false);
    expect(isSameDay(new Date(2024, 4, 3), new Date(2023, 4, 3))).toBe(false);
  });

  it('is false when either date is missing', () => {
    expect(isSameDay(null, d)).toBe(false);
    expect(isSameDay(d, undefined)).toBe(false);
    expect(isSameDay(invalid, invalid)).toBe(false);
  });
});

describe('formatFee', () => {
  it('shows 無料 for a free event', () => {
    expect(formatFee(0)).toBe('無料');
  });

  it('shows yen with thousands separators', () => {
    expect(formatFee(500)).toBe('¥500');
    expect(formatFee(1500)).toBe('¥1,500');
    expect(formatFee(1234567)).toBe('¥1,234,567');
  });

  it('gives an empty string for a value that is not a number', () => {
    expect(formatFee(Number.NaN)).toBe('');
  });
});

describe('formatDayHeading', () => {
  const now = new Date(2024, 4, 1, 0, 30); // 1 May 2024, just after midnight

  it('says 今日 for any time of the same calendar day', () => {
    expect(formatDayHeading(new Date(2024, 4, 1, 0, 0), now)).toBe('今日');
    expect(formatDayHeading(new Date(2024, 4, 1, 23, 59), now)).toBe('今日');
  });

  it('says 昨日 for the calendar day before, across a month end', () => {
    expect(formatDayHeading(new Date(2024, 3, 30, 23, 59), now)).toBe('昨日');
    expect(formatDayHeading(new Date(2024, 3, 30, 0, 0), now)).toBe('昨日');
  });

  it('gives the long date with its weekday for older days', () => {
    expect(formatDayHeading(new Date(2024, 3, 29, 12, 0), now)).toBe('2024年4月29日(月)');
  });

  it('gives an empty string for a missing date', () => {
    expect(formatDayHeading(null, now)).toBe('');
  });
});
