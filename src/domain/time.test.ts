import { toDateOrNull } from '@/domain/time';

describe('toDateOrNull', () => {
  const when = new Date(2024, 4, 10, 9, 30, 15, 250);

  it('reads a Firestore Timestamp through toDate()', () => {
    expect(toDateOrNull({ toDate: () => when })).toEqual(when);
  });

  it('reads a serialized timestamp, nanoseconds to the millisecond', () => {
    const seconds = Math.floor(when.getTime() / 1000);
    expect(toDateOrNull({ seconds, nanoseconds: 250_999_999 })).toEqual(when);
    expect(toDateOrNull({ seconds })).toEqual(new Date(seconds * 1000));
  });

  it('reads a Date, an epoch number and an ISO string', () => {
    expect(toDateOrNull(when)).toEqual(when);
    expect(toDateOrNull(when.getTime())).toEqual(when);
    expect(toDateOrNull(when.toISOString())).toEqual(when);
  });

  it('reads a bare yyyy-MM-dd as local midnight of that day', () => {
    expect(toDateOrNull('2024-05-10')).toEqual(new Date(2024, 4, 10));
  });

  it('rejects a yyyy-MM-dd that is not a calendar day', () => {
    expect(toDateOrNull('2024-02-30')).toBeNull();
    expect(toDateOrNull('2024-13-01')).toBeNull();
  });

  it('gives null for missing or unreadable values', () => {
    for (const v of [
      null,
      undefined,
      '',
      '   ',
      'tomorrow',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      new Date('x'),
      {},
      [],
      true,
    ]) {
      expect(toDateOrNull(v)).toBeNull();
    }
  });

  it('gives null when toDate() yields an invalid date', () => {
    expect(toDateOrNull({ toDate: () => new Date('x') })).toBeNull();
  });
});

describe('toDateOrNull west of Greenwich', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('keeps a bare yyyy-MM-dd on its own day', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    // Node applies a TZ change at once; a runtime that cannot is still covered by the UTC case.
    if (new Date(2024, 0, 1).getTimezoneOffset() === 0) return;
    const d = toDateOrNull('2024-05-10')!;
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2024, 4, 10, 0]);
  });
});
