import { describe, expect, it } from 'vitest';
import type { SportEvent } from '@/domain/entities/event';
import type { Series } from '@/domain/entities/series-doc';
import type { SeriesRegular } from '@/domain/entities/series-regular';
import { ERR } from '@/domain/errors';
import { REGULARS_MAX } from '@/domain/series-regulars';
import {
  decideBecomeRegular,
  decideLeaveSeries,
  decideManageRegular,
  decideSkip,
} from './series-regulars';

const me = { uid: 'u', emailVerified: true, suspended: false };
const series = (extra: Partial<Series> = {}) =>
  ({ id: 's', organizerId: 'o', status: 'active', entryMethod: 'firstCome', ...extra }) as Series;
const mine = (extra: Partial<SeriesRegular> = {}) =>
  ({
    id: 'u',
    userId: 'u',
    userName: '',
    status: 'accepted',
    skips: [],
    joinedAt: null,
    ...extra,
  }) as SeriesRegular;
const NOW = new Date('2026-12-01T03:00:00Z');
const date = (extra: Partial<SportEvent> = {}) =>
  ({
    id: 's-20261203',
    seriesId: 's',
    date: new Date('2026-12-02T15:00:00Z'),
    startTime: '19:00',
    endTime: '21:00',
    status: 'open',
    participants: ['u'],
    waitlist: [],
    ...extra,
  }) as SportEvent;

describe('regulars’ decisions', () => {
  it('accepts a 先着順 regular at once and keeps a 承認制 one pending', () => {
    expect(decideBecomeRegular(me, series(), null, 0)).toEqual({ userId: 'u', status: 'accepted' });
    expect(decideBecomeRegular(me, series({ entryMethod: 'approval' }), null, 0).status).toBe(
      'pending',
    );
  });

  it('refuses twice, an ended series, the organizer, a full list, an unverified account', () => {
    expect(() => decideBecomeRegular(me, series(), mine(), 0)).toThrow(ERR.alreadyRegular);
    expect(() => decideBecomeRegular(me, series({ status: 'ended' }), null, 0)).toThrow(
      ERR.seriesEnded,
    );
    expect(() => decideBecomeRegular(me, series({ organizerId: 'u' }), null, 0)).toThrow(
      ERR.organizerNotRegular,
    );
    expect(() => decideBecomeRegular(me, series(), null, REGULARS_MAX)).toThrow(ERR.regularsFull);
    expect(() => decideBecomeRegular({ ...me, emailVerified: false }, series(), null, 0)).toThrow(
      ERR.emailNotVerified,
    );
    expect(() => decideLeaveSeries(me, null)).toThrow(ERR.notRegular);
  });

  it('lets only the organizer accept or remove, and accept a pending one only', () => {
    const o = { ...me, uid: 'o' };
    expect(() => decideManageRegular(me, series(), mine(), 'remove')).toThrow(
      ERR.noSeriesPermission,
    );
    expect(() => decideManageRegular(o, series(), mine(), 'accept')).toThrow(
      ERR.regularAlreadyAccepted,
    );
    expect(() =>
      decideManageRegular(o, series(), mine({ status: 'pending' }), 'accept'),
    ).not.toThrow();
    expect(() => decideManageRegular(o, series(), null, 'remove')).toThrow(ERR.notRegular);
  });

  it('skips a date of the series: records the day, drops days gone by, says where to leave from', () => {
    const skipped = decideSkip(me, mine({ skips: ['2026-11-01', '2026-12-10'] }), date(), 's', NOW);
    expect(skipped).toEqual({ skips: ['2026-12-10', '2026-12-03'], leave: 'participants' });
    expect(
      decideSkip(me, mine(), date({ participants: [], waitlist: ['u'] }), 's', NOW).leave,
    ).toBe('waitlist');
    expect(() =>
      decideSkip(me, mine({ skips: ['2026-12-03'] }), date({ participants: [] }), 's', NOW),
    ).toThrow(ERR.alreadySkipped);
    expect(() => decideSkip(me, mine(), date({ seriesId: 'other' }), 's', NOW)).toThrow(
      ERR.notSeriesDate,
    );
    expect(() => decideSkip(me, null, date(), 's', NOW)).toThrow(ERR.notRegular);
    expect(() => decideSkip(me, mine(), date(), 's', new Date('2026-12-03T13:00:00Z'))).toThrow(
      ERR.leaveAfterEnd,
    );
  });
});
