// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
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
  event,
  firestoreHost,
  profile,
  request,
  useRulesEnv,
} from './firestore-support';

/**
 * Who takes part (src/domain/rules/roster.ts): the direct join of a 先着順 event, the キャンセル待ち
 * (the ordered `waitlist` on the event) and the promotion of the first in line when a seat frees.
 * ALICE organizes e1 (capacity 2); BOB and CAROL take part; DAVE then ERIN wait, in that order.
 */
const DAVE = 'dave';
const ERIN = 'erin';
const FRANK = 'frank';
const TITLE = '週末フットサル';

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

/** The removal record the organizer's removal of `uid` writes on the event. */
const removal = (uid: string, reason = 'duplicate', by = ALICE) => ({
  [`removals.${uid}`]: { by, reason, at: serverTimestamp() },
});

const promotedRequest = (userId: string) => ({
  userId,
  eventId: 'e1',
  message: '',
  status: 'pending',
  fromWaitlist: true,
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
});

describe.skipIf(!firestoreHost)(`firestore rules: roster and waitlist${NOT_RUN}`, () => {
  const { as, seed } = useRulesEnv('demo-rules-roster');

  const full = (extra: DocumentData = {}) =>
    event({
      capacity: 2,
      entryMethod: 'firstCome',
      participants: [BOB, CAROL],
      waitlist: [DAVE, ERIN],
      ...extra,
    });

  beforeEach(async () => {
    for (const uid of [ALICE, BOB, CAROL, DAVE, ERIN, FRANK]) {
      await seed(`users/${uid}`, profile(uid));
    }
    await seed('events/e1', full());
  });

  /** A write of `db` in one batch: the event fields and any other documents. */
  function write(db: Firestore, eventFields: DocumentData, others: [string, DocumentData][] = []) {
    const batch = writeBatch(db);
    batch.update(doc(db, 'events/e1'), eventFields);
    for (const [path, data] of others) batch.set(doc(db, path), data);
    return batch.commit();
  }

  describe('direct join', () => {
    it('lets a user join a 先着順 event with room and nobody waiting', async () => {
      await seed('events/e1', full({ participants: [BOB], waitlist: [] }));
      await assertSucceeds(write(as(FRANK), { participants: [BOB, FRANK] }));
    });

    it('refuses a direct join on a 承認制 event, or one without an entry method', async () => {
      await seed('events/e1', full({ participants: [BOB], waitlist: [], entryMethod: 'approval' }));
      await assertFails(write(as(FRANK), { participants: [BOB, FRANK] }));
      await seed('events/e1', event({ capacity: 2, participants: [BOB] }));
      await assertFails(write(as(FRANK), { participants: [BOB, FRANK] }));
    });

    it('refuses jumping the queue: a direct join while people wait', async () => {
      await seed('events/e1', full({ participants: [BOB], waitlist: [DAVE] }));
      await assertFails(write(as(FRANK), { participants: [BOB, FRANK] }));
    });

    it('refuses a join request on a 承認制 event while people wait', async () => {
      await seed(
        'events/e1',
        full({ participants: [BOB], waitlist: [DAVE], entryMethod: 'approval' }),
      );
      const db = as(FRANK);
      await assertFails(
        writeBatch(db)
          .set(doc(db, `participationRequests/e1_${FRANK}`), {
            userId: FRANK,
            eventId: 'e1',
            message: '',
            status: 'pending',
            createdAt: serverTimestamp(),
            updatedAt: serverTimestamp(),
          })
          .commit(),
      );
    });
  });

  describe('joining and leaving the キャンセル待ち', () => {
    it('lets a user join at the end of the line of a full event, and leave it', async () => {
      await assertSucceeds(
        updateDoc(doc(as(FRANK), 'events/e1'), { waitlist: [DAVE, ERIN, FRANK] }),
      );
      await assertSucceeds(updateDoc(doc(as(DAVE), 'events/e1'), { waitlist: [ERIN, FRANK] }));
    });

    it('refuses jumping the queue: joining anywhere but the end', async () => {
      await assertFails(updateDoc(doc(as(FRANK), 'events/e1'), { waitlist: [FRANK, DAVE, ERIN] }));
      await assertFails(updateDoc(doc(as(ERIN), 'events/e1'), { waitlist: [ERIN, DAVE] }));
    });

    it('refuses putting someone else on the line, or taking them off', async () => {
      await assertFails(updateDoc(doc(as(FRANK), 'events/e1'), { waitlist: [DAVE, ERIN, ALICE] }));
      await assertFails(updateDoc(doc(as(FRANK), 'events/e1'), { waitlist: [ERIN] }));
    });

    it('refuses a participant on the line, and the organizer reordering or filling it', async () => {
      await assertFails(updateDoc(doc(as(BOB), 'events/e1'), { waitlist: [DAVE, ERIN, BOB] }));
      await assertFails(updateDoc(doc(as(ALICE), 'events/e1'), { waitlist: [ERIN, DAVE] }));
      await assertFails(updateDoc(doc(as(ALICE), 'events/e1'), { waitlist: [DAVE, ERIN, FRANK] }));
      await assertSucceeds(
        updateDoc(doc(as(ALICE), 'events/e1'), { title: '週末フットサル（改）' }),
      );
    });

    it('refuses the line to someone whose request for the event is pending', async () => {
      await seed(`participationRequests/e1_${FRANK}`, {
        ...promotedRequest(FRANK),
        fromWaitlist: false,
      });
      await assertFails(updateDoc(doc(as(FRANK), 'events/e1'), { waitlist: [DAVE, ERIN, FRANK] }));
      await seed(`participationRequests/e1_${FRANK}`, {
        ...promotedRequest(FRANK),
        fromWaitlist: false,
        status: 'rejected',
      });
      await assertSucceeds(
        updateDoc(doc(as(FRANK), 'events/e1'), { waitlist: [DAVE, ERIN, FRANK] }),
      );
    });

    it('refuses the line of an event with room, or one cancelled or finished', async () => {
      await seed('events/e1', full({ participants: [BOB], waitlist: [] }));
      await assertFails(updateDoc(doc(as(FRANK), 'events/e1'), { waitlist: [FRANK] }));
      for (const status of ['cancelled', 'finished']) {
        await seed('events/e1', full({ status }));
        await assertFails(
          updateDoc(doc(as(FRANK), 'events/e1'), { waitlist: [DAVE, ERIN, FRANK] }),
        );
      }
    });
  });

  describe('a seat freed on 先着順', () => {
    const promotedNote = () => note(DAVE, 'waitlist_promoted', { participantId: DAVE });

    it('moves the first in line up in the write of the leave, with their notice', async () => {
      await assertSucceeds(
        write(as(BOB), { participants: [CAROL, DAVE], waitlist: [ERIN] }, [
          [`notifications/e1_${DAVE}_waitlist_promoted`, promotedNote()],
          [
            `notifications/e1_${BOB}_participant_left`,
            note(ALICE, 'participant_left', { participantId: BOB, participantName: BOB }),
          ],
        ]),
      );
    });

    it('moves the only one in line up, emptying the line, on a leave and on a capacity raise', async () => {
      await seed('events/e1', full({ waitlist: [DAVE] }));
      await assertFails(write(as(BOB), { participants: [CAROL], waitlist: [DAVE] }));
      await assertSucceeds(
        write(as(BOB), { participants: [CAROL, DAVE], waitlist: [] }, [
          [`notifications/e1_${DAVE}_waitlist_promoted`, promotedNote()],
        ]),
      );
      await seed('events/e1', full({ waitlist: [DAVE, ERIN] }));
      await assertSucceeds(
        write(as(ALICE), { capacity: 5, participants: [BOB, CAROL, DAVE, ERIN], waitlist: [] }, [
          [`notifications/e1_${DAVE}_waitlist_promoted`, promotedNote()],
          [
            `notifications/e1_${ERIN}_waitlist_promoted`,
            note(ERIN, 'waitlist_promoted', { participantId: ERIN }),
          ],
        ]),
      );
    });

    it('refuses a leave that keeps the seat from the first in line', async () => {
      await assertFails(write(as(BOB), { participants: [CAROL] }));
    });

    it('refuses a forged promotion of the second in line', async () => {
      await assertFails(write(as(BOB), { participants: [CAROL, ERIN], waitlist: [DAVE] }));
      await assertFails(
        write(as(BOB), { participants: [CAROL, ERIN], waitlist: [DAVE] }, [
          [
            `notifications/e1_${ERIN}_waitlist_promoted`,
            note(ERIN, 'waitlist_promoted', { participantId: ERIN }),
          ],
        ]),
      );
    });

    it('refuses promoting into a full event, or one cancelled or finished', async () => {
      // Nobody left: no seat is free.
      await assertFails(write(as(ALICE), { participants: [BOB, CAROL, DAVE], waitlist: [ERIN] }));
      for (const status of ['cancelled', 'finished']) {
        await seed('events/e1', full({ status }));
        await assertFails(write(as(BOB), { participants: [CAROL, DAVE], waitlist: [ERIN] }));
      }
      // Leaving a cancelled event promotes nobody.
      await seed('events/e1', full({ status: 'cancelled' }));
      await assertSucceeds(write(as(BOB), { participants: [CAROL] }));
    });

    it('refuses leaving an event that has ended, finished or past its end', async () => {
      const past = Timestamp.fromDate(new Date(Date.now() - 3 * 86_400_000));
      // Nobody waits, so the leave alone would do without the end.
      for (const ended of [{ date: past }, { status: 'finished' }]) {
        await seed('events/e1', full({ waitlist: [], ...ended }));
        await assertFails(write(as(BOB), { participants: [CAROL] }));
      }
      // The organizer removes nobody from a finished event either.
      await seed('events/e1', full({ waitlist: [], status: 'finished' }));
      await assertFails(
        write(as(ALICE), { participants: [CAROL] }, [
          [
            `notifications/e1_${BOB}_participant_removed`,
            note(BOB, 'participant_removed', { participantId: BOB, reason: 'duplicate' }),
          ],
        ]),
      );
      // Nor from one past its end that nobody marked finished.
      await seed('events/e1', full({ waitlist: [], date: past }));
      await assertFails(
        write(as(ALICE), { participants: [CAROL] }, [
          [
            `notifications/e1_${BOB}_participant_removed`,
            note(BOB, 'participant_removed', { participantId: BOB, reason: 'duplicate' }),
          ],
        ]),
      );
      // Before its end the same leave goes through.
      await seed('events/e1', full({ waitlist: [] }));
      await assertSucceeds(write(as(BOB), { participants: [CAROL] }));
    });

    it('refuses a promotion notice to someone who did not move up', async () => {
      const db = as(BOB);
      await assertFails(
        writeBatch(db)
          .set(doc(db, `notifications/e1_${ERIN}_waitlist_promoted`), {
            ...note(ERIN, 'waitlist_promoted', { participantId: ERIN }),
          })
          .commit(),
      );
    });

    it('lets the organizer raise the capacity, moving up exactly whom it frees', async () => {
      await seed('events/e1', full({ waitlist: [DAVE, ERIN, FRANK] }));
      await assertFails(write(as(ALICE), { capacity: 4 }));
      await assertFails(
        write(as(ALICE), {
          capacity: 4,
          participants: [BOB, CAROL, DAVE],
          waitlist: [ERIN, FRANK],
        }),
      );
      await assertFails(
        write(as(ALICE), {
          capacity: 4,
          participants: [BOB, CAROL, ERIN, FRANK],
          waitlist: [DAVE],
        }),
      );
      await assertSucceeds(
        write(as(ALICE), {
          capacity: 4,
          participants: [BOB, CAROL, DAVE, ERIN],
          waitlist: [FRANK],
        }),
      );
    });

    it('lets the organizer remove a participant for a listed reason, the first in line moving up', async () => {
      await assertSucceeds(
        write(as(ALICE), { participants: [CAROL, DAVE], waitlist: [ERIN], ...removal(BOB) }, [
          [
            `notifications/e1_${BOB}_participant_removed`,
            note(BOB, 'participant_removed', { participantId: BOB, reason: 'duplicate' }),
          ],
          [`notifications/e1_${DAVE}_waitlist_promoted`, promotedNote()],
        ]),
      );
    });

    it('refuses a removal notice with a reason off the list, or from someone not the organizer', async () => {
      await assertFails(
        write(as(ALICE), { participants: [CAROL, DAVE], waitlist: [ERIN] }, [
          [
            `notifications/e1_${BOB}_participant_removed`,
            note(BOB, 'participant_removed', { participantId: BOB, reason: '自由な文言' }),
          ],
        ]),
      );
      await assertFails(write(as(CAROL), { participants: [CAROL, DAVE], waitlist: [ERIN] }));
    });
  });

  describe('a seat freed on 承認制', () => {
    beforeEach(async () => {
      await seed('events/e1', full({ entryMethod: 'approval' }));
    });

    const promotedNote = () =>
      note(DAVE, 'waitlist_promoted', { participantId: DAVE, requestId: `e1_${DAVE}` });

    it('gives the first in line a pending request marked fromWaitlist, in the write of the leave, left out of the pending count', async () => {
      await seed('stats/participation', { pending: 4, lastRequest: 'e9_x' });
      // Moving the staff dashboard's count for it is refused: it counts requests people make.
      await assertFails(
        write(as(BOB), { participants: [CAROL], waitlist: [ERIN] }, [
          [`participationRequests/e1_${DAVE}`, promotedRequest(DAVE)],
          ['stats/participation', { pending: 5, lastRequest: `e1_${DAVE}` }],
          [`notifications/e1_${DAVE}_waitlist_promoted`, promotedNote()],
        ]),
      );
      await assertSucceeds(
        write(as(BOB), { participants: [CAROL], waitlist: [ERIN] }, [
          [`participationRequests/e1_${DAVE}`, promotedRequest(DAVE)],
          [`notifications/e1_${DAVE}_waitlist_promoted`, promotedNote()],
        ]),
      );
    });

    it("gives the only one in line their request in the whole write of a leave: the leaver's request gone, both notices", async () => {
      await seed('events/e1', full({ entryMethod: 'approval', waitlist: [DAVE] }));
      await seed(`participationRequests/e1_${BOB}`, request({ status: 'approved' }));
      const db = as(BOB);
      await assertSucceeds(
        writeBatch(db)
          .update(doc(db, 'events/e1'), { participants: [CAROL], waitlist: [] })
          .delete(doc(db, `participationRequests/e1_${BOB}`))
          .set(doc(db, `participationRequests/e1_${DAVE}`), promotedRequest(DAVE))
          .set(doc(db, `notifications/e1_${DAVE}_waitlist_promoted`), promotedNote())
          .set(
            doc(db, `notifications/e1_${BOB}_participant_left`),
            note(ALICE, 'participant_left', { participantId: BOB, participantName: BOB }),
          )
          .commit(),
      );
    });

    it('moves up on a capacity raise exactly whom it frees, up to five a write, each with their request', async () => {
      // The second in line without the first: refused.
      await assertFails(
        write(as(ALICE), { capacity: 3, waitlist: [DAVE] }, [
          [`participationRequests/e1_${ERIN}`, promotedRequest(ERIN)],
        ]),
      );
      // Two freed, one request: the second would be skipped.
      await assertFails(
        write(as(ALICE), { capacity: 4, waitlist: [ERIN] }, [
          [`participationRequests/e1_${DAVE}`, promotedRequest(DAVE)],
        ]),
      );
      await assertSucceeds(
        write(as(ALICE), { capacity: 4, waitlist: [] }, [
          [`participationRequests/e1_${DAVE}`, promotedRequest(DAVE)],
          [`notifications/e1_${DAVE}_waitlist_promoted`, promotedNote()],
          [`participationRequests/e1_${ERIN}`, promotedRequest(ERIN)],
          [
            `notifications/e1_${ERIN}_waitlist_promoted`,
            note(ERIN, 'waitlist_promoted', { participantId: ERIN, requestId: `e1_${ERIN}` }),
          ],
        ]),
      );
    });

    it('takes five off a line of seven when the limit goes, each with a request and a notice, and no more', async () => {
      const line = ['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7'];
      for (const uid of line) await seed(`users/${uid}`, profile(uid));
      await seed('events/e1', full({ entryMethod: 'approval', waitlist: line }));
      const movedUp = (uids: string[]): [string, DocumentData][] =>
        uids.flatMap((uid): [string, DocumentData][] => [
          [`participationRequests/e1_${uid}`, promotedRequest(uid)],
          [
            `notifications/e1_${uid}_waitlist_promoted`,
            note(uid, 'waitlist_promoted', { participantId: uid, requestId: `e1_${uid}` }),
          ],
        ]);
      await assertFails(
        write(as(ALICE), { capacity: 0, waitlist: line.slice(6) }, movedUp(line.slice(0, 6))),
      );
      await assertSucceeds(
        write(as(ALICE), { capacity: 0, waitlist: line.slice(5) }, movedUp(line.slice(0, 5))),
      );
    });

    it('refuses taking the first off the line without their request, or a request for the second', async () => {
      await assertFails(write(as(BOB), { participants: [CAROL], waitlist: [ERIN] }));
      await assertFails(
        write(as(BOB), { participants: [CAROL], waitlist: [DAVE] }, [
          [`participationRequests/e1_${ERIN}`, promotedRequest(ERIN)],
        ]),
      );
      // Jumping the line: the second in line leaves it and hands themself the request that
      // moving up brings, in one write.
      await assertFails(
        write(as(ERIN), { waitlist: [DAVE] }, [
          [`participationRequests/e1_${ERIN}`, promotedRequest(ERIN)],
        ]),
      );
      await assertFails(
        write(as(DAVE), { waitlist: [ERIN] }, [
          [`participationRequests/e1_${DAVE}`, promotedRequest(DAVE)],
          [
            `notifications/e1_${DAVE}_waitlist_promoted`,
            note(DAVE, 'waitlist_promoted', { participantId: DAVE, requestId: `e1_${DAVE}` }),
          ],
        ]),
      );
      // Leaving the line alone stays theirs.
      await assertSucceeds(write(as(ERIN), { waitlist: [DAVE] }));
      // A made-up promoted request with nobody leaving.
      const db = as(FRANK);
      await assertFails(
        writeBatch(db)
          .set(doc(db, `participationRequests/e1_${DAVE}`), promotedRequest(DAVE))
          .commit(),
      );
    });
  });
});
