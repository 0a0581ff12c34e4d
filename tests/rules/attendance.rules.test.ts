// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { ATTENDANCE_WINDOW_DAYS } from '@/domain/constants';
import {
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
 * Attendance after an event (docs/profile.md "Attendance"): ALICE organizes e1, which ended
 * yesterday with BOB taking part; CAROL did not take part. The rules see the server's time
 * (request.time), so the events are placed relative to now.
 */
const DAY = 86_400_000;
/** Midnight (UTC) `days` from today: the event's day as stored. */
const dayFromNow = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(0, 0, 0, 0);
  return Timestamp.fromDate(d);
};
const ENDED = { date: dayFromNow(-1), startTime: '10:00', endTime: '12:00', status: 'closed' };
const TITLE = '週末フットサル';
const NOTE_ID = `e1_${BOB}_attendance_no_show`;

const markPath = (eventId: string, uid: string) => `events/${eventId}/attendance/${uid}`;
const mark = (status: unknown, uid = BOB) => ({
  userId: uid,
  status,
  updatedAt: serverTimestamp(),
});
const stats = (excused: number, noShow: number) => ({
  excused,
  noShow,
  updatedAt: serverTimestamp(),
});
const noShowNote = (userId = BOB, eventId = 'e1') => ({
  userId,
  type: 'attendance_no_show',
  data: { eventId, eventTitle: TITLE },
  read: false,
  timestamp: serverTimestamp(),
  clientTimestamp: Timestamp.now(),
});

/** The writes the use case makes for one mark (src/data/use-cases/attendance.ts). */
function marking(
  db: Firestore,
  opts: {
    eventId?: string;
    uid?: string;
    status: unknown;
    counts?: [number, number] | null;
    notify?: boolean;
  },
) {
  const eventId = opts.eventId ?? 'e1';
  const uid = opts.uid ?? BOB;
  const b = writeBatch(db);
  b.set(doc(db, markPath(eventId, uid)), mark(opts.status, uid));
  if (opts.counts) {
    b.set(doc(db, `attendanceStats/${uid}`), stats(...opts.counts));
    b.set(doc(db, `attendanceStats/${uid}/private/lastChange`), { eventId });
  }
  if (opts.notify) {
    b.set(doc(db, `notifications/${eventId}_${uid}_attendance_no_show`), noShowNote(uid, eventId));
  }
  return b.commit();
}

