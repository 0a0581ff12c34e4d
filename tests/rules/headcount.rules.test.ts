// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { Timestamp, deleteField, doc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import {
  ALICE,
  BOB,
  NOT_RUN,
  event,
  firestoreHost,
  profile,
  useRulesEnv,
} from './firestore-support';

const HOUR = 60 * 60_000;
// The event's day at midnight, a week ahead; it starts at 10:00 (event()'s start time).
const DAY = new Date(Date.now() + 7 * 24 * HOUR);
DAY.setHours(0, 0, 0, 0);
const START = new Date(DAY.getTime() + 10 * HOUR);
const at = (d: Date) => Timestamp.fromDate(d);

/** The organizer's setting as organizing.setMinHeadcount writes it. */
const setting = (
  extra: Record<string, unknown> = {},
  decideAt = new Date(START.getTime() - 3 * HOUR),
) => ({
  minHeadcount: { min: 3, mode: 'cancel', deadline: 'start3h', ...extra },
  headcountDecideAt: at(decideAt),
  updatedAt: serverTimestamp(),
});

describe.skipIf(!firestoreHost)(`firestore rules: minimum headcount${NOT_RUN}`, () => {
  const { as, anon, seed } = useRulesEnv('demo-rules-headcount');
  const e1 = (db: ReturnType<typeof as>) => doc(db, 'events/e1');

  beforeEach(async () => {
    await seed(`users/${ALICE}`, profile(ALICE));
    await seed(`users/${BOB}`, profile(BOB));
    await seed('events/e1', event({ date: at(DAY), capacity: 10, participants: [BOB] }));
  });

  it('lets the organizer set a minimum decided 3 hours before, 18:00 the day before, or at a set time', async () => {
    await assertSucceeds(updateDoc(e1(as(ALICE)), setting()));
    await assertSucceeds(
      updateDoc(
        e1(as(ALICE)),
        setting({ deadline: 'dayBefore18', mode: 'ask' }, new Date(DAY.getTime() - 6 * HOUR)),
      ),
    );
    await assertSucceeds(
      updateDoc(e1(as(ALICE)), setting({ deadline: 'custom' }, new Date(Date.now() + 24 * HOUR))),
    );
    await assertSucceeds(
      updateDoc(e1(as(ALICE)), {
        minHeadcount: deleteField(),
        headcountDecideAt: deleteField(),
        updatedAt: serverTimestamp(),
      }),
    );
  });

  it('lets the organizer move a relative decision time with a moved event, only to its new time', async () => {
    // The event moved a day later (organizing.update), its decision time not yet.
    const NEXT = new Date(DAY.getTime() + 24 * HOUR);
    await seed(
      'events/e1',
      event({
        date: at(NEXT),
        capacity: 10,
        participants: [BOB],
        minHeadcount: { min: 3, mode: 'cancel', deadline: 'dayBefore18' },
        headcountDecideAt: at(new Date(DAY.getTime() - 6 * HOUR)),
      }),
    );
    const moved = setting({ deadline: 'dayBefore18' }, new Date(NEXT.getTime() - 6 * HOUR));
    await assertFails(updateDoc(e1(as(BOB)), moved));
    // Any other time is not the new day's 前日 18:00.
    await assertFails(
      updateDoc(
        e1(as(ALICE)),
        setting({ deadline: 'dayBefore18' }, new Date(NEXT.getTime() - 2 * HOUR)),
      ),
    );
    await assertSucceeds(updateDoc(e1(as(ALICE)), moved));
  });

  it('refuses the setting from anyone but the organizer', async () => {
    await assertFails(updateDoc(e1(as(BOB)), setting()));
    await assertFails(updateDoc(e1(anon()), setting()));
  });

  it('refuses the organizer when suspended, on a cancelled or staff-cancelled event', async () => {
    await seed(`users/${ALICE}`, profile(ALICE, { isActive: false }));
    await assertFails(updateDoc(e1(as(ALICE)), setting()));
    await seed(`users/${ALICE}`, profile(ALICE));
    await seed('events/e1', event({ date: at(DAY), capacity: 10, status: 'cancelled' }));
    await assertFails(updateDoc(e1(as(ALICE)), setting()));
    await seed('events/e1', event({ date: at(DAY), capacity: 10, staffCancelReason: 'fraud' }));
    await assertFails(updateDoc(e1(as(ALICE)), setting()));
  });

  it('refuses a decision time outside the event: at or after its start, past, or not what its deadline says', async () => {
    await assertFails(updateDoc(e1(as(ALICE)), setting({ deadline: 'custom' }, START)));
    await assertFails(
      updateDoc(e1(as(ALICE)), setting({ deadline: 'custom' }, new Date(START.getTime() + HOUR))),
    );
    await assertFails(
      updateDoc(e1(as(ALICE)), setting({ deadline: 'custom' }, new Date(Date.now() - HOUR))),
    );
    // 開始3時間前 that is not three hours before; 前日 18:00 that is not.
    await assertFails(updateDoc(e1(as(ALICE)), setting({}, new Date(START.getTime() - 5 * HOUR))));
    await assertFails(
      updateDoc(
        e1(as(ALICE)),
        setting({ deadline: 'dayBefore18' }, new Date(DAY.getTime() - 2 * HOUR)),
      ),
    );
    await assertFails(
      updateDoc(e1(as(ALICE)), {
        minHeadcount: { min: 3, mode: 'cancel', deadline: 'start3h' },
        updatedAt: serverTimestamp(),
      }),
    );
  });

  it('refuses a minimum below 2, above the capacity, fractional, or with stray keys or modes', async () => {
    for (const bad of [
      { min: 1 },
      { min: 11 },
      { min: 2.5 },
      { min: '3' },
      { mode: 'delete' },
      { deadline: 'whenever' },
      { extra: true },
    ]) {
      await assertFails(updateDoc(e1(as(ALICE)), setting(bad)));
    }
  });

  it('lets nobody but the server write the decision, nor change the setting once decided', async () => {
    const decision = { result: 'held', count: 1, at: serverTimestamp() };
    await assertFails(
      updateDoc(e1(as(ALICE)), { headcountDecision: decision, updatedAt: serverTimestamp() }),
    );
    await assertFails(
      updateDoc(e1(as(BOB)), { headcountDecision: decision, updatedAt: serverTimestamp() }),
    );
    // Nor alongside an ordinary edit, nor by clearing the decision time alone.
    await assertFails(
      updateDoc(e1(as(ALICE)), {
        title: '改',
        headcountDecision: decision,
        updatedAt: serverTimestamp(),
      }),
    );
    await assertFails(updateDoc(e1(as(ALICE)), { title: '改', ...setting() }));
    await seed(
      'events/e1',
      event({
        date: at(DAY),
        capacity: 10,
        minHeadcount: { min: 3, mode: 'cancel', deadline: 'start3h' },
        headcountDecision: { result: 'held', count: 3, at: at(new Date()) },
      }),
    );
    await assertFails(updateDoc(e1(as(ALICE)), setting()));
  });

  it('lets the organizer answer 「開催する」 when asked, with the count as it is, and only then', async () => {
    const asked = (result: string) =>
      event({
        date: at(DAY),
        capacity: 10,
        participants: [BOB],
        minHeadcount: { min: 3, mode: 'ask', deadline: 'start3h' },
        headcountDecision: { result, count: 1, at: at(new Date()) },
      });
    const hold = (count = 1) => ({
      headcountDecision: { result: 'held', count, at: serverTimestamp() },
      updatedAt: serverTimestamp(),
    });
    await seed('events/e1', asked('asked'));
    await assertFails(updateDoc(e1(as(BOB)), hold()));
    await assertFails(updateDoc(e1(as(ALICE)), hold(3)));
    await assertFails(
      updateDoc(e1(as(ALICE)), {
        headcountDecision: { result: 'cancelled', count: 1, at: serverTimestamp() },
        updatedAt: serverTimestamp(),
      }),
    );
    await assertSucceeds(updateDoc(e1(as(ALICE)), hold()));
    await seed('events/e1', asked('cancelled'));
    await assertFails(updateDoc(e1(as(ALICE)), hold()));
  });
});
