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
  useRulesEnv,
} from './firestore-support';

/**
 * Fees (docs/fees.md): ALICE organizes e1 (1,000円) with BOB and DAVE taking part; CAROL does not
 * take part. free has no fee.
 */
const DAVE = 'dave';
const feePath = (uid: string, eventId = 'e1') => `events/${eventId}/fees/${uid}`;
const declaration = (method: unknown = 'transfer', uid = BOB) => ({
  userId: uid,
  status: 'declared',
  method,
  updatedAt: serverTimestamp(),
});
const confirmation = (extra: Record<string, unknown> = {}, uid = BOB) => ({
  userId: uid,
  status: 'confirmed',
  method: 'cash',
  amount: 1000,
  note: '',
  updatedAt: serverTimestamp(),
  ...extra,
});
const stored = (data: Record<string, unknown>) => ({ ...data, updatedAt: Timestamp.now() });

describe.skipIf(!firestoreHost)(`fees rules${NOT_RUN}`, () => {
  const kit = useRulesEnv('demo-fees-rules');

  beforeEach(async () => {
    for (const uid of [ALICE, BOB, CAROL, DAVE]) await kit.seed(`users/${uid}`, profile(uid));
    await kit.seed('events/e1', event({ participants: [BOB, DAVE] }));
    await kit.seed('events/free', event({ fee: 0, participants: [BOB] }));
  });

  it('lets a participant declare their own payment, change the method and withdraw it', async () => {
    const bob = kit.as(BOB);
    await assertSucceeds(setDoc(doc(bob, feePath(BOB)), declaration('cash')));
    await assertSucceeds(setDoc(doc(bob, feePath(BOB)), declaration('transfer')));
    await assertSucceeds(getDoc(doc(bob, feePath(BOB))));
    await assertSucceeds(deleteDoc(doc(bob, feePath(BOB))));
  });

  it('refuses a participant confirming their own payment or setting an amount', async () => {
    const bob = kit.as(BOB);
    await assertFails(setDoc(doc(bob, feePath(BOB)), confirmation()));
    await assertFails(setDoc(doc(bob, feePath(BOB)), { ...declaration(), amount: 0 }));
    await assertFails(setDoc(doc(bob, feePath(BOB)), { ...declaration(), note: '払った' }));
    await assertFails(setDoc(doc(bob, feePath(BOB)), declaration('card')));
    await assertFails(
      setDoc(doc(bob, feePath(BOB)), { ...declaration(), updatedAt: Timestamp.now() }),
    );
  });

  it('refuses a participant changing or withdrawing a confirmed payment', async () => {
    await kit.seed(feePath(BOB), stored(confirmation({ amount: 500 })));
    const bob = kit.as(BOB);
    await assertFails(setDoc(doc(bob, feePath(BOB)), declaration('cash')));
    await assertFails(deleteDoc(doc(bob, feePath(BOB))));
  });

  it('refuses declaring for someone else, as an outsider, on a free event, or suspended', async () => {
    await assertFails(setDoc(doc(kit.as(BOB), feePath(DAVE)), declaration('cash', DAVE)));
    await assertFails(setDoc(doc(kit.as(BOB), feePath(DAVE)), declaration('cash', BOB)));
    await assertFails(setDoc(doc(kit.as(CAROL), feePath(CAROL)), declaration('cash', CAROL)));
    await assertFails(setDoc(doc(kit.as(BOB), feePath(BOB, 'free')), declaration()));
    await kit.seed('events/e2', event({ participants: [BOB], status: 'cancelled' }));
    await assertFails(setDoc(doc(kit.as(BOB), feePath(BOB, 'e2')), declaration()));
    await kit.seed(`users/${BOB}`, profile(BOB, { isActive: false }));
    await assertFails(setDoc(doc(kit.as(BOB), feePath(BOB)), declaration()));
  });

  it('lets the organizer confirm a declaration, record cash, and reset', async () => {
    await kit.seed(feePath(BOB), stored(declaration()));
    const alice = kit.as(ALICE);
    await assertSucceeds(getDocs(collection(alice, 'events/e1/fees')));
    await assertSucceeds(
      setDoc(doc(alice, feePath(BOB)), confirmation({ method: 'transfer', note: '確認しました' })),
    );
    await assertSucceeds(
      setDoc(doc(alice, feePath(DAVE)), confirmation({ amount: 500, note: '学生' }, DAVE)),
    );
    await assertSucceeds(setDoc(doc(alice, feePath(DAVE)), confirmation({ amount: 0 }, DAVE)));
    await assertSucceeds(deleteDoc(doc(alice, feePath(DAVE))));
  });

  it('refuses the organizer a bad amount, a long note, a stray field, or a non-participant', async () => {
    const alice = kit.as(ALICE);
    for (const extra of [
      { amount: -1 },
      { amount: 10.5 },
      { amount: 1_000_001 },
      { amount: '1000' },
      { note: 'あ'.repeat(201) },
      { method: 'card' },
      { status: 'declared' },
      { userId: DAVE },
      { paidBy: ALICE },
    ]) {
      await assertFails(setDoc(doc(alice, feePath(BOB)), confirmation(extra)));
    }
    await assertFails(setDoc(doc(alice, feePath(CAROL)), confirmation({}, CAROL)));
    await assertFails(setDoc(doc(alice, feePath(BOB, 'free')), confirmation()));
  });

  it('refuses anyone but the organizer confirming, resetting or listing', async () => {
    await kit.seed(feePath(DAVE), stored(declaration('cash', DAVE)));
    for (const uid of [BOB, CAROL]) {
      const db = kit.as(uid);
      await assertFails(setDoc(doc(db, feePath(DAVE)), confirmation({}, DAVE)));
      await assertFails(deleteDoc(doc(db, feePath(DAVE))));
      await assertFails(getDocs(collection(db, 'events/e1/fees')));
      await assertFails(getDoc(doc(db, feePath(DAVE))));
    }
    await assertFails(getDoc(doc(kit.anon(), feePath(DAVE))));
    await kit.seed(`users/${ALICE}`, profile(ALICE, { isActive: false }));
    await assertFails(setDoc(doc(kit.as(ALICE), feePath(DAVE)), confirmation({}, DAVE)));
  });
});
