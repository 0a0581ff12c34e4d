// @vitest-environment node
import {
  Timestamp,
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { EVENT_STATUSES } from '@/domain/entities/event';
import { STATUS_TRANSITIONS } from '@/domain/rules/events';
import {
  ADMIN,
  ALICE,
  BOB,
  CAROL,
  MOD,
  NOT_RUN,
  event,
  firestoreHost,
  firstSnapshot,
  profile,
  request,
  useRulesEnv,
  counted,
  countedRequestWrite,
} from './firestore-support';

/**
 * firestore.rules, one assertSucceeds and at least one assertFails per rule. The standing of
 * writers (suspended, unverified) and notifications have files of their own beside this one.
 */
function newProfile(uid: string, extra: DocumentData = {}): DocumentData {
  return {
    ...profile(uid),
    // An id needs its reservation in the same write (tests/rules/profile.rules.test.ts).
    customUserId: '',
    createdAt: serverTimestamp(),
    agreedAt: serverTimestamp(),
    lastLoginAt: serverTimestamp(),
    ...extra,
  };
}

function newEvent(extra: DocumentData = {}): DocumentData {
  return { ...event(), createdAt: serverTimestamp(), updatedAt: serverTimestamp(), ...extra };
}

describe.skipIf(!firestoreHost)(`firestore rules${NOT_RUN}`, () => {
  const { as, anon, seed, peek } = useRulesEnv('demo-rules-firestore');

  it('denies what no rule matches', async () => {
    await assertFails(setDoc(doc(as(ALICE), 'unknown/x'), { a: 1 }));
    await assertFails(getDoc(doc(anon(), 'unknown/x')));
  });

  describe('users', () => {
    beforeEach(async () => {
      await seed(`users/${ALICE}`, profile(ALICE));
      await seed(`users/${ALICE}/private/account`, { email: 'alice@example.com' });
    });

    it('lets anyone read a public profile, never a private account of someone else', async () => {
      await assertSucceeds(getDoc(doc(anon(), `users/${ALICE}`)));
      await assertSucceeds(getDocs(collection(anon(), 'users')));
      await assertSucceeds(getDoc(doc(as(ALICE), `users/${ALICE}/private/account`)));
      await assertSucceeds(getDoc(doc(as(ADMIN), `users/${ALICE}/private/account`)));
      await assertFails(getDoc(doc(as(BOB), `users/${ALICE}/private/account`)));
      await assertFails(getDoc(doc(anon(), `users/${ALICE}/private/account`)));
    });

    it('lets a user create their own profile with role user and server times only', async () => {
      await assertSucceeds(setDoc(doc(as(BOB), `users/${BOB}`), newProfile(BOB)));
      await assertSucceeds(
        setDoc(doc(as(CAROL), `users/${CAROL}`), newProfile(CAROL, { agreedAt: null })),
      );
      await assertFails(setDoc(doc(as(CAROL), `users/${BOB}`), newProfile(BOB)));
      await assertFails(setDoc(doc(anon(), `users/${CAROL}`), newProfile(CAROL)));
      await assertFails(
        setDoc(doc(as(CAROL), `users/${CAROL}`), newProfile(CAROL, { role: 'admin' })),
      );
      await assertFails(
        setDoc(doc(as(CAROL), `users/${CAROL}`), newProfile(CAROL, { email: 'carol@example.com' })),
      );
      await assertFails(
        setDoc(doc(as(CAROL), `users/${CAROL}`), newProfile(CAROL, { createdAt: Timestamp.now() })),
      );
      await assertFails(
        setDoc(doc(as(CAROL), `users/${CAROL}`), newProfile(CAROL, { firebaseUid: BOB })),
      );
    });

    it('lets the owner write the profile again (registration retried) but not escalate', async () => {
      const stored = profile(ALICE);
      const again = { createdAt: stored.createdAt, customUserId: stored.customUserId };
      await assertSucceeds(setDoc(doc(as(ALICE), `users/${ALICE}`), newProfile(ALICE, again)));
      // Nor restart its createdAt (set once, at creation).
      await assertFails(setDoc(doc(as(ALICE), `users/${ALICE}`), newProfile(ALICE)));
      await assertFails(
        setDoc(doc(as(ALICE), `users/${ALICE}`), newProfile(ALICE, { role: 'moderator' })),
      );
    });

    it('lets the owner edit profile fields and record a login, nothing privileged', async () => {
      const mine = doc(as(ALICE), `users/${ALICE}`);
      await assertSucceeds(
        updateDoc(mine, { bio: 'テニスが好きです', updatedAt: serverTimestamp() }),
      );
      await assertSucceeds(updateDoc(mine, { lastLoginAt: serverTimestamp(), isActive: true }));
      await assertFails(updateDoc(mine, { role: 'admin' }));
      await assertFails(updateDoc(mine, { isActive: false }));
      await assertFails(updateDoc(mine, { email: 'x@example.com' }));
      await assertFails(updateDoc(mine, { lastLoginAt: Timestamp.fromDate(new Date(2030, 0, 1)) }));
      await assertFails(updateDoc(mine, { customField: 1 }));
      await assertFails(updateDoc(doc(as(BOB), `users/${ALICE}`), { bio: '乗っ取り' }));
    });

    it('lets a profile be marked verified only with a verified token', async () => {
      await assertFails(
        updateDoc(doc(as(ALICE, { email_verified: false }), `users/${ALICE}`), {
          emailVerified: true,
        }),
      );
      await assertSucceeds(updateDoc(doc(as(ALICE), `users/${ALICE}`), { emailVerified: true }));
    });

    it('lets a profile written before the email moved out drop its email', async () => {
      await seed(`users/${CAROL}`, profile(CAROL, { email: 'carol@example.com' }));
      await assertSucceeds(
        updateDoc(doc(as(CAROL), `users/${CAROL}`), {
          email: deleteField(),
          lastLoginAt: serverTimestamp(),
        }),
      );
    });

    it('lets the set-up account change no role directly, verified or not (it becomes admin only through /admin-init: tests/rules/staff.rules.test.ts)', async () => {
      const special = { email: 'admin@sports-community.example' };
      await assertFails(updateDoc(doc(as('staff', special), `users/${ALICE}`), { role: 'admin' }));
      await assertFails(
        updateDoc(doc(as('staff2', { ...special, email_verified: false }), `users/${ALICE}`), {
          role: 'user',
        }),
      );
    });

    it('lets only the owner write the private account, with the email only', async () => {
      await assertSucceeds(
        setDoc(doc(as(ALICE, { email: 'new@example.com' }), `users/${ALICE}/private/account`), {
          email: 'new@example.com',
          updatedAt: serverTimestamp(),
        }),
      );
      await assertFails(
        setDoc(doc(as(BOB), `users/${ALICE}/private/account`), { email: 'bob@example.com' }),
      );
      await assertFails(
        setDoc(doc(as(ALICE), `users/${ALICE}/private/account`), {
          email: 'a@example.com',
          role: 'admin',
        }),
      );
      await assertFails(
        setDoc(doc(as(ALICE), `users/${ALICE}/private/other`), { email: 'a@example.com' }),
      );
    });

    it('never deletes a profile from the client', async () => {
      await assertFails(deleteDoc(doc(as(ALICE), `users/${ALICE}`)));
      await assertFails(deleteDoc(doc(as(ADMIN), `users/${ALICE}`)));
    });
  });

  describe('events', () => {
    beforeEach(async () => {
      await seed('events/e1', event());
    });

    it('lets anyone read events', async () => {
      await assertSucceeds(getDoc(doc(anon(), 'events/e1')));
      await assertSucceeds(
        getDocs(query(collection(anon(), 'events'), where('status', '==', 'open'))),
      );
    });

    it('creates only as organizer, open, with no participants', async () => {
      await assertSucceeds(setDoc(doc(as(ALICE), 'events/new'), newEvent()));
      await assertFails(setDoc(doc(anon(), 'events/new'), newEvent()));
      await assertFails(setDoc(doc(as(BOB), 'events/new'), newEvent()));
      await assertFails(setDoc(doc(as(ALICE), 'events/new'), newEvent({ status: 'closed' })));
      await assertFails(setDoc(doc(as(ALICE), 'events/new'), newEvent({ participants: [BOB] })));
      await assertFails(setDoc(doc(as(ALICE), 'events/new'), newEvent({ date: '2030-01-01' })));
      await assertFails(setDoc(doc(as(ALICE), 'events/new'), newEvent({ title: '' })));
      await assertFails(
        setDoc(doc(as(ALICE), 'events/new'), newEvent({ createdAt: Timestamp.now() })),
      );
    });

    describe('no start in the past', () => {
      const pad = (n: number) => String(n).padStart(2, '0');
      const MINUTE = 60_000;
      /**
       * An event starting at `start` as the app stores it: the day as the organizer's local
       * midnight, the time as HH:MM (this process's time zone stands in for the organizer's).
       */
      const startingAt = (start: Date) => ({
        date: Timestamp.fromDate(new Date(start.getFullYear(), start.getMonth(), start.getDate())),
        startTime: `${pad(start.getHours())}:${pad(start.getMinutes())}`,
        endTime: '',
      });
      const minutesFromNow = (m: number) => startingAt(new Date(Date.now() + m * MINUTE));
      let n = 0;
      /** Alice creates a new event (a fresh id each time: a second write to one id is an update). */
      const create = (fields: DocumentData) =>
        setDoc(doc(as(ALICE), `events/new${++n}`), newEvent(fields));

      it('creates an event that starts later today (the app asks 15 minutes ahead of its clock)', async () => {
        await assertSucceeds(create(minutesFromNow(60)));
        await assertSucceeds(create(minutesFromNow(3)));
      });

      it('refuses a start already gone, even a slot that ended within the old slack, a past day, and a start time that is not HH:MM', async () => {
        await assertFails(create(minutesFromNow(-30)));
        // A whole slot that ended a minute ago, started 14 minutes ago.
        const start = new Date(Date.now() - 14 * MINUTE);
        const end = new Date(Date.now() - MINUTE);
        if (start.getDate() === end.getDate()) {
          await assertFails(
            create({
              ...startingAt(start),
              endTime: `${pad(end.getHours())}:${pad(end.getMinutes())}`,
            }),
          );
        }
        await assertFails(create(minutesFromNow(-2)));
        // An attacker skipping the app and writing last month's day, or yesterday's.
        const d = new Date();
        const yesterday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1);
        await assertFails(create({ ...startingAt(yesterday), startTime: '00:00' }));
        await assertFails(
          create({ date: Timestamp.fromDate(new Date(Date.now() - 30 * 86_400_000)) }),
        );
        // Without a start time the day alone would be judged: the app always sends one.
        await assertFails(create({ ...minutesFromNow(120), startTime: '' }));
        await assertFails(create({ ...minutesFromNow(120), startTime: '9:00' }));
        await assertSucceeds(create(minutesFromNow(120)));
      });

      it('lets the organizer edit an event that is over, but not move it at all', async () => {
        const weekAgo = new Date(Date.now() - 7 * 86_400_000);
        await seed('events/over', event(startingAt(weekAgo)));
        const over = doc(as(ALICE), 'events/over');
        await assertSucceeds(
          updateDoc(over, {
            description: 'ご参加ありがとうございました',
            updatedAt: serverTimestamp(),
          }),
        );
        // The day written back as it is stored is no change.
        await assertSucceeds(updateDoc(over, { ...startingAt(weekAgo), title: '先週の会' }));
        await assertFails(updateDoc(over, startingAt(new Date(Date.now() - 86_400_000))));
        await assertFails(updateDoc(over, { startTime: '23:59' }));
        // A move into the future carries its change record (the schedule as stored before).
        const stored = (await getDoc(over)).data()!;
        const before = {
          date: stored.date,
          startTime: stored.startTime ?? '',
          endTime: stored.endTime ?? '',
          location: stored.location ?? '',
        };
        // Not even into the future: it took place, its participants and marks stand.
        await assertFails(
          updateDoc(over, {
            ...minutesFromNow(24 * 60),
            lastChange: { seq: 1, before, at: serverTimestamp() },
          }),
        );
        // An upcoming event with nobody taking part moves with its record alone.
        await seed('events/soon', event(startingAt(new Date(Date.now() + 86_400_000))));
        const soon = doc(as(ALICE), 'events/soon');
        const was = (await getDoc(soon)).data()!;
        await assertSucceeds(
          updateDoc(soon, {
            ...minutesFromNow(48 * 60),
            lastChange: {
              seq: 1,
              before: {
                date: was.date,
                startTime: was.startTime,
                endTime: '',
                location: was.location,
              },
              at: serverTimestamp(),
            },
          }),
        );
      });
    });

    it('lets only the organizer edit content, never the organizer or creation time', async () => {
      await assertSucceeds(
        updateDoc(doc(as(ALICE), 'events/e1'), {
          title: '平日フットサル',
          capacity: 5,
          updatedAt: serverTimestamp(),
        }),
      );
      await assertFails(updateDoc(doc(as(BOB), 'events/e1'), { title: '乗っ取り' }));
      await assertFails(updateDoc(doc(as(ALICE), 'events/e1'), { organizerId: BOB }));
      await assertFails(updateDoc(doc(as(ALICE), 'events/e1'), { createdAt: serverTimestamp() }));
      await assertFails(updateDoc(doc(as(ALICE), 'events/e1'), { fee: -1 }));
    });

    it("holds the image to the organizer's own folder of the project's Storage", async () => {
      const host = 'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o';
      const own = `${host}/events%2F${ALICE}%2F1_e.png?alt=media&token=x`;
      const image = (imageURL: string, imagePath: string) =>
        updateDoc(doc(as(ALICE), 'events/e1'), { imageURL, imagePath });
      await assertFails(image('https://tracker.example/pixel.gif', ''));
      await assertFails(image(`https://evil.example/v0/b/x/o/events%2F${ALICE}%2F1_e.png`, ''));
      await assertFails(image(`${host}/events%2F${BOB}%2F1_e.png`, `events/${BOB}/1_e.png`));
      await assertFails(image(own, `teams/${ALICE}/1_e.png`));
      await assertSucceeds(image(own, `events/${ALICE}/1_e.png`));
      await assertSucceeds(image('', ''));
      await assertFails(
        setDoc(
          doc(as(ALICE), 'events/new'),
          newEvent({ imageURL: 'https://tracker.example/p.gif' }),
        ),
      );
      await assertSucceeds(setDoc(doc(as(ALICE), 'events/new'), newEvent({ imageURL: own })));
      // An image an older version stored stays while it is not changed.
      await seed('events/old', event({ imageURL: 'https://legacy.example/e.png' }));
      await assertSucceeds(updateDoc(doc(as(ALICE), 'events/old'), { description: '更新' }));
    });

    it('follows the domain status table for the organizer, and nobody else changes status', async () => {
      for (const from of EVENT_STATUSES) {
        for (const to of EVENT_STATUSES) {
          await seed('events/s', event({ status: from }));
          const change = updateDoc(doc(as(ALICE), 'events/s'), { status: to });
          if (from === to || STATUS_TRANSITIONS[from].includes(to)) await assertSucceeds(change);
          else await assertFails(change);
        }
      }
      await assertFails(updateDoc(doc(as(BOB), 'events/e1'), { status: 'closed' }));
    });

    it('refuses a capacity below the participants', async () => {
      await seed('events/e2', event({ participants: [BOB, CAROL] }));
      await assertSucceeds(updateDoc(doc(as(ALICE), 'events/e2'), { capacity: 2 }));
      await assertFails(updateDoc(doc(as(ALICE), 'events/e2'), { capacity: 1 }));
    });

    it('lets a user join an open 先着順 event themself, within capacity, touching nothing else', async () => {
      await seed('events/e1', event({ entryMethod: 'firstCome' }));
      await assertSucceeds(updateDoc(doc(as(BOB), 'events/e1'), { participants: arrayUnion(BOB) }));
      await assertFails(
        updateDoc(doc(as(CAROL), 'events/e1'), { participants: arrayUnion('dave') }),
      );
      await assertFails(
        updateDoc(doc(as(CAROL), 'events/e1'), { participants: arrayUnion(CAROL), title: 'x' }),
      );
      await assertFails(updateDoc(doc(as(CAROL), 'events/e1'), { participants: [CAROL] }));
      await assertFails(updateDoc(doc(anon(), 'events/e1'), { participants: arrayUnion('anon') }));

      await seed('events/closed', event({ status: 'closed', entryMethod: 'firstCome' }));
      await assertFails(
        updateDoc(doc(as(BOB), 'events/closed'), { participants: arrayUnion(BOB) }),
      );
      await seed(
        'events/full',
        event({ capacity: 1, participants: [CAROL], entryMethod: 'firstCome' }),
      );
      await assertFails(updateDoc(doc(as(BOB), 'events/full'), { participants: arrayUnion(BOB) }));
      // A 承認制 event takes requests only.
      await seed('events/approval', event());
      await assertFails(
        updateDoc(doc(as(BOB), 'events/approval'), { participants: arrayUnion(BOB) }),
      );
    });

    it('lets a participant leave themself only', async () => {
      await seed('events/e2', event({ status: 'closed', participants: [BOB, CAROL] }));
      await assertSucceeds(
        updateDoc(doc(as(BOB), 'events/e2'), { participants: arrayRemove(BOB) }),
      );
      await assertFails(updateDoc(doc(as(BOB), 'events/e2'), { participants: arrayRemove(CAROL) }));
    });

    it('lets the organizer add one requester at a time, by approving their pending request, within capacity', async () => {
      /** The approval as the Firebase backend writes it: request and event in one transaction. */
      const approve = (eventId: string, requester: string, add: string[], status = 'approved') => {
        const db = as(ALICE);
        return countedRequestWrite(db, `${eventId}_${requester}`, -1, (batch) => {
          batch.update(doc(db, `participationRequests/${eventId}_${requester}`), {
            status,
            updatedAt: serverTimestamp(),
          });
          batch.update(doc(db, `events/${eventId}`), { participants: arrayUnion(...add) });
        });
      };
      await seed(`participationRequests/e1_${BOB}`, request());
      await seed(`participationRequests/e1_${CAROL}`, request({ userId: CAROL }));
      await seed('participationRequests/e1_dave', request({ userId: 'dave', status: 'approved' }));
      await seed('participationRequests/e2_erin', request({ userId: 'erin', eventId: 'e2' }));
      // A request stored under another id (before ids were derived) is not an approval.
      await seed('participationRequests/random-id', request({ userId: 'frank' }));

      await assertSucceeds(approve('e1', BOB, [BOB]));
      // Nobody who did not ask, whoever's request is processed.
      await assertFails(approve('e1', CAROL, ['mallory']));
      await assertFails(
        updateDoc(doc(as(ALICE), 'events/e1'), { participants: arrayUnion('mallory') }),
      );
      // Not a request already processed, one for another event, or one left pending.
      await assertFails(
        updateDoc(doc(as(ALICE), 'events/e1'), { participants: arrayUnion('dave') }),
      );
      await seed('events/e2', event());
      await assertFails(approve('e1', 'erin', ['erin']));
      await assertFails(approve('e1', CAROL, [CAROL], 'rejected'));
      await assertFails(approve('e1', 'frank', ['frank']));
      // Two at once never (removing a participant is the organizer's removal, with its own
      // rules: tests/rules/roster.rules.test.ts).
      await assertFails(approve('e1', CAROL, [CAROL, 'dave']));
      await seed('events/full', event({ capacity: 1, participants: [CAROL] }));
      await seed(`participationRequests/full_${BOB}`, request({ eventId: 'full' }));
      await assertFails(approve('full', BOB, [BOB]));
      await seed('events/over', event({ status: 'finished' }));
      await seed(`participationRequests/over_${BOB}`, request({ eventId: 'over' }));
      await assertFails(approve('over', BOB, [BOB]));
      await assertSucceeds(approve('e1', CAROL, [CAROL]));
    });

    it('keeps no pointer to an approved request on the public event', async () => {
      await seed(`participationRequests/e1_${BOB}`, request());
      const db = as(ALICE);
      const approve = (pointer: DocumentData) =>
        countedRequestWrite(db, `e1_${BOB}`, -1, (batch) => {
          batch.update(doc(db, `participationRequests/e1_${BOB}`), {
            status: 'approved',
            updatedAt: serverTimestamp(),
          });
          batch.update(doc(db, 'events/e1'), { participants: arrayUnion(BOB), ...pointer });
        });
      await assertFails(approve({ approvedRequestId: `e1_${BOB}` }));
      await assertSucceeds(approve({}));
      await assertFails(updateDoc(doc(as(ALICE), 'events/e1'), { approvedRequestId: 'x' }));
    });

    it('never deletes an event from the client', async () => {
      await assertFails(deleteDoc(doc(as(ALICE), 'events/e1')));
    });
  });

  describe('participationRequests', () => {
    beforeEach(async () => {
      await seed('events/e1', event());
      await seed(`participationRequests/e1_${BOB}`, request());
    });

    it('creates a pending request for myself under <eventId>_<uid>, for an open event with room I have not joined', async () => {
      const mine = (extra: DocumentData = {}) => ({
        userId: CAROL,
        eventId: 'e1',
        message: '',
        status: 'pending',
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
        ...extra,
      });
      const at = (id: string) => id;
      const setDoc = (id: string, data: DocumentData) => counted.set(as(CAROL), id, data);
      await assertSucceeds(setDoc(at(`e1_${CAROL}`), mine()));
      await assertFails(counted.set(anon(), `e1_${CAROL}`, mine()));
      await assertFails(setDoc(at(`e1_${BOB}`), mine({ userId: BOB })));
      await assertFails(setDoc(at('x_carol'), mine({ status: 'approved', eventId: 'x' })));
      await assertFails(setDoc(at(`missing_${CAROL}`), mine({ eventId: 'missing' })));
      await seed('events/closed', event({ status: 'closed' }));
      await assertFails(setDoc(at(`closed_${CAROL}`), mine({ eventId: 'closed' })));
      await seed('events/joined', event({ participants: [CAROL] }));
      await assertFails(setDoc(at(`joined_${CAROL}`), mine({ eventId: 'joined' })));
      await seed('events/full', event({ capacity: 1, participants: [BOB] }));
      await assertFails(setDoc(at(`full_${CAROL}`), mine({ eventId: 'full' })));
      await seed('events/unlimited', event({ capacity: 0, participants: [BOB] }));
      await assertSucceeds(setDoc(at(`unlimited_${CAROL}`), mine({ eventId: 'unlimited' })));
      await seed('events/long', event());
      await assertSucceeds(
        setDoc(at(`long_${CAROL}`), mine({ eventId: 'long', message: 'あ'.repeat(500) })),
      );
      await seed('events/long2', event());
      await assertFails(
        setDoc(at(`long2_${CAROL}`), mine({ eventId: 'long2', message: 'あ'.repeat(501) })),
      );
    });

    it('allows one pending request per user and event: the id is fixed, a pending one is never reopened', async () => {
      const mine = (extra: DocumentData = {}) => ({
        userId: BOB,
        eventId: 'e1',
        message: 'もう一度',
        status: 'pending',
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
        ...extra,
      });
      // A second request under any other id, or over the pending one.
      await assertFails(counted.set(as(BOB), 'another', mine()));
      await assertFails(counted.set(as(BOB), `e1_${BOB}_2`, mine()));
      await assertFails(counted.set(as(BOB), `e1_${BOB}`, mine()));
      // Asked again after a rejection: the same request, pending again.
      await seed(`participationRequests/e1_${BOB}`, request({ status: 'rejected' }));
      await assertSucceeds(counted.set(as(BOB), `e1_${BOB}`, mine()));
      // Someone else cannot reopen it for them.
      await seed(`participationRequests/e1_${BOB}`, request({ status: 'rejected' }));
      await assertFails(counted.set(as(CAROL), `e1_${BOB}`, mine()));
    });

    it('lists requests to the requester and to the organizer only', async () => {
      const requests = (d: Firestore) => collection(d, 'participationRequests');
      await assertSucceeds(getDocs(query(requests(as(BOB)), where('userId', '==', BOB))));
      await assertSucceeds(getDocs(query(requests(as(ALICE)), where('eventId', '==', 'e1'))));
      await assertFails(getDocs(query(requests(as(CAROL)), where('eventId', '==', 'e1'))));
      await assertFails(getDocs(query(requests(as(CAROL)), where('userId', '==', BOB))));
      await assertFails(getDocs(requests(as(CAROL))));
      // The same queries kept open as listeners (the event page's request lists).
      await assertSucceeds(firstSnapshot(query(requests(as(BOB)), where('userId', '==', BOB))));
      await assertSucceeds(firstSnapshot(query(requests(as(ALICE)), where('eventId', '==', 'e1'))));
      await assertFails(firstSnapshot(query(requests(as(CAROL)), where('eventId', '==', 'e1'))));
      await assertFails(firstSnapshot(query(requests(as(CAROL)), where('userId', '==', BOB))));
      await assertFails(firstSnapshot(query(requests(anon()), where('eventId', '==', 'e1'))));
    });

    it("shows a request and its message to the requester and the event's organizer only", async () => {
      const id = `participationRequests/e1_${BOB}`;
      await assertSucceeds(getDoc(doc(as(BOB), id)));
      await assertSucceeds(getDoc(doc(as(ALICE), id)));
      await assertFails(getDoc(doc(as(CAROL), id)));
      await assertFails(getDoc(doc(anon(), id)));
      // A missing request: its own requester may look (a transaction reads the id it writes);
      // anyone else gets the same refusal as for an existing one, so nothing is learnt.
      await assertSucceeds(getDoc(doc(as(CAROL), `participationRequests/e1_${CAROL}`)));
      await assertFails(getDoc(doc(as(CAROL), `participationRequests/e2_${BOB}`)));
      await assertFails(getDoc(doc(as(CAROL), 'participationRequests/missing')));
    });

    it('lets only the organizer process a pending request, status and updatedAt only', async () => {
      await assertFails(
        counted.update(as(BOB), `e1_${BOB}`, {
          status: 'approved',
          updatedAt: serverTimestamp(),
        }),
      );
      await assertFails(
        counted.update(as(ALICE), `e1_${BOB}`, {
          status: 'approved',
          message: 'x',
          updatedAt: serverTimestamp(),
        }),
      );
      await assertFails(
        counted.update(as(ALICE), `e1_${BOB}`, {
          status: 'cancelled',
          updatedAt: serverTimestamp(),
        }),
      );
      await assertSucceeds(
        counted.update(as(ALICE), `e1_${BOB}`, {
          status: 'approved',
          updatedAt: serverTimestamp(),
        }),
      );
      // Only a pending request can be processed.
      await assertFails(
        counted.update(as(ALICE), `e1_${BOB}`, {
          status: 'rejected',
          updatedAt: serverTimestamp(),
        }),
      );
    });

    it('lets the requester or the organizer delete a request', async () => {
      await assertFails(counted.delete(as(CAROL), `e1_${BOB}`));
      await assertSucceeds(counted.delete(as(BOB), `e1_${BOB}`));
      await seed(`participationRequests/e1_${CAROL}`, request({ userId: CAROL }));
      await assertSucceeds(counted.delete(as(ALICE), `e1_${CAROL}`));
      // A decided request leaves no count to keep.
      await seed(
        `participationRequests/e1_${CAROL}`,
        request({ userId: CAROL, status: 'approved' }),
      );
      await assertSucceeds(deleteDoc(doc(as(CAROL), `participationRequests/e1_${CAROL}`)));
    });

    it("keeps the staff dashboard's pending count in the writes that change it", async () => {
      const count = async () => (await peek('stats/participation'))?.pending as unknown;
      const mine = {
        userId: CAROL,
        eventId: 'e1',
        message: '',
        status: 'pending',
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      };
      // A request without the count, or with a count that is wrong or names another request.
      await assertFails(setDoc(doc(as(CAROL), `participationRequests/e1_${CAROL}`), mine));
      const carol = as(CAROL);
      const without = (c: { pending?: unknown; lastRequest?: unknown }) =>
        countedRequestWrite(
          carol,
          `e1_${CAROL}`,
          1,
          (b) => b.set(doc(carol, `participationRequests/e1_${CAROL}`), mine),
          c,
        );
      await assertFails(without({ pending: 5 }));
      await assertFails(without({ lastRequest: `e1_${BOB}` }));
      await assertSucceeds(counted.set(as(CAROL), `e1_${CAROL}`, mine));
      expect(await count()).toBe(1);
      // The count alone: moved by hand, or naming a request that does not change.
      const alone = (delta: 1 | -1, lastRequest: string) =>
        countedRequestWrite(as(CAROL), lastRequest, delta, () => {});
      await assertFails(alone(1, `e1_${CAROL}`));
      await assertFails(alone(-1, `e1_${BOB}`));
      await assertFails(
        setDoc(doc(as(CAROL), 'stats/participation'), { pending: 0, lastRequest: `e1_${CAROL}` }),
      );
      // Processing and cancelling move it back, each by one.
      await assertFails(
        updateDoc(doc(as(ALICE), `participationRequests/e1_${BOB}`), {
          status: 'rejected',
          updatedAt: serverTimestamp(),
        }),
      );
      await assertSucceeds(
        counted.update(as(ALICE), `e1_${BOB}`, {
          status: 'rejected',
          updatedAt: serverTimestamp(),
        }),
      );
      await assertFails(deleteDoc(doc(as(CAROL), `participationRequests/e1_${CAROL}`)));
      await assertSucceeds(counted.delete(as(CAROL), `e1_${CAROL}`));
      expect(await count()).toBe(-1);
      // Staff read the count and nothing of the requests; users not even the count.
      await assertSucceeds(getDoc(doc(as(MOD), 'stats/participation')));
      await assertFails(getDoc(doc(as(CAROL), 'stats/participation')));
      await assertFails(
        getDocs(
          query(collection(as(MOD), 'participationRequests'), where('status', '==', 'pending')),
        ),
      );
      await assertFails(getDoc(doc(as(MOD), `participationRequests/e1_${BOB}`)));
    });

    it('leaves a request made for someone moving up from the line out of the count, made or processed', async () => {
      const count = async () => (await peek('stats/participation'))?.pending as unknown;
      await seed('stats/participation', { pending: 1, lastRequest: `e1_${BOB}` });
      // Promotions are not counted when made (tests/rules/roster.rules.test.ts), so processing
      // or cancelling one moves nothing: an attacker cycling moved-up requests cannot drive
      // the count down, nor name one to move it.
      await seed(
        `participationRequests/e1_${CAROL}`,
        request({ userId: CAROL, fromWaitlist: true }),
      );
      const approved = { status: 'approved', updatedAt: serverTimestamp() };
      await assertFails(counted.update(as(ALICE), `e1_${CAROL}`, approved));
      await assertFails(
        countedRequestWrite(as(ALICE), `e1_${CAROL}`, -1, () => {}, { pending: 0 }),
      );
      await assertSucceeds(
        updateDoc(doc(as(ALICE), `participationRequests/e1_${CAROL}`), approved),
      );
      expect(await count()).toBe(1);
      await seed(
        `participationRequests/e1_${CAROL}`,
        request({ userId: CAROL, fromWaitlist: true }),
      );
      await assertFails(counted.delete(as(CAROL), `e1_${CAROL}`));
      await assertSucceeds(deleteDoc(doc(as(CAROL), `participationRequests/e1_${CAROL}`)));
      expect(await count()).toBe(1);
      // A request asked for oneself is counted again, whatever it was before.
      await seed(
        `participationRequests/e1_${CAROL}`,
        request({ userId: CAROL, fromWaitlist: true, status: 'rejected' }),
      );
      const asked = {
        userId: CAROL,
        eventId: 'e1',
        message: '',
        status: 'pending',
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      };
      await assertFails(setDoc(doc(as(CAROL), `participationRequests/e1_${CAROL}`), asked));
      await assertSucceeds(counted.set(as(CAROL), `e1_${CAROL}`, asked));
      expect(await count()).toBe(2);
    });
  });
});
