import { describe, expect, it } from 'vitest';
import {
  planFollowingChange,
  planSeriesEnd,
  seriesPatchOf,
  type SeriesDate,
} from './series-changes';

const NOW = new Date('2027-01-01T00:00:00Z');
const TEMPLATE = {
  title: '木曜',
  description: '',
  location: 'A館',
  startTime: '19:00',
  endTime: '21:00',
  fee: 500,
};

const date = (
  id: string,
  day: string,
  over: Partial<SeriesDate['fields']> = {},
  status = 'open',
): SeriesDate => ({
  id,
  status,
  date: new Date(`${day}T00:00:00+09:00`),
  participants: ['p'],
  lastChangeSeq: 0,
  fields: { ...TEMPLATE, sportType: 'フットサル', organizerName: '主催', teamName: '', ...over },
});

describe('「この日以降すべて」', () => {
  it('changes each later date but the fields it changed on its own, telling participants of a moved schedule', () => {
    const from = date('d1', '2027-01-07');
    const own = date('d2', '2027-01-14', { location: 'B館' });
    const plain = date('d3', '2027-01-21');
    const plan = planFollowingChange(
      TEMPLATE,
      from,
      [own, plain],
      { location: 'C館', startTime: '20:00' },
      NOW,
    )!;
    expect(plan.template).toMatchObject({ location: 'C館', startTime: '20:00' });
    expect(plan.template.searchTokens).toContain('c館');
    expect(plan.dates.map((d) => [d.id, d.update.location, d.update.startTime])).toEqual([
      ['d1', 'C館', '20:00'],
      ['d2', undefined, '20:00'],
      ['d3', 'C館', '20:00'],
    ]);
    expect(plan.dates[1]!.change).toMatchObject({
      seq: 1,
      before: { location: 'B館', startTime: '19:00' },
    });
    expect(plan.dates[1]!.notices[0]).toMatchObject({
      id: 'd2_event_changed_1_p',
      data: { after: { location: 'B館', startTime: '20:00' } },
    });
  });

  it('leaves dates begun or no longer running, and refuses a start moved into the past', () => {
    const from = date('d1', '2027-01-07');
    const cancelled = date('d2', '2027-01-14', {}, 'cancelled');
    expect(
      planFollowingChange(TEMPLATE, from, [cancelled], { fee: 0 }, NOW)!.dates.map((d) => d.id),
    ).toEqual(['d1']);
    const past = new Date('2027-01-07T12:00:00Z');
    expect(planFollowingChange(TEMPLATE, from, [], { startTime: '19:30' }, past)).toBeNull();
  });

  it('takes only what an event form takes', () => {
    expect(seriesPatchOf({ startTime: '20:00', capacity: 3 })).toEqual({ startTime: '20:00' });
    expect(seriesPatchOf({ startTime: '25:00' })).toBeNull();
    expect(seriesPatchOf({ title: ' ' })).toBeNull();
    expect(seriesPatchOf({ fee: -1 })).toBeNull();
    expect(seriesPatchOf({ capacity: 3 })).toBeNull();
  });
});

describe('ending a series', () => {
  it('cancels the dates still to come, telling participants and requesters once each', () => {
    const writes = planSeriesEnd(
      [
        { ...date('d1', '2026-12-31'), pendingRequesters: [] },
        { ...date('d2', '2027-01-07'), pendingRequesters: ['p', 'r'] },
      ],
      NOW,
    );
    expect(writes.map((w) => [w.id, w.update.status, w.notices.map((n) => n.userId)])).toEqual([
      ['d2', 'cancelled', ['p', 'r']],
    ]);
  });
});
