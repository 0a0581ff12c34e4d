import { describe, expect, it } from 'vitest';
import {
  decideAtFor,
  decideHeadcount,
  headcountRefusal,
  headcountStatusLabel,
  movedDecideAt,
  type HeadcountEvent,
} from './headcount';

const DAY = new Date('2027-01-14T15:00:00Z'); // 2027-01-15 00:00 in Japan
const START = new Date('2027-01-15T10:00:00Z'); // 19:00 in Japan
const BEFORE = new Date('2027-01-13T00:00:00Z');

const event = (over: Partial<HeadcountEvent> = {}): HeadcountEvent => ({
  status: 'open',
  participants: ['a', 'b', 'c'],
  minHeadcount: { min: 4, mode: 'cancel', deadline: 'dayBefore18' },
  headcountDecideAt: new Date('2027-01-14T09:00:00Z'),
  headcountDecision: null,
  ...over,
});

describe('the decision time', () => {
  it('is 18:00 the day before, three hours before the start, or the time given', () => {
    expect(decideAtFor('dayBefore18', DAY, START, null)?.toISOString()).toBe(
      '2027-01-14T09:00:00.000Z',
    );
    expect(decideAtFor('start3h', DAY, START, null)?.toISOString()).toBe(
      '2027-01-15T07:00:00.000Z',
    );
    expect(decideAtFor('custom', DAY, START, BEFORE)).toBe(BEFORE);
    expect(decideAtFor('custom', DAY, START, null)).toBeNull();
  });
});

describe('moving an event', () => {
  const NEXT_DAY = new Date('2027-01-21T15:00:00Z'); // 2027-01-22 00:00 in Japan
  it('moves a relative decision time with the day and the start', () => {
    expect(movedDecideAt(event(), NEXT_DAY, '19:00')?.toISOString()).toBe(
      '2027-01-21T09:00:00.000Z',
    );
    const start3h = event({ minHeadcount: { min: 4, mode: 'ask', deadline: 'start3h' } });
    expect(movedDecideAt(start3h, DAY, '20:30')?.toISOString()).toBe('2027-01-15T08:30:00.000Z');
  });

  it('leaves a set time, a decided event, no minimum and an unchanged time alone', () => {
    const custom = event({ minHeadcount: { min: 4, mode: 'cancel', deadline: 'custom' } });
    expect(movedDecideAt(custom, NEXT_DAY, '19:00')).toBeNull();
    const decided = event({ headcountDecision: { result: 'held', count: 4, at: null } });
    expect(movedDecideAt(decided, NEXT_DAY, '19:00')).toBeNull();
    expect(movedDecideAt(event({ minHeadcount: null }), NEXT_DAY, '19:00')).toBeNull();
    // 前日 18:00 does not depend on the start time.
    expect(movedDecideAt(event(), DAY, '20:00')).toBeNull();
  });
});

describe('a setting', () => {
  const setting = { min: 4, mode: 'ask', deadline: 'custom' } as const;
  const at = new Date('2027-01-14T09:00:00Z');
  const refusal = (
    over: Partial<typeof setting> | object,
    decideAt: Date | null = at,
    capacity = 10,
  ) => headcountRefusal({ ...setting, ...over }, decideAt, { capacity, start: START }, BEFORE);

  it('is accepted with a whole minimum within capacity and a time between now and the start', () => {
    expect(refusal({})).toBeNull();
    expect(refusal({}, at, 0)).toBeNull();
  });

  it('is refused with a minimum below 2, fractional, or above the capacity', () => {
    expect(refusal({ min: 1 })).toBe('headcountMinInvalid');
    expect(refusal({ min: 2.5 })).toBe('headcountMinInvalid');
    expect(refusal({ min: 11 })).toBe('headcountAboveCapacity');
  });

  it('is refused with a time missing, at or after the start, or already past', () => {
    expect(refusal({}, null)).toBe('headcountDecideAtMissing');
    expect(refusal({}, START)).toBe('headcountDecideAfterStart');
    expect(refusal({}, new Date(BEFORE.getTime() - 1))).toBe('headcountDecideAtPast');
  });
});

describe('the decision', () => {
  const at = new Date('2027-01-14T09:00:00Z');

  it('is nothing before its time, once decided, or for an event no longer running', () => {
    expect(decideHeadcount(event(), new Date(at.getTime() - 1))).toBeNull();
    expect(
      decideHeadcount(event({ headcountDecision: { result: 'held', count: 4, at } }), at),
    ).toBeNull();
    expect(decideHeadcount(event({ status: 'cancelled' }), at)).toBeNull();
    expect(decideHeadcount(event({ minHeadcount: null }), at)).toBeNull();
  });

  it('holds with enough in, and cancels or asks with too few', () => {
    expect(decideHeadcount(event({ participants: ['a', 'b', 'c', 'd'] }), at)).toEqual({
      result: 'held',
      count: 4,
    });
    expect(decideHeadcount(event(), at)).toEqual({ result: 'cancelled', count: 3 });
    const ask = event({ minHeadcount: { min: 4, mode: 'ask', deadline: 'custom' } });
    expect(decideHeadcount(ask, at)).toEqual({ result: 'asked', count: 3 });
  });
});

describe('what the page says', () => {
  it('counts down before the decision and says 開催決定 after it', () => {
    expect(headcountStatusLabel(event({ participants: ['a', 'b'] }))).toBe('あと2人で開催決定');
    expect(headcountStatusLabel(event({ participants: ['a', 'b', 'c', 'd'] }))).toBe('開催決定');
    const at = new Date();
    expect(
      headcountStatusLabel(event({ headcountDecision: { result: 'held', count: 3, at } })),
    ).toBe('開催決定');
    expect(
      headcountStatusLabel(event({ headcountDecision: { result: 'asked', count: 3, at } })),
    ).toBe('最少催行人数に届かず、主催者が開催を判断しています');
    expect(headcountStatusLabel(event({ status: 'cancelled' }))).toBeNull();
    expect(headcountStatusLabel(event({ minHeadcount: null }))).toBeNull();
  });
});
