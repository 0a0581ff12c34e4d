// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  arrayUnion,
  deleteField,
  doc,
  serverTimestamp,
  updateDoc,
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
  countedRequestWrite,
  event,
  firestoreHost,
  profile,
  request,
  useRulesEnv,
} from './firestore-support';

/**
 * What an event's end and a removal bound (docs/security.md "After the end"; issue 50): each
 * attacker's write refused beside its legitimate twin. ALICE organizes e1; BOB takes part; CAROL
 * and DAVE have nothing to do with it yet. The rules see the server's time, so events are placed
 * relative to now: UPCOMING next week, ENDED two days ago (still open: nobody closed it).
 */
const DAVE = 'dave';
const TITLE = '週末フットサル';
const DAY = 86_400_000;
const dayAt = (ms: number) => {
  const d = new Date(Date.now() + ms);
  return Timestamp.fromDate(new Date(d.getFullYear(), d.getMonth(), d.getDate()));
};
const UPCOMING = { date: dayAt(7 * DAY), startTime: '10:00', endTime: '12:00' };
const ENDED = { date: dayAt(-2 * DAY), startTime: '10:00', endTime: '12:00' };

const pendingRequest = (userId: string) => ({
  userId,
  eventId: 'e1',
  message: '',
  status: 'pending',
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
});

function note(userId: string, type: string, data: DocumentData) {
  return {
    userId,
    type,
    data: { eventId: 'e1', eventTitle: TITLE, ...data },
    read: false,
    timestamp: serverTimestamp(),
    clientTimestamp: Timestamp.now(),
  };
}

const removedNote = (uid: string) =>
  [
    `notifications/e1_${uid}_participant_removed`,
    note(uid, 'participant_removed', { participantId: uid, reason: 'conduct' }),
  ] as [string, DocumentData];

