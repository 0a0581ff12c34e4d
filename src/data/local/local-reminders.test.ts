import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationSchema, notificationText } from '@/domain/entities/notification';
import { logger } from '@/lib/logger';
import { localBackendsPerTest } from '@/test/local-backends';
import type { AccountRow } from './db';

const backend = localBackendsPerTest('reminders');

beforeEach(() => {
  // Each run logs what it did.
  vi.spyOn(logger, 'info').mockImplementation(() => {});
});

// Friday 27 November 2026, 21:00 in Japan; the event is on Saturday at 10:00 in Japan.
const FRIDAY_EVENING = Date.parse('2026-11-27T12:00:00Z');
const SATURDAY = new Date('2026-11-27T15:00:00Z');

function account(uid: string, emailVerified = true): AccountRow {
  return {
    uid,
    email: `${uid}@example.jp`,
    passwordHash: '',
    salt: '',
    iterations: 1,
    emailVerified,
    displayName: uid,
    photoURL: '',
    createdAt: new Date(0),
  };
}

/** A local backend whose clock the test moves, with one event and two participants. */
async function world(startMs: number) {
  let nowMs = startMs;
  const b = await backend({ now: () => new Date(nowMs) });
  await b.db.accounts.bulkPut([account('alice'), account('bob')]);
  await b.db.events.put({
    id: 'e1',
    title: '週末フットサル',
    location: '代々木公園',
    organizerId: 'org',
    participants: ['alice', 'bob'],
    status: 'open',
    date: SATURDAY,
    startTime: '10:00',
    endTime: '12:00',
  });
  return { b, at: (iso: string) => (nowMs = Date.parse(iso)) };
}

describe('the local day-before reminder', () => {
  it('notifies and mails each participant once, however often it runs', async () => {
    const { b } = await world(FRIDAY_EVENING);
    await b.scheduled.runDueReminders();
    await b.scheduled.runDueReminders();

    const notes = await b.db.notifications.toArray();
    expect(notes.map((n) => [n.id, n.userId, n.type])).toEqual([
      ['e1_event_reminder_alice', 'alice', 'event_reminder'],
      ['e1_event_reminder_bob', 'bob', 'event_reminder'],
    ]);
    const outbox = await b.dev.outbox();
    expect(outbox.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['alice@example.jp', '【スポーツコミュニティ】明日は「週末フットサル」の日です'],
      ['bob@example.jp', '【スポーツコミュニティ】明日は「週末フットサル」の日です'],
    ]);
    expect(await b.db.reminders.count()).toBe(2);

    const text = notificationText(notificationSchema.parse(notes[0]));
    expect(text.title).toBe('明日はイベントの日です');
    expect(text.body).toMatch(
      /^「週末フットサル」は \d+月\d+日\(.\) 10:00 から 代々木公園 で開催されます$/,
    );
  });

  it('catches up once, on the first run after the app was closed through the window', async () => {
    // Open two days before: nothing due yet.
    const { b, at } = await world(Date.parse('2026-11-26T01:00:00Z'));
    await b.scheduled.runDueReminders();
    expect(await b.db.notifications.count()).toBe(0);

    // Closed until 09:30 on the day (Japan time), the event not begun: reminded now, once.
    at('2026-11-28T00:30:00Z');
    await b.scheduled.runDueReminders();
    at('2026-11-28T00:45:00Z');
    await b.scheduled.runDueReminders();
    expect(await b.db.notifications.count()).toBe(2);
    expect((await b.dev.outbox()).map((m) => m.subject)).toEqual([
      '【スポーツコミュニティ】今日は「週末フットサル」の日です',
      '【スポーツコミュニティ】今日は「週末フットサル」の日です',
    ]);

    // After the start, nothing more.
    at('2026-11-28T01:30:00Z');
    await b.scheduled.runDueReminders();
    expect(await b.db.notifications.count()).toBe(2);
  });

  it('reminds nobody who left, and nobody of a cancelled event', async () => {
    const { b } = await world(FRIDAY_EVENING);
    await b.db.events.update('e1', { participants: ['bob'] });
    await b.db.events.put({
      ...(await b.db.events.get('e1'))!,
      id: 'e2',
      status: 'cancelled',
      participants: ['alice'],
    });
    await b.scheduled.runDueReminders();
    expect((await b.db.notifications.toArray()).map((n) => n.id)).toEqual([
      'e1_event_reminder_bob',
    ]);
  });
});
