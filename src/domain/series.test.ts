import { describe, expect, it } from 'vitest';
import { dateEventData, planGeneration, seriesDays } from './series-recurrence';
import {
  SERIES_NO_NEXT_DATE,
  dateEventId,
  japanMidnight,
  japanToday,
  seriesEndLabel,
  seriesRecordOf,
  seriesRuleLabel,
  seriesScheduleLabel,
  type SeriesRule,
} from './series';

const rule = (over: Partial<SeriesRule> = {}): SeriesRule => ({
  frequency: 'weekly',
  weekdays: [4],
  monthlyMode: 'nthWeekday',
  nth: 1,
  monthDay: 1,
  firstDate: '2026-12-03',
  end: 'none',
  until: '',
  count: 0,
  ...over,
});

const record = (
  over: Partial<SeriesRule> & { nextDate?: string; status?: 'active' | 'ended' } = {},
) => ({
  ...seriesRecordOf('s1', {}),
  ...rule(over),
  nextDate: over.nextDate ?? '',
  status: over.status ?? 'active',
  template: { title: 'フットサル' },
});

/** 2026-12-01 09:00 in Japan. */
const NOW = new Date('2026-12-01T00:00:00Z');

describe('series days', () => {
  it('毎週木曜 gives every Thursday from the first date', () => {
    expect(seriesDays(rule(), '2026-12-01', '2026-12-31', 10)).toEqual([
      '2026-12-03',
      '2026-12-10',
      '2026-12-17',
      '2026-12-24',
      '2026-12-31',
    ]);
  });

  it('毎週 on two weekdays, 隔週, 毎月第2土曜, 毎月15日', () => {
    expect(seriesDays(rule({ weekdays: [1, 4] }), '2026-12-01', '2026-12-10', 10)).toEqual([
      '2026-12-03',
      '2026-12-07',
      '2026-12-10',
    ]);
    expect(seriesDays(rule({ frequency: 'biweekly' }), '2026-12-01', '2026-12-31', 10)).toEqual([
      '2026-12-03',
      '2026-12-17',
      '2026-12-31',
    ]);
    expect(
      seriesDays(
        rule({ frequency: 'monthly', weekdays: [6], nth: 2, firstDate: '2026-12-12' }),
        '2026-12-01',
        '2027-02-28',
        10,
      ),
    ).toEqual(['2026-12-12', '2027-01-09', '2027-02-13']);
    expect(
      seriesDays(
        rule({
          frequency: 'monthly',
          monthlyMode: 'monthDay',
          monthDay: 15,
          firstDate: '2026-12-15',
        }),
        '2026-12-01',
        '2027-02-28',
        10,
      ),
    ).toEqual(['2026-12-15', '2027-01-15', '2027-02-15']);
  });

  it('ends on the last date or after the count', () => {
    expect(
      seriesDays(rule({ end: 'until', until: '2026-12-17' }), '2026-12-01', '2027-12-31', 50),
    ).toHaveLength(3);
    expect(seriesDays(rule({ end: 'count', count: 2 }), '2026-12-01', '2027-12-31', 50)).toEqual([
      '2026-12-03',
      '2026-12-10',
    ]);
  });
});

describe('planGeneration', () => {
  it('creates the window’s dates once, then waits for the window to move', () => {
    const plan = planGeneration(record(), NOW)!;
    // Today is 12-01 in Japan; the window runs 56 days, to 2027-01-26.
    expect(plan.days[0]).toBe('2026-12-03');
    expect(plan.days.at(-1)).toBe('2027-01-21');
    expect(plan.days).toHaveLength(8);
    expect(plan.nextDate).toBe('2027-01-28');
    expect(planGeneration(record({ nextDate: plan.nextDate }), NOW)).toBeNull();
    // A day later the window reaches nothing new yet; a week later the next Thursday.
    const weekLater = new Date(NOW.getTime() + 7 * 86_400_000);
    expect(planGeneration(record({ nextDate: plan.nextDate }), weekLater)?.days).toEqual([
      '2027-01-28',
    ]);
  });

  it('never makes a day gone by, and stops for good when the rule has no day left', () => {
    const late = planGeneration(
      record({ end: 'count', count: 3 }),
      new Date('2026-12-12T00:00:00Z'),
    )!;
    expect(late.days).toEqual(['2026-12-17']);
    expect(late.nextDate).toBe(SERIES_NO_NEXT_DATE);
    expect(planGeneration(record({ nextDate: SERIES_NO_NEXT_DATE }), NOW)).toBeNull();
    expect(planGeneration(record({ status: 'ended' }), NOW)).toBeNull();
  });
});

describe('words and ids', () => {
  it('says the rule as the series page heads it', () => {
    expect(seriesScheduleLabel(rule(), '19:00', '21:00')).toBe('毎週木曜 19:00〜21:00');
    expect(seriesRuleLabel(rule({ weekdays: [4, 1] }))).toBe('毎週月・木曜');
    expect(seriesRuleLabel(rule({ frequency: 'biweekly', weekdays: [6] }))).toBe('隔週土曜');
    expect(seriesRuleLabel(rule({ frequency: 'monthly', weekdays: [6], nth: 2 }))).toBe(
      '毎月第2土曜',
    );
    expect(
      seriesRuleLabel(rule({ frequency: 'monthly', monthlyMode: 'monthDay', monthDay: 15 })),
    ).toBe('毎月15日');
    expect(seriesEndLabel(rule({ end: 'count', count: 10 }))).toBe('全10回');
    expect(seriesEndLabel(rule({ end: 'until', until: '2027-03-31' }))).toBe('2027年3月31日まで');
  });

  it('names a date by its series and day, and stores the day as midnight in Japan', () => {
    expect(dateEventId('abc', '2026-12-03')).toBe('abc-20261203');
    expect(japanMidnight('2026-12-03').toISOString()).toBe('2026-12-02T15:00:00.000Z');
    expect(japanToday(new Date('2026-12-01T15:30:00Z'))).toBe('2026-12-02');
  });
});

describe('a date’s minimum headcount', () => {
  const withMinimum = (deadline: 'dayBefore18' | 'start3h') => ({
    ...record(),
    template: {
      title: 'フットサル',
      startTime: '19:00',
      minHeadcount: { min: 4, mode: 'cancel', deadline },
    },
  });

  it('takes the template’s minimum with a decision time of its own day', () => {
    const a = dateEventData(withMinimum('dayBefore18'), '2026-12-10', NOW);
    expect(a.minHeadcount).toEqual({ min: 4, mode: 'cancel', deadline: 'dayBefore18' });
    // 2026-12-09 18:00 in Japan.
    expect((a.headcountDecideAt as Date).toISOString()).toBe('2026-12-09T09:00:00.000Z');
    const b = dateEventData(withMinimum('start3h'), '2026-12-17', NOW);
    // 2026-12-17 16:00 in Japan.
    expect((b.headcountDecideAt as Date).toISOString()).toBe('2026-12-17T07:00:00.000Z');
  });

  it('gives none to a date whose decision time has gone by, nor without a minimum', () => {
    // 2026-12-01 is today: its 前日 18:00 has passed.
    const today = dateEventData(withMinimum('dayBefore18'), '2026-12-01', NOW);
    expect(today).not.toHaveProperty('minHeadcount');
    expect(today).not.toHaveProperty('headcountDecideAt');
    expect(dateEventData(record(), '2026-12-10', NOW)).not.toHaveProperty('minHeadcount');
  });
});
