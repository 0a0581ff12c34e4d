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
  headcount: SeriesDate['headcount'] = { setting: null, decideAt: null, decided: false },
): SeriesDate => ({
  id,
  status,
  date: new Date(`${day}T00:00:00+09:00`),
  participants: ['p'],
  lastChangeSeq: 0,
  capacity: 10,
  headcount,
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

  it('carries a minimum headcount with each date’s own decision time, sparing a date’s own and a decided one', () => {
    const four = { min: 4, mode: 'cancel', deadline: 'dayBefore18' } as const;
    const three = { min: 3, mode: 'ask', deadline: 'start3h' } as const;
    const template = { ...TEMPLATE, minHeadcount: four };
    const at = (iso: string) => new Date(iso);
    const withFour = (id: string, day: string, decided = false) =>
      date(id, day, {}, 'open', {
        setting: four,
        decideAt: at(`${day}T00:00:00+09:00`),
        decided,
      });
    const own = date('d3', '2027-01-21', {}, 'open', {
      setting: { ...four, min: 6 },
      decideAt: at('2027-01-20T18:00:00+09:00'),
      decided: false,
    });
    const plan = planFollowingChange(
      template,
      // The organizer saved the date itself first (organizing.setMinHeadcount).
      date('d1', '2027-01-07', {}, 'open', {
        setting: three,
        decideAt: at('2027-01-07T16:00:00+09:00'),
        decided: false,
      }),
      [withFour('d2', '2027-01-14'), own, withFour('d4', '2027-01-28', true)],
      { minHeadcount: three },
      NOW,
    )!;
    expect(plan.template.minHeadcount).toEqual(three);
    expect(plan.dates.map((d) => d.id)).toEqual(['d2']);
    expect(plan.dates[0]!.update).toEqual({
      minHeadcount: three,
      // 当日 開始3時間前 of that date: 16:00 in Japan.
      headcountDecideAt: at('2027-01-14T16:00:00+09:00'),
    });
    // A minimum change moves no schedule: nobody is told.
    expect(plan.dates[0]!.notices).toEqual([]);

    // Removed with null; a later start moves a 開始3時間前 time along.
    const removed = planFollowingChange(
      template,
      date('d1', '2027-01-07'),
      [withFour('d2', '2027-01-14')],
      { minHeadcount: null },
      NOW,
    )!;
    expect(removed.dates[0]!.update).toEqual({ minHeadcount: null, headcountDecideAt: null });
    const moved = planFollowingChange(
      { ...TEMPLATE, minHeadcount: three },
      date('d1', '2027-01-07'),
      [
        date('d2', '2027-01-14', {}, 'open', {
          setting: three,
          decideAt: at('2027-01-14T16:00:00+09:00'),
          decided: false,
        }),
      ],
      { startTime: '20:00' },
      NOW,
    )!;
    expect(moved.dates.find((d) => d.id === 'd2')!.update).toMatchObject({
      startTime: '20:00',
      headcountDecideAt: at('2027-01-14T17:00:00+09:00'),
    });
  });

  it('takes only what an event form takes', () => {
    expect(
      seriesPatchOf({ minHeadcount: { min: 4, mode: 'cancel', deadline: 'custom' } }),
    ).toBeNull();
    expect(
      seriesPatchOf({ minHeadcount: { min: 1, mode: 'cancel', deadline: 'start3h' } }),
    ).toBeNull();
    expect(
      seriesPatchOf({ minHeadcount: { min: 4, mode: 'maybe', deadline: 'start3h' } }),
    ).toBeNull();
    expect(seriesPatchOf({ minHeadcount: null })).toEqual({ minHeadcount: null });
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
