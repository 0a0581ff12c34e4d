// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  doc,
  serverTimestamp,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import {
  ALICE,
  BOB,
  CAROL,
  NOT_RUN,
  event,
  firestoreHost,
  profile,
  request,
  useRulesEnv,
} from './firestore-support';

/**
 * The organizer's change notices (docs/notifications.md "Change notices"). ALICE organizes e1
 * (週末フットサル) with BOB taking part; CAROL has a pending request; DAN has nothing to do with it.
 */
const TITLE = '週末フットサル';
const DAN = 'dan';
const DAY = Timestamp.fromDate(new Date(Date.now() + 7 * 86_400_000));
const NEW_DAY = Timestamp.fromDate(new Date(Date.now() + 14 * 86_400_000));
const BEFORE = { date: DAY, startTime: '10:00', endTime: '12:00', location: '世田谷区総合運動場' };
const AFTER = { ...BEFORE, date: NEW_DAY };

function note(userId: string, type: string, data: DocumentData) {
  return {
    userId,
    type,
    data,
    read: false,
    timestamp: serverTimestamp(),
    clientTimestamp: Timestamp.now(),
  };
}

const changedNote = (userId: string, data: DocumentData = {}) =>
  note(userId, 'event_changed', {
    eventId: 'e1',
    eventTitle: TITLE,
    seq: 1,
    before: BEFORE,
    after: AFTER,
    ...data,
  });

const cancelledNote = (userId: string, data: DocumentData = {}) =>
  note(userId, 'event_cancelled', { eventId: 'e1', eventTitle: TITLE, ...data });

const changedId = (uid: string, seq = 1) => `e1_event_changed_${seq}_${uid}`;
const cancelledId = (uid: string) => `e1_event_cancelled_${uid}`;

