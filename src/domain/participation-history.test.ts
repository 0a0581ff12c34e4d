import type { SportEvent } from '@/domain/entities/event';
import { sportEvent } from '@/test/fixtures';
import {
  hasParticipated,
  participationCount,
  participationHistory,
  participationLabel,
  participationRecord,
  settledBefore,
} from '@/domain/participation-history';

const ME = 'me';
const NOW = new Date(2024, 4, 10, 12, 0); // 10 May 2024, 12:00 local

function event(id: string, day: Date, overrides: Record<string, unknown> = {}): SportEvent {
  return sportEvent({ id, date: day, startTime: '10:00', participants: [ME], ...overrides });
}

describe('participationLabel (docs/constants.md)', () => {
  it('0 is 初参加', () => {
    expect(participationLabel(0)).toBe('初参加');
  });

  it('1 is ２回目 with a full-width digit', () => {
    expect(participationLabel(1)).toBe('２回目');
    expect(participationLabel(1).codePointAt(0)).toBe(0xff12);
  });

  it('2 and more is 常連', () => {
    expect(participationLabel(2)).toBe('常連');
    expect(participationLabel(57)).toBe('常連');
  });

  it('treats nonsense counts as a first participation', () => {
    expect(participationLabel(-1)).toBe('初参加');
    expect(participationLabel(Number.NaN)).toBe('初参加');
  });
});