describe.skipIf(!firestoreHost)(`attendance rules${NOT_RUN}`, () => {
  const kit = useRulesEnv('demo-attendance-rules');

  beforeEach(async () => {
    for (const uid of [ALICE, BOB, CAROL]) await kit.seed(`users/${uid}`, profile(uid));
    await kit.seed('events/e1', event({ ...ENDED, participants: [BOB] }));
  });

  it('lets the organizer mark a participant 無断欠席 with the counts and the notice in one write', async () => {
    await assertSucceeds(
      marking(kit.as(ALICE), { status: 'noShow', counts: [0, 1], notify: true }),
    );
    // …and change it within the window: back to 出席, the count back to 0.
    await assertSucceeds(marking(kit.as(ALICE), { status: 'attended', counts: [0, 0] }));
    // 出席 where nothing was recorded changes no count and needs no counts write.
    await assertSucceeds(marking(kit.as(ALICE), { status: 'attended' }));
  });

  it('refuses a mark whose counts do not follow it', async () => {
    // 無断欠席 without raising the count.
    await assertFails(marking(kit.as(ALICE), { status: 'noShow' }));
    // Raised by two.
    await assertFails(marking(kit.as(ALICE), { status: 'noShow', counts: [0, 2] }));
    // 出席 again, with a count raised beside it.
    await kit.seed(markPath('e1', BOB), {
      userId: BOB,
      status: 'attended',
      updatedAt: Timestamp.now(),
    });
    await assertFails(marking(kit.as(ALICE), { status: 'attended', counts: [0, 3] }));
  });

  it('refuses a participant clearing their own 無断欠席', async () => {
    await kit.seed(markPath('e1', BOB), {
      userId: BOB,
      status: 'noShow',
      updatedAt: Timestamp.now(),
    });
    await kit.seed(`attendanceStats/${BOB}`, { excused: 0, noShow: 1, updatedAt: Timestamp.now() });
    await assertFails(marking(kit.as(BOB), { status: 'attended', counts: [0, 0] }));
    await assertFails(setDoc(doc(kit.as(BOB), `attendanceStats/${BOB}`), stats(0, 0)));
    const bob = kit.as(BOB);
    const b = writeBatch(bob);
    b.set(doc(bob, `attendanceStats/${BOB}`), stats(0, 0));
    b.set(doc(bob, `attendanceStats/${BOB}/private/lastChange`), { eventId: 'e1' });
    await assertFails(b.commit());
  });

  it('refuses the organizer marking someone who was not there', async () => {
    await assertFails(
      marking(kit.as(ALICE), { uid: CAROL, status: 'noShow', counts: [0, 1], notify: true }),
    );
    await assertFails(marking(kit.as(ALICE), { uid: CAROL, status: 'attended' }));
  });

  it('refuses marks before the end, after the window, and on a cancelled event', async () => {
    await kit.seed(
      'events/future',
      event({ date: dayFromNow(7), participants: [BOB], status: 'closed' }),
    );
    // Today at 23:00–23:59 UTC has not ended for any clock running now.
    await kit.seed(
      'events/late',
      event({ date: dayFromNow(0), startTime: '23:00', endTime: '23:59', participants: [BOB] }),
    );
    await kit.seed(
      'events/old',
      event({ ...ENDED, date: dayFromNow(-(ATTENDANCE_WINDOW_DAYS + 2)), participants: [BOB] }),
    );
    await kit.seed('events/off', event({ ...ENDED, status: 'cancelled', participants: [BOB] }));
    for (const eventId of ['future', 'late', 'old', 'off']) {
      await assertFails(marking(kit.as(ALICE), { eventId, status: 'attended' }));
      await assertFails(marking(kit.as(ALICE), { eventId, status: 'noShow', counts: [0, 1] }));
    }
  });

  describe('two marks of one person in one write (counts follow the marks exactly)', () => {
    beforeEach(async () => {
      await kit.seed('events/e2', event({ ...ENDED, participants: [BOB] }));
    });

    /** Marks of BOB on e1 and e2 in one batch, the counts set once beside them. */
    function both(status: string, counts: [number, number], pointer = 'e2') {
      const db = kit.as(ALICE);
      const b = writeBatch(db);
      b.set(doc(db, markPath('e1', BOB)), mark(status));
      b.set(doc(db, markPath('e2', BOB)), mark(status));
      b.set(doc(db, `attendanceStats/${BOB}`), stats(...counts));
      b.set(doc(db, `attendanceStats/${BOB}/private/lastChange`), { eventId: pointer });
      return b.commit();
    }

    async function seedNoShows() {
      for (const eventId of ['e1', 'e2']) {
        await kit.seed(markPath(eventId, BOB), {
          userId: BOB,
          status: 'noShow',
          updatedAt: Timestamp.now(),
        });
      }
      // …and another organizer's honest 無断欠席 besides: 3 in all.
      await kit.seed(`attendanceStats/${BOB}`, {
        excused: 0,
        noShow: 3,
        updatedAt: Timestamp.now(),
      });
    }

    it('refuses two 無断欠席 in one write that raise the count by one (or by two)', async () => {
      await assertFails(both('noShow', [0, 1]));
      await assertFails(both('noShow', [0, 2]));
      await assertFails(both('noShow', [0, 1], 'e1'));
    });

    it('lets the two marks go in two writes, the count rising by one each', async () => {
      await assertSucceeds(
        marking(kit.as(ALICE), { eventId: 'e1', status: 'noShow', counts: [0, 1] }),
      );
      await assertSucceeds(
        marking(kit.as(ALICE), { eventId: 'e2', status: 'noShow', counts: [0, 2] }),
      );
    });

    it('refuses clearing two 無断欠席 in one write, lowering the count by one or two', async () => {
      await seedNoShows();
      await assertFails(both('attended', [0, 2]));
      await assertFails(both('attended', [0, 1]));
    });

    it('lets them be cleared one write each, the other organizer’s 無断欠席 staying', async () => {
      await seedNoShows();
      await assertSucceeds(
        marking(kit.as(ALICE), { eventId: 'e1', status: 'attended', counts: [0, 2] }),
      );
      await assertSucceeds(
        marking(kit.as(ALICE), { eventId: 'e2', status: 'attended', counts: [0, 1] }),
      );
      // A mark that does not move the counts needs none, beside one that does.
      const db = kit.as(ALICE);
      const b = writeBatch(db);
      b.set(doc(db, markPath('e1', BOB)), mark('attended'));
      b.set(doc(db, markPath('e2', BOB)), mark('noShow'));
      b.set(doc(db, `attendanceStats/${BOB}`), stats(0, 2));
      b.set(doc(db, `attendanceStats/${BOB}/private/lastChange`), { eventId: 'e2' });
      await assertSucceeds(b.commit());
    });
  });

  it('refuses a value outside the three, and fields of its own', async () => {
    for (const status of ['present', '', null, 1]) {
      await assertFails(marking(kit.as(ALICE), { status }));
    }
    await assertFails(
      setDoc(doc(kit.as(ALICE), markPath('e1', BOB)), {
        ...mark('attended'),
        note: '遅刻',
      }),
    );
  });

  it('refuses a third party raising someone’s count, alone or beside a mark of their own', async () => {
    await assertFails(setDoc(doc(kit.as(CAROL), `attendanceStats/${BOB}`), stats(0, 5)));
    const carol = kit.as(CAROL);
    const b = writeBatch(carol);
    b.set(doc(carol, `attendanceStats/${BOB}`), stats(0, 1));
    b.set(doc(carol, `attendanceStats/${BOB}/private/lastChange`), { eventId: 'e1' });
    await assertFails(b.commit());
    // CAROL organizes an ended event of her own with DAVE in it: a mark there moves DAVE's
    // counts only, never BOB's.
    await kit.seed('events/c1', event({ ...ENDED, organizerId: CAROL, participants: ['dave'] }));
    const c = writeBatch(carol);
    c.set(doc(carol, markPath('c1', 'dave')), mark('attended', 'dave'));
    c.set(doc(carol, `attendanceStats/${BOB}`), stats(0, 1));
    c.set(doc(carol, `attendanceStats/${BOB}/private/lastChange`), { eventId: 'c1' });
    await assertFails(c.commit());
    // Nor the organizer of e1 outside a mark.
    await assertFails(setDoc(doc(kit.as(ALICE), `attendanceStats/${BOB}`), stats(0, 1)));
  });

  it('refuses a 無断欠席 notice without its mark, to someone else, or with another title', async () => {
    await assertFails(setDoc(doc(kit.as(ALICE), `notifications/${NOTE_ID}`), noShowNote()));
    await assertFails(setDoc(doc(kit.as(CAROL), `notifications/${NOTE_ID}`), noShowNote()));
    const alice = kit.as(ALICE);
    const b = writeBatch(alice);
    b.set(doc(alice, markPath('e1', BOB)), mark('noShow'));
    b.set(doc(alice, `attendanceStats/${BOB}`), stats(0, 1));
    b.set(doc(alice, `attendanceStats/${BOB}/private/lastChange`), { eventId: 'e1' });
    b.set(doc(alice, `notifications/${NOTE_ID}`), {
      ...noShowNote(),
      data: { eventId: 'e1', eventTitle: '別のタイトル' },
    });
    await assertFails(b.commit());
  });

  it('lets only the organizer and the person read a mark; the counts are public, the pointer nobody’s', async () => {
    await kit.seed(markPath('e1', BOB), {
      userId: BOB,
      status: 'noShow',
      updatedAt: Timestamp.now(),
    });
    await kit.seed(`attendanceStats/${BOB}`, { excused: 0, noShow: 1, updatedAt: Timestamp.now() });
    await kit.seed(`attendanceStats/${BOB}/private/lastChange`, { eventId: 'e1' });
    await assertSucceeds(getDoc(doc(kit.as(BOB), markPath('e1', BOB))));
    await assertSucceeds(getDoc(doc(kit.as(ALICE), markPath('e1', BOB))));
    await assertSucceeds(getDocs(collection(kit.as(ALICE), 'events/e1/attendance')));
    await assertFails(getDoc(doc(kit.as(CAROL), markPath('e1', BOB))));
    await assertFails(getDocs(collection(kit.as(CAROL), 'events/e1/attendance')));
    await assertFails(getDocs(collection(kit.as(BOB), 'events/e1/attendance')));
    await assertSucceeds(getDoc(doc(kit.anon(), `attendanceStats/${BOB}`)));
    await assertFails(getDoc(doc(kit.as(BOB), `attendanceStats/${BOB}/private/lastChange`)));
    await assertFails(getDoc(doc(kit.as(ALICE), `attendanceStats/${BOB}/private/lastChange`)));
  });

  describe('automatic 出席 from the door (docs/fees.md): written by the server only', () => {
    const auto = () => ({ ...mark('attended'), source: 'checkIn' });

    it('refuses a client writing a mark as if from the door, the organizer or the participant', async () => {
      await assertFails(setDoc(doc(kit.as(ALICE), markPath('e1', BOB)), auto()));
      await assertFails(setDoc(doc(kit.as(BOB), markPath('e1', BOB)), auto()));
      await assertFails(setDoc(doc(kit.as(BOB), markPath('e1', BOB)), mark('attended')));
      // Nor does anyone mark a run finished, or read one.
      const run = { eventId: 'e1', finishedAt: serverTimestamp() };
      await assertFails(setDoc(doc(kit.as(ALICE), 'attendanceRuns/e1'), run));
      await kit.seed('attendanceRuns/e1', { eventId: 'e1', finishedAt: Timestamp.now() });
      await assertFails(getDoc(doc(kit.as(ALICE), 'attendanceRuns/e1')));
      await assertFails(deleteDoc(doc(kit.as(ALICE), 'attendanceRuns/e1')));
    });

    it('lets the organizer correct the server’s 出席, the counts following as for any mark', async () => {
      await kit.seed(markPath('e1', BOB), {
        userId: BOB,
        status: 'attended',
        source: 'checkIn',
        updatedAt: Timestamp.now(),
      });
      await assertSucceeds(getDoc(doc(kit.as(BOB), markPath('e1', BOB))));
      // The participant cannot change it; the organizer can, and must move the counts.
      await assertFails(marking(kit.as(BOB), { status: 'excused', counts: [1, 0] }));
      await assertFails(marking(kit.as(ALICE), { status: 'excused' }));
      await assertSucceeds(marking(kit.as(ALICE), { status: 'excused', counts: [1, 0] }));
    });
  });

  it('refuses deleting a mark or the counts', async () => {
    await kit.seed(markPath('e1', BOB), {
      userId: BOB,
      status: 'noShow',
      updatedAt: Timestamp.now(),
    });
    await kit.seed(`attendanceStats/${BOB}`, { excused: 0, noShow: 1, updatedAt: Timestamp.now() });
    await assertFails(deleteDoc(doc(kit.as(ALICE), markPath('e1', BOB))));
    await assertFails(deleteDoc(doc(kit.as(BOB), `attendanceStats/${BOB}`)));
  });
});
