import { describe, expect, it } from 'vitest';
import { requestIdFor } from '@/domain/entities/participation-request';
import {
  planPlacement,
  regularRecordOf,
  regularRequestId,
  seatingOrder,
  type RegularRecord,
} from './series-regulars';

const NOW = new Date('2026-12-01T03:00:00Z');
const reg = (userId: string, joinedAt: number, extra: Partial<RegularRecord> = {}) =>
  ({ userId, status: 'accepted', joinedAt, skips: [], ...extra }) as RegularRecord;
const date = (extra: Record<string, unknown> = {}) => ({
  seriesDay: '2026-12-03',
  status: 'open',
  capacity: 2,
  participants: [],
  waitlist: [],
  ...extra,
});

describe('planPlacement', () => {
  it('seats regulars in joining order within capacity and lines the rest up', () => {
    const plan = planPlacement(date(), [reg('c', 3), reg('a', 1), reg('b', 2)], NOW);
    expect(plan).toMatchObject({
      participants: ['a', 'b'],
      waitlist: ['c'],
      regularsPlaced: ['a', 'b', 'c'],
      added: ['a', 'b', 'c'],
      seated: ['a', 'b'],
    });
  });

  it('places nobody twice: placed before, in, waiting, skipping, removed, or pending', () => {
    const d = date({
      capacity: 0,
      participants: ['in'],
      waitlist: ['w'],
      regularsPlaced: ['left'],
      removals: { gone: { by: 'o', reason: 'x' } },
    });
    const regulars = [
      reg('left', 1),
      reg('in', 2),
      reg('w', 3),
      reg('skip', 4, { skips: ['2026-12-03'] }),
      reg('gone', 5),
      reg('p', 6, { status: 'pending' }),
    ];
    expect(planPlacement(d, regulars, NOW)).toBeNull();
    // Nobody takes a seat ahead of the line.
    expect(planPlacement(d, [...regulars, reg('new', 7)], NOW)).toMatchObject({
      participants: ['in'],
      waitlist: ['w', 'new'],
      seated: [],
    });
  });

  it('places nobody on a date that is not open or whose day has passed', () => {
    expect(planPlacement(date({ status: 'cancelled' }), [reg('a', 1)], NOW)).toBeNull();
    expect(planPlacement(date({ seriesDay: '2026-11-30' }), [reg('a', 1)], NOW)).toBeNull();
  });

  it('reads stored regulars and keeps the accepted ones in order', () => {
    const r = regularRecordOf('u', { status: 'accepted', joinedAt: new Date(5), skips: ['x', 1] });
    expect(r).toEqual({ userId: 'u', status: 'accepted', joinedAt: 5, skips: ['x'] });
    expect(regularRecordOf('v', {}).status).toBe('pending');
    expect(
      seatingOrder([reg('b', 1), reg('a', 1), reg('p', 0, { status: 'pending' })]).map(
        (x) => x.userId,
      ),
    ).toEqual(['a', 'b']);
  });

  it('gives the approved request the one id a person’s request for an event has', () => {
    expect(regularRequestId('e1', 'u1')).toBe(requestIdFor('e1', 'u1'));
  });
});
