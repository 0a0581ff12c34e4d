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
  type DocumentData,
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

/** BOB's regular document as the use case writes it. */
function regular(extra: DocumentData = {}): DocumentData {
  return {
    userId: BOB,
    userName: BOB,
    status: 'accepted',
    skips: [],
    joinedAt: serverTimestamp(),
    ...extra,
  };
}

const stored = (extra: DocumentData = {}) => ({ ...regular(extra), joinedAt: Timestamp.now() });

describe.skipIf(!firestoreHost)(`firestore rules: series regulars${NOT_RUN}`, () => {
  const { as, anon, unverified, seed } = useRulesEnv('demo-rules-series-regulars');
  const path = `series/s1/regulars/${BOB}`;

  /** ALICE's series, as far as these rules read it. */
  const seedSeries = (extra: DocumentData = {}) =>
    seed('series/s1', { organizerId: ALICE, status: 'active', entryMethod: 'firstCome', ...extra });

  beforeEach(async () => {
    for (const uid of [ALICE, BOB, CAROL]) await seed(`users/${uid}`, profile(uid));
  });

  it('lets a verified user become a regular of a 先着順 series, accepted, and anyone read it', async () => {
    await seedSeries();
    await assertSucceeds(setDoc(doc(as(BOB), path), regular()));
    await assertSucceeds(getDoc(doc(anon(), path)));
  });

  it('refuses a regular in someone else’s name, forged fields, or the organizer on their own', async () => {
    await seedSeries();
    await assertFails(setDoc(doc(as(CAROL), path), regular()));
    await assertFails(setDoc(doc(as(BOB), path), regular({ userId: CAROL })));
    await assertFails(setDoc(doc(as(BOB), path), regular({ userName: '主催者です' })));
    await assertFails(setDoc(doc(as(BOB), path), regular({ joinedAt: Timestamp.fromMillis(0) })));
    await assertFails(setDoc(doc(as(BOB), path), regular({ skips: ['2099-01-01'] })));
    await assertFails(setDoc(doc(as(BOB), path), regular({ extra: 'x'.repeat(5000) })));
    await assertFails(
      setDoc(
        doc(as(ALICE), `series/s1/regulars/${ALICE}`),
        regular({ userId: ALICE, userName: ALICE }),
      ),
    );
  });

  it('refuses unverified, suspended and signed-out accounts, and a series that ended or is missing', async () => {
    await seedSeries();
    await assertFails(setDoc(doc(unverified(BOB), path), regular()));
    await assertFails(setDoc(doc(anon(), path), regular()));
    await seed(`users/${BOB}`, profile(BOB, { isActive: false }));
    await assertFails(setDoc(doc(as(BOB), path), regular()));
    await seed(`users/${BOB}`, profile(BOB));
    await seedSeries({ status: 'ended' });
    await assertFails(setDoc(doc(as(BOB), path), regular()));
    await assertFails(setDoc(doc(as(BOB), `series/none/regulars/${BOB}`), regular()));
  });

  it('on 承認制 a regular starts pending: nobody makes themself accepted', async () => {
    await seedSeries({ entryMethod: 'approval' });
    await assertFails(setDoc(doc(as(BOB), path), regular()));
    await assertSucceeds(setDoc(doc(as(BOB), path), regular({ status: 'pending' })));
    await assertFails(updateDoc(doc(as(BOB), path), { status: 'accepted' }));
    await assertFails(updateDoc(doc(as(CAROL), path), { status: 'accepted' }));
    // The organizer accepts; nothing else of theirs changes the regular.
    await assertFails(updateDoc(doc(as(ALICE), path), { status: 'accepted', userName: 'x' }));
    await assertSucceeds(updateDoc(doc(as(ALICE), path), { status: 'accepted' }));
    await assertFails(updateDoc(doc(as(ALICE), path), { status: 'pending' }));
  });

  it('on 先着順 nobody registers pending (the organizer would accept what needs no acceptance)', async () => {
    await seedSeries();
    await assertFails(setDoc(doc(as(BOB), path), regular({ status: 'pending' })));
  });

  it('lets a regular record only their own skips, within bounds', async () => {
    await seedSeries();
    await seed(path, stored());
    await assertSucceeds(updateDoc(doc(as(BOB), path), { skips: ['2099-01-01'] }));
    await assertFails(updateDoc(doc(as(CAROL), path), { skips: [] }));
    await assertFails(updateDoc(doc(as(ALICE), path), { skips: [] }));
    await assertFails(updateDoc(doc(as(BOB), path), { skips: 'all' }));
    await assertFails(
      updateDoc(doc(as(BOB), path), { skips: Array.from({ length: 61 }, (_, i) => `d${i}`) }),
    );
    await assertFails(updateDoc(doc(as(BOB), path), { joinedAt: Timestamp.fromMillis(0) }));
    await seed(`users/${BOB}`, profile(BOB, { isActive: false }));
    await assertFails(updateDoc(doc(as(BOB), path), { skips: [] }));
  });

  it('lets the regular leave and the organizer remove one; nobody else', async () => {
    await seedSeries();
    await seed(path, stored());
    await assertFails(deleteDoc(doc(as(CAROL), path)));
    await assertFails(deleteDoc(doc(anon(), path)));
    await assertSucceeds(deleteDoc(doc(as(BOB), path)));
    await seed(path, stored());
    await assertSucceeds(deleteDoc(doc(as(ALICE), path)));
  });

  it('leaves the server’s placement unforgeable: no client puts itself or others on a date past what a join allows', async () => {
    await seedSeries({ entryMethod: 'approval' });
    const date = (extra: DocumentData = {}) =>
      event({ seriesId: 's1', seriesDay: '2099-01-01', seriesLabel: '毎週木曜', ...extra });
    await seed('events/d1', date());
    // A 承認制 date: no regular takes a seat, nor writes who was placed, nor an approved request.
    await assertFails(updateDoc(doc(as(BOB), 'events/d1'), { participants: [BOB] }));
    await assertFails(updateDoc(doc(as(BOB), 'events/d1'), { regularsPlaced: [] }));
    await assertFails(updateDoc(doc(as(ALICE), 'events/d1'), { regularsPlaced: [BOB] }));
    await assertFails(
      setDoc(
        doc(as(BOB), 'participationRequests/d1_bob'),
        request({ eventId: 'd1', status: 'approved', fromRegular: true }),
      ),
    );
    // A 先着順 date: a seat for oneself as any join, never for someone else.
    await seed('events/d2', date({ entryMethod: 'firstCome' }));
    await assertFails(updateDoc(doc(as(BOB), 'events/d2'), { participants: [CAROL] }));
    await assertFails(
      updateDoc(doc(as(BOB), 'events/d2'), { participants: [BOB], regularsPlaced: [BOB] }),
    );
    await assertSucceeds(updateDoc(doc(as(BOB), 'events/d2'), { participants: [BOB] }));
  });

  it('leaves the placement notice to the server: the regular reads and marks their own, no client writes one', async () => {
    await seedSeries();
    await seed(
      'events/d1',
      event({ seriesId: 's1', seriesDay: '2099-01-01', participants: [BOB] }),
    );
    const notice = (userId: string) => ({
      userId,
      type: 'regular_placed',
      data: {
        eventId: 'd1',
        eventTitle: '週末フットサル',
        seriesId: 's1',
        day: '2099-01-01',
        waiting: false,
      },
      read: false,
      timestamp: serverTimestamp(),
      clientTimestamp: Timestamp.now(),
    });
    const id = `d1_${BOB}_regular_placed`;
    // What the server wrote: the regular reads it and marks it read; nobody else reads it.
    await seed(`notifications/${id}`, { ...notice(BOB), timestamp: Timestamp.now() });
    await assertSucceeds(getDoc(doc(as(BOB), 'notifications', id)));
    await assertSucceeds(updateDoc(doc(as(BOB), 'notifications', id), { read: true }));
    await assertFails(getDoc(doc(as(CAROL), 'notifications', id)));
    // No client writes one: not the regular for themself, not the organizer, not another user,
    // for BOB or under a fresh id for CAROL.
    for (const uid of [ALICE, BOB, CAROL]) {
      await assertFails(
        setDoc(doc(as(uid), 'notifications', `d1_${CAROL}_regular_placed`), notice(CAROL)),
      );
      await assertFails(
        setDoc(doc(as(uid), 'notifications', `d2_${BOB}_regular_placed`), notice(BOB)),
      );
    }
  });
});
