// @vitest-environment node
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReminderStores } from '@functions/reminder-stores';
import type { OutgoingMail } from '@mail/handlers/common';
import { runEventReminders, type ReminderDeps } from '@mail/handlers/event-reminders';
import { createMemoryRateLimiter, readEmailSettings } from '@mail/policy';
import { REMINDER_EVENTS_PAGE_SIZE } from '@/domain/rules/reminders';
import { NOT_RUN, firestoreHost } from '../rules/firestore-support';

/**
 * The scheduled reminder's Firestore stores (functions/src/reminder-stores.ts, Admin SDK) on the
 * emulator: the range on `date` page by page, the marker and the notification in one
 * transaction, and a rerun that writes nothing.
 */
describe.skipIf(!firestoreHost)(`reminder stores on Firestore${NOT_RUN}`, () => {
  let app: App;
  let db: Firestore;
  // Friday 27 November 2026, 21:00 in Japan; Saturday's events start 24 hours later or sooner.
  const now = () => new Date('2026-11-27T12:00:00Z');
  const SATURDAY = Timestamp.fromDate(new Date('2026-11-27T15:00:00Z'));

  beforeAll(() => {
    process.env.METADATA_SERVER_DETECTION ??= 'none';
    app = initializeApp({ projectId: 'demo-reminder-stores' }, 'reminder-stores-test');
    db = getFirestore(app);
  });
  afterAll(() => deleteApp(app));
  beforeEach(async () => {
    for (const name of ['events', 'reminders', 'notifications']) {
      await db.recursiveDelete(db.collection(name));
    }
  });

  function deps(sent: OutgoingMail[]): ReminderDeps {
    return {
      ...createReminderStores(db, now),
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

  it('reminds the participants of Saturday’s events once, over more than one page', async () => {
    const events = db.collection('events');
    const base = {
      title: '週末フットサル',
      location: '代々木公園',
      organizerId: 'org',
      status: 'open',
      date: SATURDAY,
      startTime: '10:00',
      endTime: '12:00',
      participants: [],
    };
    const ids = Array.from({ length: REMINDER_EVENTS_PAGE_SIZE + 5 }, (_, i) =>
      String(i).padStart(3, '0'),
    );
    const batch = db.batch();
    for (const id of ids) batch.set(events.doc(`e${id}`), base);
    batch.set(events.doc('e999'), { ...base, participants: ['alice', 'bob'] });
    batch.set(events.doc('cancelled'), { ...base, status: 'cancelled', participants: ['alice'] });
    batch.set(events.doc('next-week'), {
      ...base,
      date: Timestamp.fromDate(new Date('2026-12-04T15:00:00Z')),
      participants: ['alice'],
    });
    await batch.commit();

    const sent: OutgoingMail[] = [];
    const run = await runEventReminders(deps(sent));
    expect(run).toMatchObject({ eventsRead: ids.length + 2, notified: 2, mailed: 2 });
    expect(sent.map((m) => m.to).sort()).toEqual(['alice@example.jp', 'bob@example.jp']);

    const note = await db.doc('notifications/e999_event_reminder_alice').get();
    expect(note.data()).toMatchObject({
      userId: 'alice',
      type: 'event_reminder',
      read: false,
      data: { eventId: 'e999', startsAt: '2026-11-28T01:00:00.000Z', day: 'tomorrow' },
    });
    expect(note.get('timestamp')).toBeInstanceOf(Timestamp);
    const marker = await db.doc('reminders/e999_alice').get();
    expect(marker.get('startsAt')).toEqual(Timestamp.fromDate(new Date('2026-11-28T01:00:00Z')));

    expect(await runEventReminders(deps(sent))).toMatchObject({ notified: 0, mailed: 0 });
    expect((await db.collection('notifications').count().get()).data().count).toBe(2);
  }, 120_000);
});
