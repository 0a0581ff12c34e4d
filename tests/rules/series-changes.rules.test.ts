// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, serverTimestamp, updateDoc } from 'firebase/firestore';
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

/**
 * A series' dates after they exist (docs/series.md "Changing and ending"): its organizer edits
 * one date at a time as any event (「この日のみ」); the later dates change together only on the
 * server. No client changes another's dates, or moves a date to another series.
 */
describe.skipIf(!firestoreHost)(`firestore rules: series dates${NOT_RUN}`, () => {
  const { as, seed } = useRulesEnv('demo-rules-series-changes');
  const date = (uid: string, id = 's1-20990101') => doc(as(uid), `events/${id}`);

  beforeEach(async () => {
    await seed(`users/${ALICE}`, profile(ALICE));
    await seed(`users/${BOB}`, profile(BOB));
    for (const id of ['s1-20990101', 's1-20990108']) {
      await seed(`events/${id}`, {
        ...event({ organizerId: ALICE, participants: [BOB] }),
        seriesId: 's1',
        seriesLabel: '毎週木曜',
      });
    }
  });

  it('lets the organizer edit one date as any event', async () => {
    await assertSucceeds(updateDoc(date(ALICE), { fee: 500, updatedAt: serverTimestamp() }));
  });

  it('lets nobody else change a date of someone else’s series, nor its later dates', async () => {
    await assertFails(updateDoc(date(BOB), { fee: 0, updatedAt: serverTimestamp() }));
    await assertFails(updateDoc(date(BOB, 's1-20990108'), { title: '乗っ取り' }));
  });

  it('lets nobody move a date to another series or take it out of one', async () => {
    await assertFails(updateDoc(date(ALICE), { seriesId: 's2', updatedAt: serverTimestamp() }));
    await assertFails(
      updateDoc(date(ALICE), { seriesLabel: '隔週', updatedAt: serverTimestamp() }),
    );
    await assertFails(updateDoc(date(BOB), { seriesId: 's2' }));
  });
});
