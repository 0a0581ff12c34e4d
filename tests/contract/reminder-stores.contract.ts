import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '@mail/handlers/common';
import {
  runEventReminders,
  type ReminderDeps,
  type ReminderStores,
  type ReminderWrite,
} from '@mail/handlers/event-reminders';
import { createMemoryRateLimiter, readEmailSettings } from '@mail/policy';
import { REMINDER_EVENTS_PAGE_SIZE } from '@/domain/rules/reminders';
import { useHarness } from './support';

/**
 * The reminder run's stores are written twice: over the storage interface for the local backend
 * (src/data/local/local-reminders.ts) and on the Admin SDK for the scheduled Cloud Function
 * (functions/src/reminder-stores.ts). This suite holds both to the same behaviour, through the
 * handler that uses them (mail/handlers/event-reminders.ts).
 */
export interface ReminderStoresHarness {
  stores(now: () => Date): ReminderStores;
  /** Writes a document as the app stores it (dates as Date). */
  put(path: string, data: Record<string, unknown>): Promise<void>;
  /** A document's fields, dates as Date; null when there is none. */
  read(path: string): Promise<Record<string, unknown> | null>;
  count(collection: string): Promise<number>;
  dispose(): Promise<void>;
}

// Friday 27 November 2026, 21:00 in Japan; Saturday's events start 24 hours later or sooner.
const now = () => new Date('2026-11-27T12:00:00Z');
const SATURDAY = new Date('2026-11-27T15:00:00Z');

const base = {
  title: '週末フットサル',
  location: '代々木公園',
  organizerId: 'org',
  status: 'open',
  date: SATURDAY,
  startTime: '10:00',
  endTime: '12:00',
  participants: [] as string[],
};

export function reminderStoresContract(make: () => Promise<ReminderStoresHarness>): void {
  describe('reminder stores', () => {
    const harness = useHarness(make);

    function deps(sent: OutgoingMail[]): ReminderDeps {
      return {
        ...harness().stores(now),
        getEmailSettings: async () => readEmailSettings(null),
        getAuthRecipient: async (uid) => ({
          email: `${uid}@example.jp`,
          emailVerified: true,
          disabled: false,
        }),
        throttle: createMemoryRateLimiter(now),
        getDisplayName: async () => null,
        sendMail: async (mail) => {
          sent.push(mail);
          return {};
        },
        now,
        appBaseUrl: 'https://sports.example.jp',
        log: { info: () => {}, warn: () => {}, error: () => {} },
      };
    }

    it('reminds the participants of the day’s events once, over more than one page', async () => {
      const h = harness();
      const ids = Array.from({ length: REMINDER_EVENTS_PAGE_SIZE + 5 }, (_, i) =>
        String(i).padStart(3, '0'),
      );
      for (const id of ids) await h.put(`events/e${id}`, base);
      await h.put('events/e999', { ...base, participants: ['alice', 'bob'] });
      await h.put('events/cancelled', { ...base, status: 'cancelled', participants: ['alice'] });
      await h.put('events/next-week', {
        ...base,
        date: new Date('2026-12-04T15:00:00Z'),
        participants: ['alice'],
      });

      const sent: OutgoingMail[] = [];
      const run = await runEventReminders(deps(sent));
      expect(run).toMatchObject({ eventsRead: ids.length + 2, notified: 2, mailed: 2 });
      expect(sent.map((m) => m.to).sort()).toEqual(['alice@example.jp', 'bob@example.jp']);

      const note = await h.read('notifications/e999_event_reminder_alice');
      expect(note).toMatchObject({
        userId: 'alice',
        type: 'event_reminder',
        read: false,
        data: { eventId: 'e999', startsAt: '2026-11-28T01:00:00.000Z', day: 'tomorrow' },
      });
      expect(note?.timestamp).toBeInstanceOf(Date);
      const marker = await h.read('reminders/e999_alice');
      expect(marker?.startsAt).toEqual(new Date('2026-11-28T01:00:00Z'));

      expect(await runEventReminders(deps(sent))).toMatchObject({ notified: 0, mailed: 0 });
      expect(await h.count('notifications')).toBe(2);
    }, 120_000);

    it('records a reminder once: a second record of the same marker writes nothing', async () => {
      const stores = harness().stores(now);
      const startsAt = new Date('2026-11-28T01:00:00Z');
      const reminder: ReminderWrite = {
        markerId: 'e1_alice',
        marker: { eventId: 'e1', userId: 'alice', startsAt },
        notification: {
          id: 'e1_event_reminder_alice',
          userId: 'alice',
          type: 'event_reminder',
          data: {
            eventId: 'e1',
            eventTitle: '週末フットサル',
            location: '代々木公園',
            startsAt: startsAt.toISOString(),
            startTime: '10:00',
            day: 'tomorrow',
          },
        },
      };
      const sent = (m: { startsAt: Date } | null) => m?.startsAt.getTime() === startsAt.getTime();
      const first = await stores.recordReminder(reminder, sent);
      const second = await stores.recordReminder(reminder, sent);
      expect([first, second]).toEqual([true, false]);
      const markers = await stores.getReminderMarkers(['e1_alice', 'e1_bob']);
      expect([...markers]).toEqual([['e1_alice', { startsAt }]]);
      expect(await harness().count('notifications')).toBe(1);
    });
  });
}
