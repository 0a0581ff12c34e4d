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
  NOT_RUN,
  event,
  firestoreHost,
  profile,
  useRulesEnv,
} from './firestore-support';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A series as the series use case writes it (ALICE's, 毎週木曜). */
function series(extra: DocumentData = {}): DocumentData {
  return {
    title: '木曜フットサル',
    description: '',
    sportType: 'フットサル',
    location: '世田谷区総合運動場',
    region: '関東',
    level: '誰でも',
    startTime: '19:00',
    endTime: '21:00',
    fee: 500,
    capacity: 10,
    entryMethod: 'firstCome',
    imageURL: '',
    imagePath: '',
    organizerId: ALICE,
    organizerName: 'Alice',
    organizerPhotoURL: '',
    searchTokens: ['木', '曜'],
    frequency: 'weekly',
    weekdays: [4],
    monthlyMode: 'nthWeekday',
    nth: 1,
    monthDay: 1,
    firstDate: day(3),
    end: 'none',
    until: '',
    count: 0,
    status: 'active',
    nextDate: '',
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    ...extra,
  };
}

describe.skipIf(!firestoreHost)(`firestore rules: series${NOT_RUN}`, () => {
  const { as, anon, unverified, seed } = useRulesEnv('demo-rules-series');

  beforeEach(async () => {
    await seed(`users/${ALICE}`, profile(ALICE));
    await seed(`users/${BOB}`, profile(BOB));
  });

  it('lets a verified organizer create their own series, and anyone read it', async () => {
    await assertSucceeds(setDoc(doc(as(ALICE), 'series/s1'), series()));
    await assertSucceeds(getDoc(doc(anon(), 'series/s1')));
  });

  it('refuses a series in someone else’s name, unverified, or signed out', async () => {
    await assertFails(setDoc(doc(as(BOB), 'series/s1'), series()));
    await assertFails(setDoc(doc(unverified(ALICE), 'series/s1'), series()));
    await assertFails(setDoc(doc(anon(), 'series/s1'), series()));
  });

  it('refuses a series the generator would take as already done, or not active', async () => {
    // A nextDate past the window would keep the generator away; one in the past would make dates.
    await assertFails(setDoc(doc(as(ALICE), 'series/s1'), series({ nextDate: '9999-12-31' })));
    await assertFails(setDoc(doc(as(ALICE), 'series/s1'), series({ nextDate: day(-30) })));
    await assertFails(setDoc(doc(as(ALICE), 'series/s1'), series({ status: 'ended' })));
  });

  it('refuses a broken rule or template', async () => {
    const bad: DocumentData[] = [
      { weekdays: [] },
      { weekdays: [7] },
      { weekdays: [4, 4] },
      { frequency: 'daily' },
      { end: 'count', count: 0 },
      { end: 'count', count: 201 },
      { end: 'until', until: day(1) },
      { nth: 5 },
      { firstDate: day(-30) },
      { capacity: 5000 },
      { title: '' },
      { sportType: 'カーリング' },
      { startTime: '7pm' },
      { imagePath: `events/${BOB}/x.jpg` },
      { extra: true },
    ];
    for (const extra of bad) {
      await assertFails(setDoc(doc(as(ALICE), 'series/s1'), series(extra)));
    }
  });

  it('takes a minimum headcount in the template, relative to each date, and refuses a forged one', async () => {
    const minimum = (m: DocumentData) => ({
      minHeadcount: { min: 4, mode: 'cancel', deadline: 'dayBefore18', ...m },
    });
    await assertSucceeds(setDoc(doc(as(ALICE), 'series/s1'), series(minimum({}))));
    await assertSucceeds(
      setDoc(doc(as(ALICE), 'series/s2'), series(minimum({ mode: 'ask', deadline: 'start3h' }))),
    );
    // Above the capacity (10) is fine only when there is none.
    await assertSucceeds(
      setDoc(doc(as(ALICE), 'series/s3'), series({ capacity: 0, ...minimum({ min: 30 }) })),
    );
    const bad: DocumentData[] = [
      minimum({ min: 1 }),
      minimum({ min: 11 }),
      minimum({ min: 4.5 }),
      minimum({ min: '4' }),
      minimum({ mode: 'maybe' }),
      // A set time fits one date, not every date.
      minimum({ deadline: 'custom' }),
      minimum({ extra: true }),
      { minHeadcount: 4 },
      // No client writes a decision time or a decision.
      { ...minimum({}), headcountDecideAt: Timestamp.fromDate(new Date(Date.now() + 86_400_000)) },
      { ...minimum({}), headcountDecision: { result: 'held', count: 4, at: serverTimestamp() } },
    ];
    for (const extra of bad) {
      await assertFails(setDoc(doc(as(ALICE), 'series/s9'), series(extra)));
    }
    // The template is not changed by a client afterwards either.
    await assertFails(updateDoc(doc(as(ALICE), 'series/s1'), minimum({ min: 2 })));
    await assertFails(updateDoc(doc(as(BOB), 'series/s1'), minimum({ min: 2 })));
  });

  it('lets no client move the generator’s nextDate, change or delete a series', async () => {
    await seed('series/s1', {
      ...series(),
      createdAt: Timestamp.now(),
      updatedAt: Timestamp.now(),
    });
    await assertFails(updateDoc(doc(as(ALICE), 'series/s1'), { nextDate: '9999-12-31' }));
    await assertFails(updateDoc(doc(as(ALICE), 'series/s1'), { title: '別の名前' }));
    await assertFails(deleteDoc(doc(as(ALICE), 'series/s1')));
    await assertFails(updateDoc(doc(as(BOB), 'series/s1'), { status: 'ended' }));
  });

  it('lets no client create a date of a series, its own or someone else’s', async () => {
    await seed('series/s1', {
      ...series(),
      createdAt: Timestamp.now(),
      updatedAt: Timestamp.now(),
    });
    const date = {
      ...event({ organizerId: ALICE }),
      seriesId: 's1',
      seriesDay: day(3),
      seriesLabel: '毎週木曜',
      createdAt: serverTimestamp(),
    };
    await assertFails(setDoc(doc(as(ALICE), 'events/s1-20990101'), date));
    await assertFails(setDoc(doc(as(BOB), 'events/s1-20990101'), { ...date, organizerId: BOB }));
    // The same event without the series fields is an ordinary event, which the organizer may make.
    const { seriesId: _s, seriesDay: _d, seriesLabel: _l, ...plain } = date;
    await assertSucceeds(setDoc(doc(as(ALICE), 'events/e-plain'), plain));
  });

  it('lets the organizer not attach an existing event to a series', async () => {
    await seed('events/e1', event());
    await assertFails(updateDoc(doc(as(ALICE), 'events/e1'), { seriesId: 's1' }));
    await assertFails(updateDoc(doc(as(ALICE), 'events/e1'), { seriesLabel: '毎週木曜' }));
  });
});
