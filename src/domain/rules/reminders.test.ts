import { describe, expect, it } from 'vitest';
import {
  REMINDER_RUN_INTERVAL_MS,
  alreadyReminded,
  decideReminders,
  eventStartInJapan,
  reminderData,
  reminderMarkerId,
  reminderScanRange,
  type ReminderEvent,
  type ReminderMarker,
} from '@/domain/rules/reminders';

// Friday 27 November 2026, 21:00 in Japan.
const NOW = new Date('2026-11-27T12:00:00Z');
// Saturday 28 November 2026 as a browser in Japan stores the day (its midnight).
const SATURDAY = new Date('2026-11-27T15:00:00Z');

const event = (over: Partial<ReminderEvent> = {}): ReminderEvent => ({
  id: 'e1',
  title: '週末フットサル',
  date: SATURDAY,
  startTime: '10:00',
  location: '代々木公園',
  status: 'open',
  participants: ['alice', 'bob'],
  ...over,
});

const none = new Map<string, ReminderMarker>();
const users = (e: ReminderEvent, at: Date, sent = none) =>
  decideReminders(e, at, sent).map((r) => r.userId);

describe('eventStartInJapan', () => {
  it('reads the day in Japan at the start time in Japan', () => {
    expect(eventStartInJapan(SATURDAY, '10:00')).toEqual(new Date('2026-11-28T01:00:00Z'));
    // A day stored as midnight UTC is the same Japanese day.
    expect(eventStartInJapan(new Date('2026-11-28T00:00:00Z'), '9:30')).toEqual(
      new Date('2026-11-28T00:30:00Z'),
    );
  });

  it('starts an event without a start time at midnight, and has none without a day', () => {
    expect(eventStartInJapan(SATURDAY, '')).toEqual(SATURDAY);
    expect(eventStartInJapan(null, '10:00')).toBeNull();
  });
});

describe('decideReminders', () => {
  it('reminds every participant once the start is 24 hours away', () => {
    const due = decideReminders(event(), NOW, none);
    expect(due.map((r) => r.userId)).toEqual(['alice', 'bob']);
    expect(due[0]).toEqual({
      userId: 'alice',
      markerId: 'e1_alice',
      notificationId: 'e1_event_reminder_alice',
      startsAt: new Date('2026-11-28T01:00:00Z'),
      day: 'tomorrow',
    });
  });

  it('is not due earlier than 24 hours before the start', () => {
    expect(users(event({ startTime: '22:00' }), NOW)).toEqual([]);
    expect(users(event({ startTime: '21:00' }), NOW)).toEqual(['alice', 'bob']);
  });

  it('reminds nobody of a cancelled, finished, begun or past event, or one without a day', () => {
    expect(users(event({ status: 'cancelled' }), NOW)).toEqual([]);
    expect(users(event({ status: 'finished' }), NOW)).toEqual([]);
    expect(users(event({ startTime: '10:00' }), new Date('2026-11-28T01:00:00Z'))).toEqual([]);
    expect(users(event({ date: new Date('2026-11-26T15:00:00Z') }), NOW)).toEqual([]);
    expect(users(event({ date: null }), NOW)).toEqual([]);
  });

  it('still reminds a closed event, and catches up until the start', () => {
    expect(users(event({ status: 'closed' }), NOW)).toEqual(['alice', 'bob']);
    const lateMorning = new Date('2026-11-28T00:59:00Z');
    const due = decideReminders(event(), lateMorning, none);
    expect(due.map((r) => [r.userId, r.day])).toEqual([
      ['alice', 'today'],
      ['bob', 'today'],
    ]);
  });

  it('reminds only current participants, each once per start', () => {
    expect(users(event({ participants: ['bob', 'bob'] }), NOW)).toEqual(['bob']);
    const startsAt = new Date('2026-11-28T01:00:00Z');
    const sent = new Map([[reminderMarkerId('e1', 'alice'), { startsAt }]]);
    expect(users(event(), NOW, sent)).toEqual(['bob']);
    // Moved to a later start the same day: the reminder announced the old one, so again.
    expect(users(event({ startTime: '11:00' }), NOW, sent)).toEqual(['alice', 'bob']);
  });

  it('sends each reminder in exactly one run of a 15-minute schedule', () => {
    const sent = new Map<string, ReminderMarker>();
    const runs: string[][] = [];
    const start = NOW.getTime() - 2 * 24 * 60 * 60_000;
    for (let t = start; t < NOW.getTime() + 2 * 24 * 60 * 60_000; t += REMINDER_RUN_INTERVAL_MS) {
      const due = decideReminders(event({ startTime: '10:07' }), new Date(t), sent);
      for (const r of due) sent.set(r.markerId, { startsAt: r.startsAt });
      if (due.length > 0) runs.push([new Date(t).toISOString(), ...due.map((r) => r.userId)]);
    }
    // The first run at or after 10:07 the day before (Japan time).
    expect(runs).toEqual([['2026-11-27T01:15:00.000Z', 'alice', 'bob']]);
  });
});

describe('alreadyReminded', () => {
  it('holds for a marker of the same start only', () => {
    const startsAt = new Date('2026-11-28T01:00:00Z');
    expect(alreadyReminded(null, startsAt)).toBe(false);
    expect(alreadyReminded({ startsAt }, startsAt)).toBe(true);
    expect(alreadyReminded({ startsAt: new Date(0) }, startsAt)).toBe(false);
  });
});

describe('reminderScanRange', () => {
  it('covers today and tomorrow in Japan', () => {
    expect(reminderScanRange(NOW)).toEqual({
      from: new Date('2026-11-26T15:00:00Z'),
      to: new Date('2026-11-28T15:00:00Z'),
    });
    // 08:00 on Saturday in Japan is still Friday in UTC.
    expect(reminderScanRange(new Date('2026-11-27T23:00:00Z')).from).toEqual(SATURDAY);
  });
});

describe('reminderData', () => {
  it('stores the event’s own values and the start', () => {
    const e = event({ startTime: ' 10:00 ' });
    const [due] = decideReminders(e, NOW, none);
    expect(reminderData(e, due!)).toEqual({
      eventId: 'e1',
      eventTitle: '週末フットサル',
      location: '代々木公園',
      startsAt: '2026-11-28T01:00:00.000Z',
      startTime: '10:00',
      day: 'tomorrow',
    });
  });
});
