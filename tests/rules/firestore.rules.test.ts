// @vitest-environment node
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
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
  increment,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { EVENT_STATUSES } from '@/domain/entities/event';
import { STATUS_TRANSITIONS } from '@/domain/rules/events';

/**
 * firestore.rules, one assertSucceeds and at least one assertFails per rule. Needs Google's
 * Firestore emulator (FIRESTORE_EMULATOR_HOST); scripts/test-firebase.sh starts one where it can.
 * Its own project id keeps it apart from the contract suites on the same emulator.
 */
const PROJECT_ID = 'demo-rules-firestore';
const host = process.env.FIRESTORE_EMULATOR_HOST;

const ALICE = 'alice';
const BOB = 'bob';
const CAROL = 'carol';
const ADMIN = 'admin1';
const MOD = 'mod1';

let env: RulesTestEnvironment;

function db(ctx: RulesTestContext): Firestore {
  return ctx.firestore() as unknown as Firestore;
}

function as(uid: string, claims: Record<string, unknown> = {}): Firestore {
  return db(
    env.authenticatedContext(uid, { email: `${uid}@example.com`, email_verified: true, ...claims }),
  );
}

function anon(): Firestore {
  return db(env.unauthenticatedContext());
}

async function seed(path: string, data: DocumentData): Promise<void> {
  await env.withSecurityRulesDisabled(async (ctx) => {
    await setDoc(doc(db(ctx), path), data);
  });
}

function profile(uid: string, extra: DocumentData = {}): DocumentData {
  return {
    displayName: uid,
    photoURL: '',
    bio: '',
    location: '',
    gender: '',
    birthDate: '',
    emailVerified: false,
    customUserId: 'user_Ab3dE5gH',
    firebaseUid: uid,
    agreedAt: null,
    createdAt: Timestamp.fromDate(new Date(2024, 0, 1)),
    role: 'user',
    isActive: true,
    ...extra,
  };
}

function newProfile(uid: string, extra: DocumentData = {}): DocumentData {
  return {
    ...profile(uid),
    createdAt: serverTimestamp(),
    agreedAt: serverTimestamp(),
    lastLoginAt: serverTimestamp(),
    ...extra,
  };
}

function event(extra: DocumentData = {}): DocumentData {
  return {
    title: '週末フットサル',
    description: '',
    sportType: 'フットサル',
    location: '世田谷区総合運動場',
    region: '関東',
    level: '誰でも',
    teamName: '',
    date: Timestamp.fromDate(new Date(Date.now() + 7 * 86_400_000)),
    startTime: '10:00',
    endTime: '12:00',
    fee: 1000,
    capacity: 3,
    imageURL: '',
    imagePath: '',
    organizerName: 'Alice',
    organizerPhotoURL: '',
    organizerId: ALICE,
    status: 'open',
    participants: [],
    createdAt: Timestamp.fromDate(new Date(2024, 0, 1)),
    ...extra,
  };
}

function newEvent(extra: DocumentData = {}): DocumentData {
  return { ...event(), createdAt: serverTimestamp(), updatedAt: serverTimestamp(), ...extra };
}

function request(extra: DocumentData = {}): DocumentData {
  return {
    userId: BOB,
    eventId: 'e1',
    message: 'よろしくお願いします',
    status: 'pending',
    createdAt: Timestamp.fromDate(new Date(2024, 0, 2)),
    updatedAt: Timestamp.fromDate(new Date(2024, 0, 2)),
    ...extra,
  };
}

function notification(userId: string, extra: DocumentData = {}): DocumentData {
  return {
    userId,
    title: 'お知らせ',
    content: '本文',
    type: 'system',
    data: {},
    read: false,
    timestamp: serverTimestamp(),
    clientTimestamp: Timestamp.now(),
    ...extra,
  };
}

const CONV = [ALICE, BOB].sort().join('_');

