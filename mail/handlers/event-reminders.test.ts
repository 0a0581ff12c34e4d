import { describe, expect, it } from 'vitest';
import {
  runEventReminders,
  type ReminderDeps,
  type ReminderEventRecord,
  type ReminderWrite,
} from './event-reminders.js';
import type { ReminderMarker } from '../../src/domain/rules/reminders.js';
import { BASE_URL, fakeDeps, world, type World } from '../test/fakes.js';

// Friday 27 November 2026, 21:00 in Japan.
const NOW = Date.parse('2026-11-27T12:00:00Z');
// Saturday 28 November 2026 as a browser in Japan stores the day (its midnight).
const SATURDAY = new Date('2026-11-27T15:00:00Z');

const ALICE = 'alice-uid';
const BOB = 'bob-uid';

function eventRecord(id: string, over: Partial<ReminderEventRecord> = {}): ReminderEventRecord {
  return {
    id,
    organizerId: 'organizer-uid',
    organizerName: '山田',
    title: '週末フットサル',
    date: SATURDAY,
    startTime: '10:00',
    endTime: '12:00',
    location: '代々木公園',
    status: 'open',
    participants: [ALICE, BOB],
    waitlist: [],
    entryMethod: '',
    ...over,
  };
}

/** The handler's stores in memory, with a fixed clock that the test moves. */
function reminderWorld(events: ReminderEventRecord[], w: World = world()) {
  w.authUsers[ALICE] = { email: 'alice@example.jp', emailVerified: true, disabled: false };
  w.authUsers[BOB] = { email: 'bob@example.jp', emailVerified: true, disabled: false };
  const fake = fakeDeps(w);
  let nowMs = NOW;
  const markers = new Map<string, ReminderMarker>();
  const notifications = new Map<string, ReminderWrite['notification']>();
  const reads = { pages: 0 };
  const byDay = () =>
    [...events].sort((a, b) => a.date!.getTime() - b.date!.getTime() || (a.id < b.id ? -1 : 1));
  const deps: ReminderDeps = {
    ...fake.deps,
    now: () => new Date(nowMs),
    throttle: fake.deps.throttle,
    async eventsByDay({ from, to }, { limit, after }) {
      reads.pages++;
      const inRange = byDay().filter((e) => e.date! >= from && e.date! < to);
      const start = after ? inRange.findIndex((e) => e.id === after) + 1 : 0;
      const page = inRange.slice(start, start + limit);
      return { events: page, next: page.length === limit ? page.at(-1)!.id : null };
    },
    async getReminderMarkers(ids) {
      return new Map(ids.flatMap((id) => (markers.has(id) ? [[id, markers.get(id)!]] : [])));
    },
    async recordReminder(write, sent) {
      if (sent(markers.get(write.markerId) ?? null)) return false;
      markers.set(write.markerId, { startsAt: write.marker.startsAt });
      notifications.set(write.notification.id, write.notification);
      return true;
    },
  };
  return {
    deps,
    sent: fake.sent,
    markers,
    notifications,
    reads,
    at: (iso: string) => (nowMs = Date.parse(iso)),
  };
}