describe('participationCount (docs/domain.md "Validation")', () => {
  it('counts past events the user took part in', () => {
    const events = [
      event('a', new Date(2024, 4, 1)),
      event('b', new Date(2024, 3, 1)),
      event('c', new Date(2024, 4, 2), { participants: ['someone'] }),
    ];
    expect(participationCount(events, ME, NOW)).toBe(2);
  });

  it('does not count future events', () => {
    expect(participationCount([event('f', new Date(2024, 4, 11))], ME, NOW)).toBe(0);
  });

  it('uses the end time: an event today that ended counts, one still running does not', () => {
    const today = new Date(2024, 4, 10);
    expect(
      participationCount([event('x', today, { startTime: '09:00', endTime: '11:30' })], ME, NOW),
    ).toBe(1);
    expect(
      participationCount([event('y', today, { startTime: '09:00', endTime: '12:30' })], ME, NOW),
    ).toBe(0);
  });

  it('without an end time, the event ends two hours after its start', () => {
    const today = new Date(2024, 4, 10);
    // 10:00 + 2 h = 12:00, which is now: not yet passed.
    expect(
      participationCount([event('x', today, { startTime: '10:00', endTime: '' })], ME, NOW),
    ).toBe(0);
    expect(
      participationCount(
        [event('x', today, { startTime: '10:00', endTime: '' })],
        ME,
        new Date(2024, 4, 10, 12, 1),
      ),
    ).toBe(1);
    expect(
      participationCount([event('y', today, { startTime: '09:59', endTime: 'tbd' })], ME, NOW),
    ).toBe(1);
  });

  it('counts an event seen twice once', () => {
    const e = event('a', new Date(2024, 4, 1));
    expect(participationCount([e, e], ME, NOW)).toBe(1);
  });

  it('is 0 for no events', () => {
    expect(participationCount([], ME, NOW)).toBe(0);
  });

  it('uses the current time by default', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    try {
      expect(
        participationCount(
          [event('a', new Date(2024, 4, 1)), event('f', new Date(2024, 4, 11))],
          ME,
        ),
      ).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('hasParticipated', () => {
  it('needs both taking part and a past end', () => {
    expect(hasParticipated(event('a', new Date(2024, 4, 1)), ME, NOW)).toBe(true);
    expect(hasParticipated(event('a', new Date(2024, 4, 1)), 'other', NOW)).toBe(false);
    expect(hasParticipated(event('a', new Date(2024, 4, 20)), ME, NOW)).toBe(false);
  });
});

describe('participationHistory (docs/constants.md)', () => {
  it('lists past participations newest first', () => {
    const events = [
      event('old', new Date(2024, 0, 5)),
      event('newest', new Date(2024, 4, 9)),
      event('future', new Date(2024, 5, 1)),
      event('mid', new Date(2024, 2, 5)),
      event('notMine', new Date(2024, 4, 8), { participants: ['x'] }),
    ];
    expect(participationHistory(events, ME, NOW).map((e) => e.id)).toEqual([
      'newest',
      'mid',
      'old',
    ]);
  });

  it('orders events on the same day by start time', () => {
    const day = new Date(2024, 4, 1);
    const events = [
      event('morning', day, { startTime: '08:00' }),
      event('evening', day, { startTime: '18:00' }),
    ];
    expect(participationHistory(events, ME, NOW).map((e) => e.id)).toEqual(['evening', 'morning']);
  });

  it('keeps at most 10 entries, the most recent ones', () => {
    const events = Array.from({ length: 15 }, (_, i) =>
      event(`e${i + 1}`, new Date(2024, 3, i + 1)),
    );
    const history = participationHistory(events, ME, NOW);
    expect(history).toHaveLength(10);
    expect(history[0]!.id).toBe('e15');
    expect(history[9]!.id).toBe('e6');
  });

  it('takes a smaller limit when asked', () => {
    const events = Array.from({ length: 5 }, (_, i) =>
      event(`e${i + 1}`, new Date(2024, 3, i + 1)),
    );
    expect(participationHistory(events, ME, NOW, 2).map((e) => e.id)).toEqual(['e5', 'e4']);
  });

  it('does not reorder the list it was given', () => {
    const events = [event('a', new Date(2024, 0, 1)), event('b', new Date(2024, 1, 1))];
    participationHistory(events, ME, NOW);
    expect(events.map((e) => e.id)).toEqual(['a', 'b']);
  });
});

describe('cancelled events', () => {
  it('never count: a cancelled event did not take place', () => {
    const e = event('c', new Date(2024, 4, 1), { status: 'cancelled' });
    expect(hasParticipated(e, ME, NOW)).toBe(false);
    expect(participationCount([e], ME, NOW)).toBe(0);
  });
});

describe('settledBefore', () => {
  it('is the start of yesterday: an event before it has surely ended', () => {
    expect(settledBefore(NOW)).toEqual(new Date(2024, 4, 9));
    // The latest possible end of an event on the day before: 23:59 + 2 h, before now.
    const dayBefore = event('late', new Date(2024, 4, 8), { startTime: '23:59', endTime: '' });
    expect(hasParticipated(dayBefore, ME, new Date(2024, 4, 10, 0, 0))).toBe(true);
  });
});

describe('participationRecord', () => {
  it('adds the recent ended events to the settled count and labels each entry by what came before', () => {
    const settledNewest = [event('s2', new Date(2024, 4, 3)), event('s1', new Date(2024, 4, 1))];
    const recent = [
      event('today-done', new Date(2024, 4, 10), { startTime: '08:00', endTime: '09:00' }),
      event('today-running', new Date(2024, 4, 10), { startTime: '11:00', endTime: '13:00' }),
      event('yesterday-cancelled', new Date(2024, 4, 9), { status: 'cancelled' }),
    ];
    const record = participationRecord({ settledCount: 2, settledNewest, recent }, ME, NOW);
    expect(record.count).toBe(3);
    expect(record.history.map((h) => [h.event.id, h.label])).toEqual([
      ['today-done', '常連'],
      ['s2', '２回目'],
      ['s1', '初参加'],
    ]);
  });

  it('keeps at most 10 entries while counting them all', () => {
    const settledNewest = Array.from({ length: 10 }, (_, i) =>
      event(`s${i}`, new Date(2024, 3, 20 - i)),
    );
    const recent = [event('r', new Date(2024, 4, 9))];
    const record = participationRecord({ settledCount: 40, settledNewest, recent }, ME, NOW);
    expect(record.count).toBe(41);
    expect(record.history).toHaveLength(10);
    expect(record.history[0]!.event.id).toBe('r');
  });
});