function conversation(extra: DocumentData = {}): DocumentData {
  return {
    participants: [ALICE, BOB].sort(),
    lastMessage: '',
    lastMessageTime: Timestamp.now(),
    lastSenderId: '',
    createdAt: Timestamp.now(),
    unreadCount: { [ALICE]: 0, [BOB]: 0 },
    archived: { [ALICE]: false, [BOB]: false },
    archivedAt: { [ALICE]: null, [BOB]: null },
    ...extra,
  };
}

describe.skipIf(!host)(
  `firestore rules${host ? '' : " (not run: needs Google's Firestore emulator, FIRESTORE_EMULATOR_HOST unset)"}`,
  () => {
    beforeAll(async () => {
      const [h, p] = host!.split(':');
      env = await initializeTestEnvironment({
        projectId: PROJECT_ID,
        firestore: { rules: readFileSync('firestore.rules', 'utf8'), host: h, port: Number(p) },
      });
    });

    afterAll(async () => {
      await env?.cleanup();
    });

    beforeEach(async () => {
      await env.clearFirestore();
      await seed(`users/${ADMIN}`, profile(ADMIN, { role: 'admin' }));
      await seed(`users/${MOD}`, profile(MOD, { role: 'moderator' }));
    });

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
          setDoc(
            doc(as(CAROL), `users/${CAROL}`),
            newProfile(CAROL, { email: 'carol@example.com' }),
          ),
        );
        await assertFails(
          setDoc(
            doc(as(CAROL), `users/${CAROL}`),
            newProfile(CAROL, { createdAt: Timestamp.now() }),
          ),
        );
        await assertFails(
          setDoc(doc(as(CAROL), `users/${CAROL}`), newProfile(CAROL, { firebaseUid: BOB })),
        );
      });

      it('lets the owner write the profile again (registration retried) but not escalate', async () => {
        await assertSucceeds(setDoc(doc(as(ALICE), `users/${ALICE}`), newProfile(ALICE)));
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
        await assertFails(
          updateDoc(mine, { lastLoginAt: Timestamp.fromDate(new Date(2030, 0, 1)) }),
        );
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

      it('lets admins change roles and moderators only isActive', async () => {
        await assertSucceeds(updateDoc(doc(as(ADMIN), `users/${ALICE}`), { role: 'moderator' }));
        await assertSucceeds(updateDoc(doc(as(MOD), `users/${ALICE}`), { isActive: false }));
        await assertFails(updateDoc(doc(as(MOD), `users/${ALICE}`), { role: 'admin' }));
        await assertFails(updateDoc(doc(as(ADMIN), `users/${ALICE}`), { role: 'owner' }));
        await assertFails(updateDoc(doc(as(ADMIN), `users/${ALICE}`), { bio: '管理者が書き換え' }));
        await assertSucceeds(
          updateDoc(
            doc(as('staff', { email: 'admin@sports-community.example' }), `users/${ALICE}`),
            { role: 'admin' },
          ),
        );
      });

      it('lets only the owner write the private account, with the email only', async () => {
        await assertSucceeds(
          setDoc(doc(as(ALICE), `users/${ALICE}/private/account`), {
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

      it('lets a user join an open event themself, within capacity, touching nothing else', async () => {
        await assertSucceeds(
          updateDoc(doc(as(BOB), 'events/e1'), { participants: arrayUnion(BOB) }),
        );
        await assertFails(
          updateDoc(doc(as(CAROL), 'events/e1'), { participants: arrayUnion('dave') }),
        );
        await assertFails(
          updateDoc(doc(as(CAROL), 'events/e1'), { participants: arrayUnion(CAROL), title: 'x' }),
        );
        await assertFails(updateDoc(doc(as(CAROL), 'events/e1'), { participants: [CAROL] }));
        await assertFails(
          updateDoc(doc(anon(), 'events/e1'), { participants: arrayUnion('anon') }),
        );

        await seed('events/closed', event({ status: 'closed' }));
        await assertFails(
          updateDoc(doc(as(BOB), 'events/closed'), { participants: arrayUnion(BOB) }),
        );
        await seed('events/full', event({ capacity: 1, participants: [CAROL] }));
        await assertFails(
          updateDoc(doc(as(BOB), 'events/full'), { participants: arrayUnion(BOB) }),
        );
      });

      it('lets a participant leave themself only', async () => {
        await seed('events/e2', event({ status: 'closed', participants: [BOB, CAROL] }));
        await assertSucceeds(
          updateDoc(doc(as(BOB), 'events/e2'), { participants: arrayRemove(BOB) }),
        );
        await assertFails(
          updateDoc(doc(as(BOB), 'events/e2'), { participants: arrayRemove(CAROL) }),
        );
      });

      it('lets the organizer add one requester at a time, by approving their pending request, within capacity', async () => {
        /** The approval as the Firebase backend writes it: request and event in one batch. */
        const approve = (
          eventId: string,
          requestId: string,
          add: string[],
          status = 'approved',
        ) => {
          const db = as(ALICE);
          const batch = writeBatch(db);
          batch.update(doc(db, `participationRequests/${requestId}`), {
            status,
            updatedAt: serverTimestamp(),
          });
          batch.update(doc(db, `events/${eventId}`), {
            participants: arrayUnion(...add),
            approvedRequestId: requestId,
          });
          return batch.commit();
        };
        await seed('participationRequests/r-bob', request());
        await seed('participationRequests/r-carol', request({ userId: CAROL }));
        await seed('participationRequests/r-done', request({ userId: 'dave', status: 'approved' }));
        await seed('participationRequests/r-other', request({ userId: 'erin', eventId: 'e2' }));

        await assertSucceeds(approve('e1', 'r-bob', [BOB]));
        // Nobody who did not ask, whoever's request is named.
        await assertFails(approve('e1', 'r-carol', ['mallory']));
        await assertFails(
          updateDoc(doc(as(ALICE), 'events/e1'), { participants: arrayUnion('mallory') }),
        );
        // Not a request already processed, one for another event, or one left pending.
        await assertFails(
          updateDoc(doc(as(ALICE), 'events/e1'), {
            participants: arrayUnion('dave'),
            approvedRequestId: 'r-done',
          }),
        );
        await seed('events/e2', event());
        await assertFails(approve('e1', 'r-other', ['erin']));
        await assertFails(approve('e1', 'r-carol', [CAROL], 'rejected'));
        // Two at once, or a removal, never.
        await assertFails(approve('e1', 'r-carol', [CAROL, 'dave']));
        await assertFails(
          updateDoc(doc(as(ALICE), 'events/e1'), { participants: arrayRemove(BOB) }),
        );
        await seed('events/full', event({ capacity: 1, participants: [CAROL] }));
        await seed('participationRequests/r-full', request({ eventId: 'full' }));
        await assertFails(approve('full', 'r-full', [BOB]));
        await seed('events/over', event({ status: 'finished' }));
        await seed('participationRequests/r-over', request({ eventId: 'over' }));
        await assertFails(approve('over', 'r-over', [BOB]));
        await assertSucceeds(approve('e1', 'r-carol', [CAROL]));
      });

      it('never deletes an event from the client', async () => {
        await assertFails(deleteDoc(doc(as(ALICE), 'events/e1')));
      });
    });

    describe('participationRequests', () => {
      beforeEach(async () => {
        await seed('events/e1', event());
        await seed('participationRequests/r1', request());
      });

      it('creates a pending request for myself, for an open event with room I have not joined', async () => {
        const mine = (extra: DocumentData = {}) => ({
          userId: CAROL,
          eventId: 'e1',
          message: '',
          status: 'pending',
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
          ...extra,
        });
        await assertSucceeds(setDoc(doc(as(CAROL), 'participationRequests/new'), mine()));
        await assertFails(setDoc(doc(anon(), 'participationRequests/new'), mine()));
        await assertFails(
          setDoc(doc(as(CAROL), 'participationRequests/new'), mine({ userId: BOB })),
        );
        await assertFails(
          setDoc(doc(as(CAROL), 'participationRequests/new'), mine({ status: 'approved' })),
        );
        await assertFails(
          setDoc(doc(as(CAROL), 'participationRequests/new'), mine({ eventId: 'missing' })),
        );
        await seed('events/closed', event({ status: 'closed' }));
        await assertFails(
          setDoc(doc(as(CAROL), 'participationRequests/new'), mine({ eventId: 'closed' })),
        );
        await seed('events/joined', event({ participants: [CAROL] }));
        await assertFails(
          setDoc(doc(as(CAROL), 'participationRequests/new'), mine({ eventId: 'joined' })),
        );
        await seed('events/full', event({ capacity: 1, participants: [BOB] }));
        await assertFails(
          setDoc(doc(as(CAROL), 'participationRequests/new'), mine({ eventId: 'full' })),
        );
        await seed('events/unlimited', event({ capacity: 0, participants: [BOB] }));
        await assertSucceeds(
          setDoc(doc(as(CAROL), 'participationRequests/u'), mine({ eventId: 'unlimited' })),
        );
        await assertSucceeds(
          setDoc(doc(as(CAROL), 'participationRequests/long'), mine({ message: 'あ'.repeat(500) })),
        );
        await assertFails(
          setDoc(
            doc(as(CAROL), 'participationRequests/long2'),
            mine({ message: 'あ'.repeat(501) }),
          ),
        );
      });

      it('lists requests to the requester and to the organizer only', async () => {
        const requests = (d: Firestore) => collection(d, 'participationRequests');
        await assertSucceeds(getDocs(query(requests(as(BOB)), where('userId', '==', BOB))));
        await assertSucceeds(getDocs(query(requests(as(ALICE)), where('eventId', '==', 'e1'))));
        await assertFails(getDocs(query(requests(as(CAROL)), where('eventId', '==', 'e1'))));
        await assertFails(getDocs(query(requests(as(CAROL)), where('userId', '==', BOB))));
        await assertFails(getDocs(requests(as(CAROL))));
      });

      it('reads a single request by id only when signed in', async () => {
        await assertSucceeds(getDoc(doc(as(CAROL), 'participationRequests/r1')));
        await assertSucceeds(getDoc(doc(as(CAROL), 'participationRequests/missing')));
        await assertFails(getDoc(doc(anon(), 'participationRequests/r1')));
      });

      it('lets only the organizer process a pending request, status and updatedAt only', async () => {
        await assertFails(
          updateDoc(doc(as(BOB), 'participationRequests/r1'), {
            status: 'approved',
            updatedAt: serverTimestamp(),
          }),
        );
        await assertFails(
          updateDoc(doc(as(ALICE), 'participationRequests/r1'), {
            status: 'approved',
            message: 'x',
            updatedAt: serverTimestamp(),
          }),
        );
        await assertFails(
          updateDoc(doc(as(ALICE), 'participationRequests/r1'), {
            status: 'cancelled',
            updatedAt: serverTimestamp(),
          }),
        );
        await assertSucceeds(
          updateDoc(doc(as(ALICE), 'participationRequests/r1'), {
            status: 'approved',
            updatedAt: serverTimestamp(),
          }),
        );
        // Only a pending request can be processed.
        await assertFails(
          updateDoc(doc(as(ALICE), 'participationRequests/r1'), {
            status: 'rejected',
            updatedAt: serverTimestamp(),
          }),
        );
      });

      it('lets the requester or the organizer delete a request', async () => {
        await assertFails(deleteDoc(doc(as(CAROL), 'participationRequests/r1')));
        await assertSucceeds(deleteDoc(doc(as(BOB), 'participationRequests/r1')));
        await seed('participationRequests/r2', request());
        await assertSucceeds(deleteDoc(doc(as(ALICE), 'participationRequests/r2')));
      });
    });

    describe('notifications', () => {
      beforeEach(async () => {
        await seed('events/e1', event());
        await seed('notifications/n1', { ...notification(BOB), timestamp: Timestamp.now() });
      });

      it('lets only the recipient read', async () => {
        await assertSucceeds(getDoc(doc(as(BOB), 'notifications/n1')));
        await assertSucceeds(
          getDocs(query(collection(as(BOB), 'notifications'), where('userId', '==', BOB))),
        );
        await assertFails(getDoc(doc(as(CAROL), 'notifications/n1')));
        await assertFails(
          getDocs(query(collection(as(CAROL), 'notifications'), where('userId', '==', BOB))),
        );
        await assertFails(getDocs(collection(as(BOB), 'notifications')));
      });

      it('lets anyone notify themself, and others only with the participation types from the right person', async () => {
        const col = (d: Firestore) => collection(d, 'notifications');
        await assertSucceeds(setDoc(doc(col(as(CAROL))), notification(CAROL)));
        await assertFails(setDoc(doc(col(as(CAROL))), notification(BOB)));
        await assertFails(setDoc(doc(col(anon())), notification(BOB)));
        // A request goes to the event's organizer.
        await assertSucceeds(
          setDoc(
            doc(col(as(CAROL))),
            notification(ALICE, { type: 'participation_request', data: { eventId: 'e1' } }),
          ),
        );
        await assertFails(
          setDoc(
            doc(col(as(CAROL))),
            notification(BOB, { type: 'participation_request', data: { eventId: 'e1' } }),
          ),
        );
        // Approval and rejection come from the event's organizer.
        await assertSucceeds(
          setDoc(
            doc(col(as(ALICE))),
            notification(BOB, { type: 'participation_approved', data: { eventId: 'e1' } }),
          ),
        );
        await assertSucceeds(
          setDoc(
            doc(col(as(ALICE))),
            notification(BOB, { type: 'participation_rejected', data: { eventId: 'e1' } }),
          ),
        );
        await assertFails(
          setDoc(
            doc(col(as(CAROL))),
            notification(BOB, { type: 'participation_approved', data: { eventId: 'e1' } }),
          ),
        );
        await assertFails(
          setDoc(
            doc(col(as(ALICE))),
            notification(BOB, { type: 'participation_approved', data: {} }),
          ),
        );
        // Shape: unread, server timestamp, known type.
        await assertFails(setDoc(doc(col(as(CAROL))), notification(CAROL, { read: true })));
        await assertFails(
          setDoc(doc(col(as(CAROL))), notification(CAROL, { timestamp: Timestamp.now() })),
        );
        await assertFails(setDoc(doc(col(as(CAROL))), notification(CAROL, { type: 'promotion' })));
      });

      it('lets the recipient mark read and nothing else', async () => {
        await assertSucceeds(updateDoc(doc(as(BOB), 'notifications/n1'), { read: true }));
        await assertFails(updateDoc(doc(as(BOB), 'notifications/n1'), { title: '改ざん' }));
        await assertFails(updateDoc(doc(as(CAROL), 'notifications/n1'), { read: true }));
      });

      it('lets the recipient delete', async () => {
        await assertFails(deleteDoc(doc(as(CAROL), 'notifications/n1')));
        await assertSucceeds(deleteDoc(doc(as(BOB), 'notifications/n1')));
      });
    });

    describe('conversations and messages', () => {
      beforeEach(async () => {
        await seed(`conversations/${CONV}`, conversation());
        await seed(`conversations/${CONV}/messages/m1`, {
          senderId: ALICE,
          content: 'こんにちは',
          read: false,
          readAt: null,
          sentAt: Timestamp.now(),
        });
      });

      it('creates a conversation only between the creator and one other, keyed by the sorted pair', async () => {
        const id = [ALICE, CAROL].sort().join('_');
        const fresh = (extra: DocumentData = {}) =>
          conversation({
            participants: [ALICE, CAROL].sort(),
            unreadCount: {},
            archived: {},
            archivedAt: {},
            lastMessageTime: serverTimestamp(),
            createdAt: serverTimestamp(),
            ...extra,
          });
        await assertSucceeds(getDoc(doc(as(CAROL), `conversations/${id}`)));
        await assertFails(getDoc(doc(as(BOB), `conversations/${id}`)));
        await assertFails(setDoc(doc(as(BOB), `conversations/${id}`), fresh()));
        await assertFails(setDoc(doc(as(CAROL), `conversations/${CAROL}_${ALICE}`), fresh()));
        await assertFails(
          setDoc(doc(as(CAROL), `conversations/${id}`), fresh({ lastMessage: '偽装' })),
        );
        await assertSucceeds(setDoc(doc(as(CAROL), `conversations/${id}`), fresh()));
      });

      it('lets only participants read a conversation and list theirs', async () => {
        await assertSucceeds(getDoc(doc(as(ALICE), `conversations/${CONV}`)));
        await assertSucceeds(
          getDocs(
            query(
              collection(as(BOB), 'conversations'),
              where('participants', 'array-contains', BOB),
            ),
          ),
        );
        await assertFails(getDoc(doc(as(CAROL), `conversations/${CONV}`)));
        await assertFails(
          getDocs(
            query(
              collection(as(CAROL), 'conversations'),
              where('participants', 'array-contains', BOB),
            ),
          ),
        );
      });

      it('lets a sender update the last message and the other unread count', async () => {
        const ref = doc(as(ALICE), `conversations/${CONV}`);
        await assertSucceeds(
          updateDoc(ref, {
            lastMessage: 'やあ',
            lastMessageTime: serverTimestamp(),
            lastSenderId: ALICE,
            [`unreadCount.${BOB}`]: increment(1),
          }),
        );
        await assertFails(
          updateDoc(ref, {
            lastMessage: 'なりすまし',
            lastMessageTime: serverTimestamp(),
            lastSenderId: BOB,
          }),
        );
        await assertFails(updateDoc(ref, { [`unreadCount.${BOB}`]: 0 }));
        await assertFails(updateDoc(ref, { participants: [ALICE, CAROL] }));
        await assertFails(
          updateDoc(doc(as(CAROL), `conversations/${CONV}`), { [`archived.${CAROL}`]: true }),
        );
      });

      it('lets a participant reset their own unread count and archive for themself only', async () => {
        await seed(
          `conversations/${CONV}`,
          conversation({ unreadCount: { [ALICE]: 0, [BOB]: 2 } }),
        );
        const ref = doc(as(BOB), `conversations/${CONV}`);
        await assertSucceeds(updateDoc(ref, { [`unreadCount.${BOB}`]: 0 }));
        await assertSucceeds(
          updateDoc(ref, { [`archived.${BOB}`]: true, [`archivedAt.${BOB}`]: serverTimestamp() }),
        );
        await assertFails(updateDoc(ref, { [`archived.${ALICE}`]: true }));
        await assertFails(updateDoc(ref, { [`unreadCount.${BOB}`]: 5 }));
      });

      it('never deletes a conversation', async () => {
        await assertFails(deleteDoc(doc(as(ALICE), `conversations/${CONV}`)));
      });

      it('lets participants read messages and send as themselves', async () => {
        const messages = (d: Firestore) => collection(d, 'conversations', CONV, 'messages');
        const message = (senderId: string, extra: DocumentData = {}) => ({
          senderId,
          content: 'こんばんは',
          read: false,
          readAt: null,
          sentAt: serverTimestamp(),
          ...extra,
        });
        await assertSucceeds(getDocs(messages(as(BOB))));
        await assertFails(getDocs(messages(as(CAROL))));
        await assertSucceeds(setDoc(doc(messages(as(BOB))), message(BOB)));
        await assertFails(setDoc(doc(messages(as(BOB))), message(ALICE)));
        await assertFails(setDoc(doc(messages(as(CAROL))), message(CAROL)));
        await assertFails(setDoc(doc(messages(as(BOB))), message(BOB, { read: true })));
      });

      it('lets participants mark a message read, and change nothing else', async () => {
        const ref = (d: Firestore) => doc(d, 'conversations', CONV, 'messages', 'm1');
        await assertFails(updateDoc(ref(as(CAROL)), { read: true, readAt: serverTimestamp() }));
        await assertFails(updateDoc(ref(as(BOB)), { content: '改ざん' }));
        await assertSucceeds(updateDoc(ref(as(BOB)), { read: true, readAt: serverTimestamp() }));
        await assertFails(updateDoc(ref(as(BOB)), { read: false }));
        await assertFails(deleteDoc(ref(as(ALICE))));
      });
    });
  },
);
