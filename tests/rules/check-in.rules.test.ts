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
 * Check-in (docs/fees.md "Check-in"): ALICE organizes today (open at the door all day) with BOB
 * and DAVE taking part; CAROL does not. `later` is in two days, `ended` was yesterday. The rules
 * see the server's time, so the events are placed relative to now.
 */
const DAVE = 'dave';
const DAY = 86_400_000;
const dayFromNow = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(0, 0, 0, 0);
  return Timestamp.fromDate(d);
};
const ALL_DAY = { startTime: '00:00', endTime: '23:59' };
const TOKEN = 'abcdefghijklmnopqrstuv';
const OTHER_TOKEN = 'ABCDEFGHIJKLMNOPQRSTUV';
const tokenPath = (uid: string, eventId = 'today') => `events/${eventId}/checkInTokens/${uid}`;
const checkInPath = (uid: string, eventId = 'today') => `events/${eventId}/checkIns/${uid}`;
const checkIn = (uid = BOB) => ({ userId: uid, checkedInAt: serverTimestamp() });

describe.skipIf(!firestoreHost)(`check-in rules${NOT_RUN}`, () => {
  const kit = useRulesEnv('demo-check-in-rules');

  beforeEach(async () => {
    for (const uid of [ALICE, BOB, CAROL, DAVE]) await kit.seed(`users/${uid}`, profile(uid));
    const participants = [BOB, DAVE];
    await kit.seed('events/today', event({ date: dayFromNow(0), ...ALL_DAY, participants }));
    await kit.seed('events/later', event({ date: dayFromNow(2), ...ALL_DAY, participants }));
    await kit.seed('events/ended', event({ date: dayFromNow(-1), ...ALL_DAY, participants }));
  });

  it('lets a participant make their own first token and read it, and nobody else read it', async () => {
    await assertSucceeds(setDoc(doc(kit.as(BOB), tokenPath(BOB)), { userId: BOB, token: TOKEN }));
    await assertSucceeds(getDoc(doc(kit.as(BOB), tokenPath(BOB))));
    await assertSucceeds(getDoc(doc(kit.as(ALICE), tokenPath(BOB))));
    await assertFails(getDoc(doc(kit.as(DAVE), tokenPath(BOB))));
    await assertFails(getDoc(doc(kit.as(CAROL), tokenPath(BOB))));
    await assertFails(getDoc(doc(kit.anon(), tokenPath(BOB))));
    await assertFails(getDocs(collection(kit.as(DAVE), 'events/today/checkInTokens')));
    // Nor does the participant replace it: re-issuing is the organizer's.
    await assertFails(
      setDoc(doc(kit.as(BOB), tokenPath(BOB)), { userId: BOB, token: OTHER_TOKEN }),
    );
  });

  it('refuses a token for someone else, a malformed one, or an outsider’s', async () => {
    await assertFails(setDoc(doc(kit.as(BOB), tokenPath(DAVE)), { userId: DAVE, token: TOKEN }));
    await assertFails(setDoc(doc(kit.as(BOB), tokenPath(BOB)), { userId: BOB, token: 'bob' }));
    await assertFails(
      setDoc(doc(kit.as(BOB), tokenPath(BOB)), { userId: BOB, token: TOKEN, checkedIn: true }),
    );
    await assertFails(
      setDoc(doc(kit.as(CAROL), tokenPath(CAROL)), { userId: CAROL, token: TOKEN }),
    );
  });

  it('lets the organizer re-issue a participant’s token and list them', async () => {
    await kit.seed(tokenPath(BOB), { userId: BOB, token: TOKEN });
    const alice = kit.as(ALICE);
    await assertSucceeds(setDoc(doc(alice, tokenPath(BOB)), { userId: BOB, token: OTHER_TOKEN }));
    await assertSucceeds(getDocs(collection(alice, 'events/today/checkInTokens')));
    await assertFails(deleteDoc(doc(alice, tokenPath(BOB))));
    await assertFails(setDoc(doc(alice, tokenPath(CAROL)), { userId: CAROL, token: TOKEN }));
  });

  it('lets the organizer check a participant in at the door and undo it', async () => {
    const alice = kit.as(ALICE);
    await assertSucceeds(setDoc(doc(alice, checkInPath(BOB)), checkIn()));
    await assertSucceeds(getDocs(collection(alice, 'events/today/checkIns')));
    await assertSucceeds(getDoc(doc(kit.as(BOB), checkInPath(BOB))));
    await assertSucceeds(deleteDoc(doc(alice, checkInPath(BOB))));
  });

  it('refuses anyone but the organizer checking in, and a check-in outside the door’s hours', async () => {
    for (const uid of [BOB, CAROL]) {
      await assertFails(setDoc(doc(kit.as(uid), checkInPath(BOB)), checkIn()));
      await assertFails(getDocs(collection(kit.as(uid), 'events/today/checkIns')));
    }
    await kit.seed(checkInPath(DAVE), { userId: DAVE, checkedInAt: Timestamp.now() });
    await assertFails(deleteDoc(doc(kit.as(DAVE), checkInPath(DAVE))));
    await assertFails(getDoc(doc(kit.as(BOB), checkInPath(DAVE))));
    const alice = kit.as(ALICE);
    await assertFails(setDoc(doc(alice, checkInPath(BOB, 'later')), checkIn()));
    await assertFails(setDoc(doc(alice, checkInPath(BOB, 'ended')), checkIn()));
    await assertFails(setDoc(doc(alice, checkInPath(CAROL)), checkIn(CAROL)));
    await assertFails(
      setDoc(doc(alice, checkInPath(BOB)), { userId: BOB, checkedInAt: Timestamp.now() }),
    );
    await kit.seed(`users/${ALICE}`, profile(ALICE, { isActive: false }));
    await assertFails(setDoc(doc(kit.as(ALICE), checkInPath(BOB)), checkIn()));
  });

  it('refuses a check-in queued offline and replayed after the door closed, even dated when it was queued', async () => {
    // docs/fees.md "At the venue without a signal": the outbox sends a plain check-in later, and
    // the door's hours are checked on the server's time when it arrives.
    const alice = kit.as(ALICE);
    await assertFails(setDoc(doc(alice, checkInPath(BOB, 'ended')), checkIn()));
    const queuedAt = Timestamp.fromMillis(dayFromNow(-1).toMillis() + 12 * 3_600_000);
    await assertFails(
      setDoc(doc(alice, checkInPath(BOB, 'ended')), { userId: BOB, checkedInAt: queuedAt }),
    );
  });
});