describe.skipIf(!firestoreHost)(`firestore rules: the end of an event, removals${NOT_RUN}`, () => {
  const { as, seed } = useRulesEnv('demo-rules-event-end');

  beforeEach(async () => {
    for (const uid of [ALICE, BOB, CAROL, DAVE]) await seed(`users/${uid}`, profile(uid));
  });

  function write(db: Firestore, eventFields: DocumentData, others: [string, DocumentData][] = []) {
    const batch = writeBatch(db);
    batch.update(doc(db, 'events/e1'), eventFields);
    for (const [path, data] of others) batch.set(doc(db, path), data);
    return batch.commit();
  }

  const ask = (db: Firestore, uid: string) =>
    countedRequestWrite(db, `e1_${uid}`, 1, (b) =>
      b.set(doc(db, `participationRequests/e1_${uid}`), pendingRequest(uid)),
    );

  const decide = (status: 'approved' | 'rejected') => {
    const db = as(ALICE);
    return countedRequestWrite(db, `e1_${CAROL}`, -1, (b) => {
      b.update(doc(db, `participationRequests/e1_${CAROL}`), {
        status,
        updatedAt: serverTimestamp(),
      });
      if (status === 'approved') {
        b.update(doc(db, 'events/e1'), { participants: arrayUnion(CAROL) });
      }
    });
  };

  describe('1. a direct join of a 先着順 event', () => {
    it('refuses it after the end while the status is still open; allows it before', async () => {
      const firstCome = { entryMethod: 'firstCome', participants: [BOB] };
      await seed('events/e1', event({ ...ENDED, ...firstCome }));
      await assertFails(write(as(CAROL), { participants: [BOB, CAROL] }));
      await seed('events/e1', event({ ...UPCOMING, ...firstCome }));
      await assertSucceeds(write(as(CAROL), { participants: [BOB, CAROL] }));
    });

    it('refuses the キャンセル待ち after the end; allows it before', async () => {
      const full = { entryMethod: 'firstCome', capacity: 1, participants: [BOB] };
      await seed('events/e1', event({ ...ENDED, ...full }));
      await assertFails(write(as(CAROL), { waitlist: [CAROL] }));
      await seed('events/e1', event({ ...UPCOMING, ...full }));
      await assertSucceeds(write(as(CAROL), { waitlist: [CAROL] }));
    });

    it('moves nobody up into an ended event on a capacity raise', async () => {
      const line = {
        entryMethod: 'firstCome',
        capacity: 1,
        participants: [BOB],
        waitlist: [CAROL],
      };
      await seed('events/e1', event({ ...ENDED, ...line }));
      await assertFails(
        write(as(ALICE), { capacity: 2, participants: [BOB, CAROL], waitlist: [] }),
      );
      await seed('events/e1', event({ ...UPCOMING, ...line }));
      await assertSucceeds(
        write(as(ALICE), { capacity: 2, participants: [BOB, CAROL], waitlist: [] }, [
          [
            `notifications/e1_${CAROL}_waitlist_promoted`,
            note(CAROL, 'waitlist_promoted', { participantId: CAROL }),
          ],
        ]),
      );
    });
  });

  describe('2. a join request on a 承認制 event', () => {
    it('refuses it after the end; allows it before', async () => {
      await seed('events/e1', event({ ...ENDED, participants: [BOB] }));
      await assertFails(ask(as(CAROL), CAROL));
      await seed('events/e1', event({ ...UPCOMING, participants: [BOB] }));
      await assertSucceeds(ask(as(CAROL), CAROL));
    });
  });

  describe('3. the organizer approving a stale request', () => {
    beforeEach(async () => {
      await seed(`participationRequests/e1_${CAROL}`, request({ userId: CAROL }));
    });

    it('refuses approving after the end, yet lets the request be rejected', async () => {
      await seed('events/e1', event({ ...ENDED, participants: [BOB] }));
      await assertFails(decide('approved'));
      await assertSucceeds(decide('rejected'));
    });

    it('allows approving before the end', async () => {
      await seed('events/e1', event({ ...UPCOMING, participants: [BOB] }));
      await assertSucceeds(decide('approved'));
    });
  });

  describe('4. moving an event', () => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const hhmm = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
    const before = {
      date: UPCOMING.date,
      startTime: '10:00',
      endTime: '12:00',
      location: '世田谷区総合運動場',
    };
    const changedNote = (uid: string, from: DocumentData, after: DocumentData) =>
      [
        `notifications/e1_event_changed_1_${uid}`,
        note(uid, 'event_changed', { seq: 1, before: from, after }),
      ] as [string, DocumentData];
    const move = (fields: DocumentData, told: boolean, from: DocumentData = before) =>
      write(
        as(ALICE),
        { ...fields, lastChange: { seq: 1, before: from, at: serverTimestamp() } },
        told ? [changedNote(BOB, from, { ...from, ...fields })] : [],
      );

    beforeEach(async () => {
      await seed('events/e1', event({ ...UPCOMING, participants: [BOB] }));
    });

    it('refuses a move into a slot that ended minutes ago, even announced', async () => {
      const start = new Date(Date.now() - 14 * 60_000);
      const end = new Date(Date.now() - 60_000);
      if (start.getDate() !== end.getDate()) return; // just after midnight: no such slot today
      const slot = {
        date: Timestamp.fromDate(new Date(start.getFullYear(), start.getMonth(), start.getDate())),
        startTime: hhmm(start),
        endTime: hhmm(end),
      };
      await assertFails(move(slot, true));
    });

    it('refuses a move its participants are not told of; allows the announced one', async () => {
      const later = { date: dayAt(14 * DAY) };
      await assertFails(move(later, false));
      await assertSucceeds(move(later, true));
    });

    it('refuses moving an event that has ended, or one finished early', async () => {
      await seed('events/e1', event({ ...ENDED, participants: [BOB] }));
      await assertFails(move({ date: dayAt(14 * DAY) }, true, { ...before, date: ENDED.date }));
      await seed('events/e1', event({ ...UPCOMING, participants: [BOB], status: 'finished' }));
      await assertFails(move({ date: dayAt(14 * DAY) }, true));
    });
  });

  describe('5. an event that took place', () => {
    it('refuses 中止 after the end, allows 終了; allows 中止 before the end', async () => {
      await seed('events/e1', event({ ...ENDED, participants: [BOB] }));
      const status = (s: string) =>
        updateDoc(doc(as(ALICE), 'events/e1'), { status: s, updatedAt: serverTimestamp() });
      await assertFails(status('cancelled'));
      await assertSucceeds(status('finished'));
      await seed('events/e1', event({ ...UPCOMING, participants: [BOB] }));
      await assertSucceeds(status('cancelled'));
    });
  });

  describe('7. a removal', () => {
    const removal = (uid: string, extra: DocumentData = {}) => ({
      [`removals.${uid}`]: { by: ALICE, reason: 'conduct', at: serverTimestamp(), ...extra },
    });

    beforeEach(async () => {
      await seed(
        'events/e1',
        event({ ...UPCOMING, entryMethod: 'firstCome', participants: [BOB] }),
      );
    });

    it('is recorded on the event: who, why and when, by the organizer', async () => {
      await assertFails(write(as(ALICE), { participants: [] }, [removedNote(BOB)]));
      await assertFails(
        write(as(ALICE), { participants: [], ...removal(BOB, { reason: '自由な文言' }) }, [
          removedNote(BOB),
        ]),
      );
      await assertFails(
        write(as(ALICE), { participants: [], ...removal(BOB, { at: Timestamp.now() }) }, [
          removedNote(BOB),
        ]),
      );
      await assertFails(
        write(as(ALICE), { participants: [], ...removal(BOB), ...removal(CAROL) }, [
          removedNote(BOB),
        ]),
      );
      // Nobody but the organizer writes a removal record, nor one without a removal.
      await assertFails(write(as(CAROL), removal(CAROL)));
      await assertFails(write(as(ALICE), removal(CAROL)));
      await assertSucceeds(
        write(as(ALICE), { participants: [], ...removal(BOB) }, [removedNote(BOB)]),
      );
    });

    it('keeps the removed person from taking the seat back, asking or waiting', async () => {
      const removed = {
        removals: { [BOB]: { by: ALICE, reason: 'conduct', at: Timestamp.now() } },
      };
      await seed('events/e1', event({ ...UPCOMING, entryMethod: 'firstCome', ...removed }));
      await assertFails(write(as(BOB), { participants: [BOB] }));
      // Someone else takes the same seat.
      await assertSucceeds(write(as(CAROL), { participants: [CAROL] }));
      // Nor on the line of a full event, nor by a request on 承認制.
      await seed(
        'events/e1',
        event({
          ...UPCOMING,
          entryMethod: 'firstCome',
          capacity: 1,
          participants: [CAROL],
          ...removed,
        }),
      );
      await assertFails(write(as(BOB), { waitlist: [BOB] }));
      await assertSucceeds(write(as(DAVE), { waitlist: [DAVE] }));
      await seed('events/e1', event({ ...UPCOMING, ...removed }));
      await assertFails(ask(as(BOB), BOB));
      await assertSucceeds(ask(as(DAVE), DAVE));
    });

    it('lets the organizer add them back, their record going; nobody else', async () => {
      const removed = {
        removals: { [BOB]: { by: ALICE, reason: 'conduct', at: Timestamp.now() } },
      };
      await seed('events/e1', event({ ...UPCOMING, entryMethod: 'firstCome', ...removed }));
      const back = (db: Firestore, fields: DocumentData) => write(db, fields);
      await assertFails(back(as(BOB), { participants: [BOB], [`removals.${BOB}`]: deleteField() }));
      // The record must go with the return, and only with it.
      await assertFails(back(as(ALICE), { [`removals.${BOB}`]: deleteField() }));
      await assertFails(
        back(as(ALICE), { participants: [CAROL], [`removals.${BOB}`]: deleteField() }),
      );
      await assertSucceeds(
        back(as(ALICE), { participants: [BOB], [`removals.${BOB}`]: deleteField() }),
      );
    });
  });
});
