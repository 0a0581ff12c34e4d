import { formatRelative } from '@/domain/relative-time';

const invalid = new Date('x');

describe('formatRelative', () => {
  const now = new Date(2024, 4, 10, 12, 0, 0);

  it('describes the past with 前', () => {
    expect(formatRelative(new Date(2024, 4, 10, 11, 57), now)).toBe('3分前');
    expect(formatRelative(new Date(2024, 4, 10, 11, 0), now)).toBe('約1時間前');
    expect(formatRelative(new Date(2024, 4, 7, 12, 0), now)).toBe('3日前');
  });

  it('says たった今 under a minute, either way, and minutes from one minute', () => {
    expect(formatRelative(new Date(2024, 4, 10, 11, 59, 59), now)).toBe('たった今');
    expect(formatRelative(new Date(2024, 4, 10, 11, 59, 1), now)).toBe('たった今');
    expect(formatRelative(now, now)).toBe('たった今');
    expect(formatRelative(new Date(2024, 4, 10, 12, 0, 5), now)).toBe('たった今');
    expect(formatRelative(new Date(2024, 4, 10, 11, 59, 0), now)).toBe('1分前');
  });

  it('describes the future with 後', () => {
    expect(formatRelative(new Date(2024, 4, 12, 12, 0), now)).toBe('2日後');
  });

  it('uses the current time when no reference is given', () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    try {
      expect(formatRelative(new Date(2024, 4, 10, 11, 57))).toBe('3分前');
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives an empty string for a missing date', () => {
    expect(formatRelative(null, now)).toBe('');
    expect(formatRelative(invalid, now)).toBe('');
  });
});