describe.skipIf(!firestoreHost)(`firestore rules: change notices${NOT_RUN}`, () => {
  const { as, seed } = useRulesEnv('demo-rules-event-changes');

  beforeEach(async () => {
    for (const uid of [ALICE, BOB, CAROL, DAN]) await seed(`users/${uid}`, profile(uid));
    await seed('events/e1', event({ date: DAY, participants: [BOB] }));
    await seed(`participationRequests/e1_${CAROL}`, request({ userId: CAROL }));
  });

  /** The event moved to NEW_DAY with its change record, and `notes` in the same batch. */
  function moveWith(
    notes: [string, DocumentData][],
    db: Firestore = as(ALICE),
    eventFields: DocumentData = {},
  ) {
    const batch = writeBatch(db);
    batch.update(doc(db, 'events/e1'), {
      date: NEW_DAY,
      lastChange: { seq: 1, before: BEFORE, at: serverTimestamp() },
      updatedAt: serverTimestamp(),
      ...eventFields,
    });
    for (const [id, data] of notes) batch.set(doc(db, 'notifications', id), data);
    return batch.commit();
  }

  function cancelWith(notes: [string, DocumentData][], db: Firestore = as(ALICE)) {
    const batch = writeBatch(db);
    batch.update(doc(db, 'events/e1'), { status: 'cancelled', updatedAt: serverTimestamp() });
    for (const [id, data] of notes) batch.set(doc(db, 'notifications', id), data);
    return batch.commit();
  }

  it("lets the organizer's schedule change tell a participant, old → new", async () => {
    await assertSucceeds(moveWith([[changedId(BOB), changedNote(BOB)]]));
  });

  it('lets a cancellation tell a participant and a pending requester', async () => {
    await assertSucceeds(
      cancelWith([
        [cancelledId(BOB), cancelledNote(BOB)],
        [cancelledId(CAROL), cancelledNote(CAROL)],
      ]),
    );
  });

  it('refuses a forged change notice to someone who is not a participant', async () => {
    await assertFails(moveWith([[changedId(DAN), changedNote(DAN)]]));
    // A pending requester is not told of a change, only of a cancellation.
    await assertFails(moveWith([[changedId(CAROL), changedNote(CAROL)]]));
    await assertFails(cancelWith([[cancelledId(DAN), cancelledNote(DAN)]]));
  });

  it('refuses a notice without a matching change', async () => {
    // No change at all: the event is untouched.
    const db = as(ALICE);
    const alone = writeBatch(db);
    alone.set(doc(db, 'notifications', changedId(BOB)), changedNote(BOB));
    await assertFails(alone.commit());
    // Old or new values that are not what changed.
    const elsewhere = { ...AFTER, location: '別の会場' };
    await assertFails(moveWith([[changedId(BOB), changedNote(BOB, { after: elsewhere })]]));
    await assertFails(
      moveWith([[changedId(BOB), changedNote(BOB, { before: { ...BEFORE, startTime: '09:00' } })]]),
    );
    // Another number than the change's, or words of the sender's own.
    await assertFails(moveWith([[changedId(BOB, 2), changedNote(BOB, { seq: 2 })]]));
    await assertFails(
      moveWith([[changedId(BOB), changedNote(BOB, { text: '集合場所が変わりました' })]]),
    );
    await assertFails(moveWith([[changedId(BOB), changedNote(BOB, { eventTitle: '別の会' })]]));
    // A cancellation notice for an event that is not cancelled.
    const open = writeBatch(db);
    open.set(doc(db, 'notifications', cancelledId(BOB)), cancelledNote(BOB));
    await assertFails(open.commit());
  });

  it("refuses change notices from anyone but the event's organizer", async () => {
    // A participant cannot write the change, nor the notice beside it.
    await assertFails(moveWith([[changedId(BOB), changedNote(BOB)]], as(BOB)));
    await seed(
      'events/e1',
      event({
        date: NEW_DAY,
        participants: [BOB],
        lastChange: { seq: 1, before: BEFORE, at: Timestamp.now() },
      }),
    );
    const db = as(CAROL);
    const batch = writeBatch(db);
    batch.set(doc(db, 'notifications', changedId(BOB)), changedNote(BOB));
    await assertFails(batch.commit());
  });

  it('refuses a schedule change without its true change record, and a record without a change', async () => {
    const db = as(ALICE);
    // No record.
    const bare = writeBatch(db);
    bare.update(doc(db, 'events/e1'), { date: NEW_DAY, updatedAt: serverTimestamp() });
    await assertFails(bare.commit());
    // A record that lies about the schedule before.
    await assertFails(
      moveWith([], db, {
        lastChange: { seq: 1, before: { ...BEFORE, location: '嘘' }, at: serverTimestamp() },
      }),
    );
    // A number that skips.
    await assertFails(
      moveWith([], db, { lastChange: { seq: 5, before: BEFORE, at: serverTimestamp() } }),
    );
    // A record with only a title edit.
    const titleOnly = writeBatch(db);
    titleOnly.update(doc(db, 'events/e1'), {
      title: '新しい名前',
      lastChange: { seq: 1, before: BEFORE, at: serverTimestamp() },
    });
    await assertFails(titleOnly.commit());
    // A title edit alone needs no record.
    const title = writeBatch(db);
    title.update(doc(db, 'events/e1'), { title: '新しい名前', updatedAt: serverTimestamp() });
    await assertSucceeds(title.commit());
  });

  it("refuses a change record from a participant, or at a time not the server's", async () => {
    // A participant rewriting the schedule and its record, telling themself, or the record alone.
    await assertFails(moveWith([[changedId(BOB), changedNote(BOB)]], as(BOB)));
    const db = as(BOB);
    const recordOnly = writeBatch(db);
    recordOnly.update(doc(db, 'events/e1'), {
      lastChange: { seq: 1, before: BEFORE, at: serverTimestamp() },
    });
    await assertFails(recordOnly.commit());
    // The organizer backdating the change.
    await assertFails(
      moveWith([], as(ALICE), { lastChange: { seq: 1, before: BEFORE, at: Timestamp.now() } }),
    );
    await assertSucceeds(moveWith([[changedId(BOB), changedNote(BOB)]], as(ALICE)));
  });

  it('lets the rest of a large change follow in a later batch, once per person', async () => {
    await seed('events/e1', event({ date: DAY, participants: [DAN, BOB] }));
    await assertSucceeds(moveWith([[changedId(DAN), changedNote(DAN)]]));
    const db = as(ALICE);
    const later = writeBatch(db);
    later.set(doc(db, 'notifications', changedId(BOB)), changedNote(BOB));
    await assertSucceeds(later.commit());
    // Written again (a replay): refused, so nobody is told twice.
    const again = writeBatch(db);
    again.set(doc(db, 'notifications', changedId(BOB)), changedNote(BOB));
    await assertFails(again.commit());
  });

  it("refuses the organizer's cancellation notice on an event staff cancelled", async () => {
    await seed(
      'events/e1',
      event({ date: DAY, participants: [BOB], status: 'cancelled', staffCancelReason: 'fraud' }),
    );
    const db = as(ALICE);
    const batch = writeBatch(db);
    batch.set(doc(db, 'notifications', cancelledId(BOB)), cancelledNote(BOB));
    await assertFails(batch.commit());
  });
});
