// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  deleteDoc,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type DocumentData,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import {
  ADMIN,
  ALICE,
  BOB,
  CAROL,
  NOT_RUN,
  event,
  firestoreHost,
  profile,
  useRulesEnv,
} from './firestore-support';

/**
 * The day-before reminder (docs/notifications.md "Reminders") is the scheduled Cloud Function's
 * alone: no client, not the organizer, not staff, not the participant, writes an event_reminder
 * notification or a sent marker. ALICE organizes e1; BOB takes part.
 */
const reminderNote = (userId: string, data: DocumentData = {}) => ({
  userId,
  type: 'event_reminder',
  data: {
    eventId: 'e1',
    eventTitle: '週末フットサル',
    location: '世田谷区総合運動場',
    startsAt: '2026-11-28T01:00:00.000Z',
    startTime: '10:00',
    day: 'tomorrow',
    ...data,
  },
  read: false,
  timestamp: serverTimestamp(),
  clientTimestamp: Timestamp.now(),
});

const marker = (userId: string) => ({
  eventId: 'e1',
  userId,
  startsAt: Timestamp.fromDate(new Date('2026-11-28T01:00:00Z')),
  sentAt: serverTimestamp(),
});

describe.skipIf(!firestoreHost)(`firestore rules: reminders${NOT_RUN}`, () => {
  const { as, anon, seed } = useRulesEnv('demo-rules-reminders');

  beforeEach(async () => {
    await seed(`users/${ALICE}`, profile(ALICE));
    await seed(`users/${BOB}`, profile(BOB));
    await seed(`users/${CAROL}`, profile(CAROL));
    await seed('events/e1', event({ participants: [BOB] }));
  });

  it('refuses a forged reminder from the organizer, staff, the participant or a stranger', async () => {
    const id = `e1_event_reminder_${BOB}`;
    for (const uid of [ALICE, ADMIN, BOB, CAROL]) {
      await assertFails(setDoc(doc(as(uid), 'notifications', id), reminderNote(BOB)));
    }
    // Phishing words to someone outside the event, under any id.
    await assertFails(
      setDoc(
        doc(as(ALICE), 'notifications', `e1_event_reminder_${CAROL}`),
        reminderNote(CAROL, { eventTitle: '【重要】アカウント確認はこちら' }),
      ),
    );
    await assertFails(setDoc(doc(anon(), 'notifications', id), reminderNote(BOB)));
  });

  it('refuses a reminder carried by an event write of the organizer', async () => {
    const db = as(ALICE);
    const batch = writeBatch(db);
    batch.update(doc(db, 'events/e1'), { title: '週末フットサル（雨天決行）' });
    batch.set(doc(db, 'notifications', `e1_event_reminder_${BOB}`), reminderNote(BOB));
    await assertFails(batch.commit());
  });

  it('refuses turning the recipient’s own notification into a reminder', async () => {
    const id = `e1_event_reminder_${BOB}`;
    await seed(`notifications/${id}`, { ...reminderNote(BOB), timestamp: Timestamp.now() });
    // The recipient only marks it read.
    await assertSucceeds(updateDoc(doc(as(BOB), 'notifications', id), { read: true }));
    await assertFails(
      updateDoc(doc(as(BOB), 'notifications', id), { 'data.eventTitle': '別のイベント' }),
    );
    await assertFails(
      updateDoc(doc(as(ALICE), 'notifications', id), { 'data.eventTitle': '別のイベント' }),
    );
  });

  it('lets nobody read, forge, change or remove a sent marker', async () => {
    const path = `reminders/e1_${BOB}`;
    for (const uid of [BOB, ALICE, ADMIN]) {
      await assertFails(setDoc(doc(as(uid), path), marker(BOB)));
    }
    await seed(path, { ...marker(BOB), sentAt: Timestamp.now() });
    for (const uid of [BOB, ALICE, ADMIN]) {
      await assertFails(getDoc(doc(as(uid), path)));
      await assertFails(updateDoc(doc(as(uid), path), { startsAt: Timestamp.now() }));
      await assertFails(deleteDoc(doc(as(uid), path)));
    }
  });
});
