import {
  EVENT_STATUSES,
  sportEventSchema,
  type EventStatus,
  type SportEvent,
} from '@/domain/entities/event';
import { DomainError } from '@/domain/errors';
import {
  assertCanEdit,
  canTransition,
  decideCapacity,
  decideCreate,
  decideJoin,
  decideLeave,
  decideStatusChange,
  STATUS_TRANSITIONS,
} from '@/domain/rules/events';

const ORGANIZER = 'org';
const USER = 'u1';

function event(overrides: Record<string, unknown> = {}): SportEvent {
  return sportEventSchema.parse({
    id: 'e1',
    title: '朝サッカー',
    organizerId: ORGANIZER,
    participants: [],
    status: 'open',
    capacity: 10,
    date: new Date(2024, 4, 10),
    startTime: '10:00',
    ...overrides,
  });
}

describe('event status transitions', () => {
  const table: [EventStatus, EventStatus, boolean][] = [
    ['open', 'closed', true],
    ['open', 'cancelled', true],
    ['open', 'finished', true],
    ['closed', 'open', true],
    ['closed', 'cancelled', true],
    ['closed', 'finished', true],
    ['cancelled', 'open', false],
    ['cancelled', 'closed', false],
    ['cancelled', 'finished', false],
    ['finished', 'open', false],
    ['finished', 'closed', false],
    ['finished', 'cancelled', false],
  ];

  it.each(table)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('the table covers every status', () => {
    expect(Object.keys(STATUS_TRANSITIONS).sort()).toEqual([...EVENT_STATUSES].sort());
  });
});

describe('decideCreate', () => {
  it('makes the signed-in user the organizer of an open event without participants', () => {
    expect(decideCreate(USER)).toEqual({ organizerId: USER, status: 'open', participants: [] });
  });

  it('refuses an anonymous visitor', () => {
    expect(() => decideCreate(null)).toThrow('User must be authenticated to create events');
    expect(() => decideCreate('')).toThrow(DomainError);
  });
});

describe('assertCanEdit', () => {
  it('lets the organizer edit', () => {
    expect(() => assertCanEdit(ORGANIZER, event())).not.toThrow();
  });

  it('needs a signed-in user first', () => {
    expect(() => assertCanEdit(null, event())).toThrow('イベントを更新するにはログインが必要です');
    expect(() => assertCanEdit(null, null)).toThrow('イベントを更新するにはログインが必要です');
  });

  it('needs an existing event', () => {
    expect(() => assertCanEdit(ORGANIZER, null)).toThrow('イベントが見つかりません');
  });

  it('refuses anyone but the organizer', () => {
    expect(() => assertCanEdit(USER, event())).toThrow('このイベントを編集する権限がありません');
  });
});

describe('decideCapacity', () => {
  const withTwo = event({ participants: ['a', 'b'], capacity: 5 });

  it('leaves capacity untouched when the patch has none', () => {
    expect(decideCapacity(withTwo, undefined)).toBeUndefined();
  });

  it('accepts a capacity at or above the current participants', () => {
    expect(decideCapacity(withTwo, 2)).toBe(2);
    expect(decideCapacity(withTwo, 8)).toBe(8);
  });

  it('accepts 0 (no limit)', () => {
    expect(decideCapacity(withTwo, 0)).toBe(0);
  });

  it('refuses a capacity below the current participants', () => {
    expect(() => decideCapacity(withTwo, 1)).toThrow('定員は現在の参加者数より少なくできません');
  });
});

describe('decideStatusChange', () => {
  it('lets the organizer make an allowed change', () => {
    expect(decideStatusChange(ORGANIZER, event(), 'closed')).toBe('closed');
    expect(decideStatusChange(ORGANIZER, event({ status: 'closed' }), 'open')).toBe('open');
  });

  it('accepts setting the current status again', () => {
    expect(decideStatusChange(ORGANIZER, event({ status: 'finished' }), 'finished')).toBe(
      'finished',
    );
  });

  it('needs a signed-in user and an existing event', () => {
    expect(() => decideStatusChange(null, event(), 'closed')).toThrow(
      'イベントを更新するにはログインが必要です',
    );
    expect(() => decideStatusChange(ORGANIZER, null, 'closed')).toThrow('イベントが見つかりません');
  });

  it('refuses anyone but the organizer', () => {
    expect(() => decideStatusChange(USER, event(), 'closed')).toThrow(
      'このイベントの募集状態を変更する権限がありません',
    );
  });

  it('refuses leaving a final status', () => {
    expect(() => decideStatusChange(ORGANIZER, event({ status: 'cancelled' }), 'open')).toThrow(
      'この募集状態には変更できません',
    );
    expect(() => decideStatusChange(ORGANIZER, event({ status: 'finished' }), 'closed')).toThrow(
      'この募集状態には変更できません',
    );
  });
});

describe('decideJoin', () => {
  it('adds the user to the participants', () => {
    expect(decideJoin(USER, event({ participants: ['a'] }))).toEqual({ participants: ['a', USER] });
  });

  it('does not change the event it was given', () => {
    const e = event({ participants: ['a'] });
    decideJoin(USER, e);
    expect(e.participants).toEqual(['a']);
  });

  it('needs a signed-in user and an existing event', () => {
    expect(() => decideJoin(null, event())).toThrow('User must be authenticated to join events');
    expect(() => decideJoin(USER, null)).toThrow('イベントが見つかりません');
  });

  it('refuses a user who already joined', () => {
    expect(() => decideJoin(USER, event({ participants: [USER] }))).toThrow(
      'すでにこのイベントに参加しています',
    );
  });

  it('refuses an event that is not open', () => {
    for (const status of ['closed', 'cancelled', 'finished']) {
      expect(() => decideJoin(USER, event({ status }))).toThrow(
        'このイベントは現在参加を受け付けていません',
      );
    }
  });

  it('refuses a full event', () => {
    expect(() => decideJoin(USER, event({ capacity: 2, participants: ['a', 'b'] }))).toThrow(
      'このイベントは定員に達しています',
    );
  });

  it('lets anyone join an event without a capacity limit', () => {
    expect(
      decideJoin(USER, event({ capacity: 0, participants: ['a', 'b'] })).participants,
    ).toContain(USER);
  });

  it('takes the last spot', () => {
    expect(decideJoin(USER, event({ capacity: 2, participants: ['a'] })).participants).toEqual([
      'a',
      USER,
    ]);
  });
});

describe('decideLeave', () => {
  it('removes the user and asks for their requests to be deleted', () => {
    expect(decideLeave(USER, event({ participants: ['a', USER, 'b'] }))).toEqual({
      participants: ['a', 'b'],
      deleteRequestsOf: USER,
    });
  });

  it('needs a signed-in user and an existing event', () => {
    expect(() => decideLeave(null, event())).toThrow('User must be authenticated to leave events');
    expect(() => decideLeave(USER, null)).toThrow('イベントが見つかりません');
  });

  it('refuses a user who is not taking part', () => {
    expect(() => decideLeave(USER, event({ participants: ['a'] }))).toThrow(
      'このイベントに参加していません',
    );
  });

  it('lets a participant leave an event that is no longer open', () => {
    expect(
      decideLeave(USER, event({ status: 'closed', participants: [USER] })).participants,
    ).toEqual([]);
  });
});
