// @vitest-environment node
/**
 * A benchmark, not a test (it prints figures and asserts nothing): on the Firestore and Auth
 * emulators, an organizer with BENCH_FOLLOWERS (default 1,000) followers publishes an event, and
 * the server's handler (mail/handlers/follower-notices.ts, with the Admin SDK reads and batches of
 * functions/src/firestore-deps.ts and the Firestore rate limiter production uses) tells them.
 * Printed: the time from the call until every follower's notification exists, and the documents
 * written per follower (the notification, the mail where switched on, the rate-limit counters the
 * mail decisions write). Run: bash bench/run-follower-notices.sh.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, Timestamp, getFirestore } from 'firebase-admin/firestore';
import { it } from 'vitest';
import { createAuthRecipients, createFirestoreReads } from '@functions/firestore-deps';
import { createFirestoreRateLimiter } from '@functions/rate-limit';
import { followerNotices } from '@mail/handlers/follower-notices';
import type { Logger } from '@mail/handlers/common';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 1000);
/** Every tenth follower switched the mail off. */
const MAIL_OFF_EVERY = 10;
const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

it.skipIf(!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST)(
  `follower notices: ${FOLLOWERS} followers`,
  async () => {
    const app = initializeApp({ projectId: 'demo-bench-follows' }, `bench-${Date.now()}`);
    const db = getFirestore(app);
    const auth = getAuth(app);
    const organizer = 'bench-organizer';
    const fans = Array.from(
      { length: FOLLOWERS },
      (_, i) => `bench-fan-${String(i).padStart(5, '0')}`,
    );

    // The accounts (the mail's verified addresses), their profiles, follows and settings.
    for (let i = 0; i < fans.length; i += 1000) {
      await auth.importUsers(
        fans
          .slice(i, i + 1000)
          .map((uid) => ({ uid, email: `${uid}@example.jp`, emailVerified: true })),
      );
    }
    const writer = db.bulkWriter();
    void writer.set(db.doc(`users/${organizer}`), { displayName: '主催 太郎' });
    fans.forEach((uid, i) => {
      void writer.set(db.doc(`follows/${uid}_user_${organizer}`), {
        followerId: uid,
        targetKind: 'user',
        targetId: organizer,
        targetKey: `user:${organizer}`,
        targetName: '主催 太郎',
        createdAt: FieldValue.serverTimestamp(),
      });
      if (i % MAIL_OFF_EVERY === 0) {
        void writer.set(db.doc(`users/${uid}/private/settings`), {
          mail: { followedEvents: false },
          updatedAt: FieldValue.serverTimestamp(),
        });
      }
    });
    const eventId = `bench-event-${Date.now()}`;
    void writer.set(db.doc(`events/${eventId}`), {
      title: '週末フットサル',
      organizerId: organizer,
      organizerName: '主催 太郎',
      status: 'open',
      date: Timestamp.fromDate(new Date(Date.now() + 7 * 86_400_000)),
      startTime: '10:00',
      endTime: '12:00',
      location: '代々木公園',
      participants: [],
      createdAt: FieldValue.serverTimestamp(),
    });
    await writer.close();

    const now = () => new Date();
    let mailed = 0;
    const rateLimitsBefore = (await db.collection('rateLimits').count().get()).data().count;
    const started = performance.now();
    const handled = followerNotices(
      {
        ...createFirestoreReads(db),
        ...createAuthRecipients(auth),
        sendMail: async () => {
          mailed++;
          return {};
        },
        throttle: createFirestoreRateLimiter(db, now),
        now,
        appBaseUrl: 'http://localhost:5173',
        log: quiet,
      },
      organizer,
      { type: 'event_published', eventId },
    );
    let doneAt = 0;
    void handled.then(() => (doneAt = performance.now() - started));
    const notices = db
      .collection('notifications')
      .where('type', '==', 'followed_event')
      .where('data.eventId', '==', eventId);
    // The handler writes each page's notices before it mails that page: the notices are counted
    // in the store while it runs (every 50 ms); the mail is done when it answers.
    let noticed = 0;
    let noticesAt = 0;
    while (noticed < FOLLOWERS && performance.now() - started < 600_000) {
      noticed = (await notices.count().get()).data().count;
      noticesAt = performance.now() - started;
      if (noticed < FOLLOWERS) await new Promise((r) => setTimeout(r, 50));
    }
    const res = await handled;
    const rateLimits =
      (await db.collection('rateLimits').count().get()).data().count - rateLimitsBefore;

    const per = (n: number) => (n / FOLLOWERS).toFixed(2);
    const mailOn = FOLLOWERS - Math.ceil(FOLLOWERS / MAIL_OFF_EVERY);
    console.info(
      [
        '',
        `Follower notices on the emulators: ${FOLLOWERS} followers of one organizer, one new event`,
        `  handler answered                              ${res.status} ${JSON.stringify(res.body)}`,
        `  call → every follower's notification exists  ${noticesAt.toFixed(0)} ms (${noticed}/${FOLLOWERS})`,
        `  call → handler done (notices and mail)        ${doneAt.toFixed(0)} ms`,
        `  documents written per follower:`,
        `    notifications                               ${per(noticed)}`,
        `    mail (${mailOn} of ${FOLLOWERS} switched on)               ${per(mailed)}`,
        `    rate-limit counters in Firestore            ${per(rateLimits)} (per event and follower, per recipient)`,
        '',
      ].join('\n'),
    );
    await deleteApp(app);
  },
  900_000,
);
