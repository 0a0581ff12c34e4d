import { ERR } from '@/domain/errors';
import { EVENT_STATUSES, type EventStatus, type SportEvent } from '@/domain/entities/event';
import { actorOf, refusal } from '@/test/actors';
import { EVENT_INPUT, ORGANIZER, sportEvent } from '@/test/fixtures';
import {
  assertCanEdit,
  canTransition,
  decideCapacity,
  decideCreate,
  decideEventUpdate,
  decideStatusChange,
  organizerCopy,
  STATUS_TRANSITIONS,
} from '@/domain/rules/events';

const USER = 'u1';
/** Ten days before EVENT_INPUT's day (2024-05-10, 10:00). */
const NOW = new Date(2024, 3, 30, 12, 0);

function event(overrides: Record<string, unknown> = {}): SportEvent {
  return sportEvent({ date: new Date(2024, 4, 10), startTime: '10:00', ...overrides });
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

const INPUT = EVENT_INPUT;

describe('decideCreate', () => {
  it('makes the signed-in user the organizer of an open event without participants', () => {
    expect(decideCreate(actorOf(USER), INPUT, NOW)).toEqual({
      fields: INPUT,
      organizerId: USER,
      status: 'open',
      participants: [],
    });
  });

  it('refuses an anonymous visitor', () => {
    expect(() => decideCreate(null, INPUT, NOW)).toThrow(
      'User must be authenticated to create events',
    );
  });

  it('needs a verified address and an active account', () => {
    expect(() => decideCreate(actorOf(USER, { emailVerified: false }), INPUT, NOW)).toThrow(
      'この操作にはメールアドレスの確認が必要です。確認メールのリンクを開いてください',
    );
    expect(() => decideCreate(actorOf(USER, { suspended: true }), INPUT, NOW)).toThrow(
      'このアカウントは利用停止中のため、この操作はできません',
    );
  });

  it('refuses what the form would refuse: a sport, region or level off its list, an overlong text', () => {
    for (const bad of [
      { sportType: 'カーリング' },
      { region: '火星' },
      { level: 'プロ' },
      { title: 'あ'.repeat(101) },
      { description: 'x'.repeat(2001) },
      { capacity: -1 },
      { endTime: '09:00' },
    ]) {
      expect(
        () => decideCreate(actorOf(USER), { ...INPUT, ...bad }, NOW),
        JSON.stringify(bad),
      ).toThrow('イベントの入力内容に誤りがあります。内容を確認してください');
    }
  });

  it('refuses a start before now plus the clock’s slack, to the minute: an earlier day, today at a time gone by or within 15 minutes', () => {
    const at = (date: string, startTime: string) =>
      refusal(() => decideCreate(actorOf(USER), { ...INPUT, date, startTime, endTime: '' }, NOW));
    // NOW is 2024-04-30 12:00 (local time, as event days are stored).
    expect(at('2024-04-29', '23:59')).toBe('eventStartInPast');
    expect(at('2023-05-10', '10:00')).toBe('eventStartInPast');
    expect(at('2024-04-30', '11:59')).toBe('eventStartInPast');
    expect(at('2024-04-30', '12:00')).toBe('eventStartTooSoon');
    expect(at('2024-04-30', '12:14')).toBe('eventStartTooSoon');
    expect(at('2024-04-30', '12:15')).toBe('none');
    expect(at('2024-04-30', '18:30')).toBe('none');
    expect(at('2024-05-01', '00:00')).toBe('none');
    expect(ERR.eventStartInPast).toBe(
      '過去の日時は指定できません。開催日と開始時刻を確認してください',
    );
  });

  it('accepts an empty region and an empty level (read as 誰でも)', () => {
    expect(
      decideCreate(actorOf(USER), { ...INPUT, region: '', level: '' }, NOW).fields,
    ).toMatchObject({
      region: '',
      level: '',
    });
  });
});

describe('decideEventUpdate', () => {
  const withTwo = () => event({ participants: ['a', 'b'], capacity: 5 });

  it('returns only the fields the patch names, checked as on creation', () => {
    expect(
      decideEventUpdate(actorOf(ORGANIZER), withTwo(), { title: ' 夜サッカー ' }, NOW),
    ).toEqual({
      title: '夜サッカー',
    });
    expect(() =>
      decideEventUpdate(actorOf(ORGANIZER), withTwo(), { sportType: 'カーリング' }, NOW),
    ).toThrow('イベントの入力内容に誤りがあります。内容を確認してください');
  });

  it('keeps the capacity at or above the participants, and the edit to the organizer', () => {
    expect(() => decideEventUpdate(actorOf(ORGANIZER), withTwo(), { capacity: 1 }, NOW)).toThrow(
      '定員は現在の参加者数より少なくできません',
    );
    expect(() => decideEventUpdate(actorOf(USER), withTwo(), { title: 'x' }, NOW)).toThrow(
      'このイベントを編集する権限がありません',
    );
  });
});

describe('decideEventUpdate: the start', () => {
  // The event starts 2024-05-10 10:00; each case says when the edit happens.
  const before = new Date(2024, 4, 1, 9, 0);
  const during = new Date(2024, 4, 10, 11, 0);
  const after = new Date(2024, 5, 1, 9, 0);
  const update = (patch: Record<string, unknown>, now: Date) =>
    decideEventUpdate(actorOf(ORGANIZER), event(), patch, now);
  const unchanged = { date: '2024-05-10', startTime: '10:00' };

  it('lets an event that has begun or is over be edited when its day and times stay as they are, storing none', () => {
    for (const now of [during, after]) {
      expect(update({ ...unchanged, endTime: '', description: '雨天決行でした' }, now)).toEqual({
        description: '雨天決行でした',
      });
    }
  });

  it('refuses moving an event that has ended, even its end time or into the future', () => {
    expect(refusal(() => update({ ...unchanged, endTime: '12:30' }, after))).toBe('moveAfterEnd');
    expect(refusal(() => update({ date: '2024-06-08' }, after))).toBe('moveAfterEnd');
    const finishedEarly = decideEventUpdate.bind(
      null,
      actorOf(ORGANIZER),
      event({ status: 'finished' }),
    );
    expect(refusal(() => finishedEarly({ date: '2024-05-11' }, before))).toBe('moveAfterEnd');
    // Begun, not ended: a new end time needs the start ahead, which it no longer is.
    expect(refusal(() => update({ ...unchanged, endTime: '12:30' }, during))).toBe(
      'eventStartInPast',
    );
  });

  it('refuses to move the start into the past, by the day or by the time', () => {
    expect(refusal(() => update({ date: '2024-04-30' }, before))).toBe('eventStartInPast');
    expect(refusal(() => update({ ...unchanged, startTime: '09:00' }, during))).toBe(
      'eventStartInPast',
    );
    expect(refusal(() => update({ ...unchanged, startTime: '11:10' }, during))).toBe(
      'eventStartTooSoon',
    );
  });

  it('lets the start move to 15 minutes ahead or later, before the end', () => {
    expect(update({ date: '2024-05-11' }, before)).toEqual({ date: '2024-05-11' });
    expect(update({ ...unchanged, startTime: '11:15' }, during)).toEqual({ startTime: '11:15' });
  });
});

describe('decideStatusChange after the end', () => {
  it('refuses 中止 once the event is past its end, allows 終了; 中止 before the end', () => {
    const after = new Date(2024, 5, 1);
    expect(refusal(() => decideStatusChange(actorOf(ORGANIZER), event(), 'cancelled', after))).toBe(
      'cancelAfterEnd',
    );
    expect(decideStatusChange(actorOf(ORGANIZER), event(), 'finished', after)).toBe('finished');
    expect(decideStatusChange(actorOf(ORGANIZER), event(), 'cancelled', NOW)).toBe('cancelled');
  });
});

describe('assertCanEdit', () => {
  it('lets the organizer edit', () => {
    expect(() => assertCanEdit(actorOf(ORGANIZER), event())).not.toThrow();
  });

  it('needs a signed-in user first', () => {
    expect(() => assertCanEdit(null, event())).toThrow('イベントを更新するにはログインが必要です');
    expect(() => assertCanEdit(null, null)).toThrow('イベントを更新するにはログインが必要です');
  });

  it('needs an existing event', () => {
    expect(() => assertCanEdit(actorOf(ORGANIZER), null)).toThrow('イベントが見つかりません');
  });

  it('refuses anyone but the organizer', () => {
    expect(() => assertCanEdit(actorOf(USER), event())).toThrow(
      'このイベントを編集する権限がありません',
    );
  });

  it('lets an unverified organizer edit, never a suspended one', () => {
    expect(() =>
      assertCanEdit(actorOf(ORGANIZER, { emailVerified: false }), event()),
    ).not.toThrow();
    expect(() => assertCanEdit(actorOf(ORGANIZER, { suspended: true }), event())).toThrow(
      'このアカウントは利用停止中のため、この操作はできません',
    );
    expect(() =>
      decideStatusChange(actorOf(ORGANIZER, { suspended: true }), event(), 'closed', NOW),
    ).toThrow('このアカウントは利用停止中のため、この操作はできません');
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
    expect(decideStatusChange(actorOf(ORGANIZER), event(), 'closed', NOW)).toBe('closed');
    expect(decideStatusChange(actorOf(ORGANIZER), event({ status: 'closed' }), 'open', NOW)).toBe(
      'open',
    );
  });

  it('accepts setting the current status again as no change', () => {
    expect(
      decideStatusChange(actorOf(ORGANIZER), event({ status: 'finished' }), 'finished', NOW),
    ).toBeNull();
  });

  it('needs a signed-in user and an existing event', () => {
    expect(() => decideStatusChange(null, event(), 'closed', NOW)).toThrow(
      'イベントを更新するにはログインが必要です',
    );
    expect(() => decideStatusChange(actorOf(ORGANIZER), null, 'closed', NOW)).toThrow(
      'イベントが見つかりません',
    );
  });

  it('refuses anyone but the organizer', () => {
    expect(() => decideStatusChange(actorOf(USER), event(), 'closed', NOW)).toThrow(
      'このイベントの募集状態を変更する権限がありません',
    );
  });

  it('refuses leaving a final status', () => {
    expect(() =>
      decideStatusChange(actorOf(ORGANIZER), event({ status: 'cancelled' }), 'open', NOW),
    ).toThrow('この募集状態には変更できません');
    expect(() =>
      decideStatusChange(actorOf(ORGANIZER), event({ status: 'finished' }), 'closed', NOW),
    ).toThrow('この募集状態には変更できません');
  });
});

describe('organizerCopy', () => {
  it("copies the profile's name and photo, and nothing else", () => {
    expect(
      organizerCopy({ displayName: '山田 太郎', photoURL: 'https://example.com/a.png', bio: 'x' }),
    ).toEqual({ organizerName: '山田 太郎', organizerPhotoURL: 'https://example.com/a.png' });
  });

  it('gives empty strings for a missing profile or fields that are not text', () => {
    expect(organizerCopy(null)).toEqual({ organizerName: '', organizerPhotoURL: '' });
    expect(organizerCopy({ displayName: 3, photoURL: null })).toEqual({
      organizerName: '',
      organizerPhotoURL: '',
    });
  });
});