describe('runEventReminders', () => {
  it('notifies and mails each participant once, the day before', async () => {
    const r = reminderWorld([eventRecord('e1')]);
    const run = await runEventReminders(r.deps);
    expect(run).toMatchObject({ notified: 2, mailed: 2, notMailed: 0, truncated: false });
    expect([...r.notifications.values()]).toEqual([
      {
        id: 'e1_event_reminder_alice-uid',
        userId: ALICE,
        type: 'event_reminder',
        data: {
          eventId: 'e1',
          eventTitle: '週末フットサル',
          location: '代々木公園',
          startsAt: '2026-11-28T01:00:00.000Z',
          startTime: '10:00',
          day: 'tomorrow',
        },
      },
      expect.objectContaining({ id: 'e1_event_reminder_bob-uid', userId: BOB }),
    ]);
    expect(r.sent.map((m) => m.to)).toEqual(['alice@example.jp', 'bob@example.jp']);
    const [mail] = r.sent;
    expect(mail!.subject).toBe('【スポーツコミュニティ】明日は「週末フットサル」の日です');
    expect(mail!.text).toContain('開催日時: 2026年11月28日(土) 10:00〜12:00');
    expect(mail!.text).toContain('場所: 代々木公園');
    expect(mail!.text).toContain(`${BASE_URL}/events/e1`);
    expect([...r.markers.keys()]).toEqual(['e1_alice-uid', 'e1_bob-uid']);
  });

  it('writes and mails nothing new on a rerun, or on every run of the schedule after', async () => {
    const r = reminderWorld([eventRecord('e1')]);
    await runEventReminders(r.deps);
    expect(await runEventReminders(r.deps)).toMatchObject({ notified: 0, mailed: 0 });
    for (const at of ['2026-11-27T12:15:00Z', '2026-11-27T23:45:00Z', '2026-11-28T00:45:00Z']) {
      r.at(at);
      expect(await runEventReminders(r.deps)).toMatchObject({ notified: 0, mailed: 0 });
    }
    expect(r.sent).toHaveLength(2);
    expect(r.notifications.size).toBe(2);
  });

  it('reminds nobody of a cancelled event or a past one, nor anyone who left', async () => {
    const r = reminderWorld([
      eventRecord('cancelled', { status: 'cancelled' }),
      eventRecord('this-morning', { date: new Date('2026-11-26T15:00:00Z') }),
      eventRecord('left', { participants: [BOB] }),
    ]);
    const run = await runEventReminders(r.deps);
    expect(run.eventsRead).toBe(3);
    expect([...r.notifications.keys()]).toEqual(['left_event_reminder_bob-uid']);
    expect(r.sent.map((m) => m.to)).toEqual(['bob@example.jp']);
  });

  it('waits until 24 hours before the start, then sends in the next run', async () => {
    const r = reminderWorld([eventRecord('late', { startTime: '22:10' })]);
    expect(await runEventReminders(r.deps)).toMatchObject({ notified: 0 });
    r.at('2026-11-27T13:15:00Z');
    expect(await runEventReminders(r.deps)).toMatchObject({ notified: 2, mailed: 2 });
  });

  it('honours the switch and mails only a verified address, and still notifies', async () => {
    const w = world();
    w.settings[ALICE] = { eventReminder: false };
    const r = reminderWorld([eventRecord('e1')], w);
    w.authUsers[BOB] = { email: 'bob@example.jp', emailVerified: false, disabled: false };
    const run = await runEventReminders(r.deps);
    expect(run).toMatchObject({ notified: 2, mailed: 0, notMailed: 2 });
    expect(r.sent).toHaveLength(0);
    expect(r.notifications.size).toBe(2);
  });

  it('catches up with a reminder whose run was missed, until the event starts', async () => {
    const r = reminderWorld([eventRecord('e1')]);
    r.at('2026-11-28T00:50:00Z');
    await runEventReminders(r.deps);
    expect(r.sent[0]!.subject).toBe('【スポーツコミュニティ】今日は「週末フットサル」の日です');
    expect(r.notifications.get('e1_event_reminder_bob-uid')!.data.day).toBe('today');
  });

  it('reminds again for a moved start, under the same ids', async () => {
    const events = [eventRecord('e1')];
    const r = reminderWorld(events);
    await runEventReminders(r.deps);
    events[0] = eventRecord('e1', { startTime: '11:00' });
    expect(await runEventReminders(r.deps)).toMatchObject({ notified: 2, mailed: 2 });
    expect(r.notifications.size).toBe(2);
  });

  it('reads the events page by page', async () => {
    const many = Array.from({ length: 130 }, (_, i) =>
      eventRecord(`e${String(i).padStart(3, '0')}`, { participants: [] }),
    );
    const r = reminderWorld(many);
    const run = await runEventReminders(r.deps);
    expect(run.eventsRead).toBe(130);
    expect(r.reads.pages).toBe(2);
  });

  it('keeps the notification and goes on when a mail fails', async () => {
    const r = reminderWorld([eventRecord('e1')]);
    let calls = 0;
    const send = r.deps.sendMail;
    r.deps.sendMail = async (mail) => {
      if (calls++ === 0) throw new Error('smtp down');
      return send(mail);
    };
    const run = await runEventReminders(r.deps);
    expect(run).toMatchObject({ notified: 2, mailed: 1, notMailed: 1 });
    expect(await runEventReminders(r.deps)).toMatchObject({ notified: 0, mailed: 0 });
  });
});
