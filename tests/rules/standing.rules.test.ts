// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  arrayRemove,
  arrayUnion,
  deleteDoc,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  updateDoc,
  type DocumentData,
} from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ALICE,
  BOB,
  CAROL,
  MOD,
  NOT_RUN,
  event,
  firestoreHost,
  profile,
  request,
  useRulesEnv,
  counted,
} from './firestore-support';

/**
 * Who may write (docs/security.md, activeUser() / verifiedUser() in firestore.rules): a suspended
 * account reads and signs in but writes nothing else; staff change standing (a moderator never
 * an admin's); creating events, requests and direct joins need a verified email.
 */
const SAM = 'sam';

function newEvent(organizerId: string): DocumentData {
  return {
    ...event({ organizerId }),
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  };
}

function newRequest(userId: string, eventId: string): DocumentData {
  return {
    userId,
    eventId,
    message: '',
    status: 'pending',
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  };
}

function notificationOf(userId: string): DocumentData {
  return {
    userId,
    type: 'participation_approved',
    data: { eventId: 'e1', requestId: `e1_${userId}`, eventTitle: '週末フットサル' },
    read: false,
    timestamp: Timestamp.now(),
    clientTimestamp: Timestamp.now(),
  };
}

describe.skipIf(!firestoreHost)(`firestore rules: who may write${NOT_RUN}`, () => {
  const { as, unverified, anon, seed, peek } = useRulesEnv('demo-rules-standing');

  beforeEach(async () => {
    await seed(`users/${SAM}`, profile(SAM, { isActive: false }));
    await seed(`users/${ALICE}`, profile(ALICE));
    await seed(`users/${BOB}`, profile(BOB, { isActive: true }));
    await seed('events/e1', event());
    await seed('events/mine', event({ organizerId: SAM }));
    await seed('events/joined', event({ participants: [SAM, CAROL] }));
    await seed(`participationRequests/e1_${SAM}`, request({ userId: SAM }));
    await seed(`participationRequests/e1_${BOB}`, request());
    await seed(`notifications/n-${SAM}`, notificationOf(SAM));
    await seed(`notifications/n-${BOB}`, notificationOf(BOB));
  });

  it('lets a suspended account read as before', async () => {
    await assertSucceeds(getDoc(doc(as(SAM), 'events/e1')));
    await assertSucceeds(getDoc(doc(as(SAM), `users/${SAM}`)));
    await assertSucceeds(getDoc(doc(as(SAM), `participationRequests/e1_${SAM}`)));
    await assertSucceeds(getDoc(doc(as(SAM), `notifications/n-${SAM}`)));
  });

  it('refuses a suspended account every write, where an active one succeeds', async () => {
    // Profile and private documents.
    await assertFails(updateDoc(doc(as(SAM), `users/${SAM}`), { bio: '停止中' }));
    await assertSucceeds(updateDoc(doc(as(ALICE), `users/${ALICE}`), { bio: '元気です' }));
    const account = (uid: string) => ({
      email: `${uid}@example.com`,
      updatedAt: serverTimestamp(),
    });
    await assertFails(setDoc(doc(as(SAM), `users/${SAM}/private/account`), account(SAM)));
    await assertSucceeds(setDoc(doc(as(ALICE), `users/${ALICE}/private/account`), account(ALICE)));
    // Events: create, edit own, join, leave.
    await assertFails(setDoc(doc(as(SAM), 'events/new'), newEvent(SAM)));
    await assertSucceeds(setDoc(doc(as(ALICE), 'events/new'), newEvent(ALICE)));
    await assertFails(updateDoc(doc(as(SAM), 'events/mine'), { title: '変更' }));
    await assertFails(updateDoc(doc(as(SAM), 'events/mine'), { status: 'closed' }));
    await assertFails(updateDoc(doc(as(SAM), 'events/e1'), { participants: arrayUnion(SAM) }));
    await assertFails(updateDoc(doc(as(SAM), 'events/joined'), { participants: arrayRemove(SAM) }));
    await assertSucceeds(
      updateDoc(doc(as(CAROL), 'events/joined'), { participants: arrayRemove(CAROL) }),
    );
    // Requests: ask, cancel; and processing as an organizer.
    await seed('events/other', event());
    await assertFails(counted.set(as(SAM), `other_${SAM}`, newRequest(SAM, 'other')));
    await assertFails(counted.delete(as(SAM), `e1_${SAM}`));
    await assertSucceeds(counted.delete(as(BOB), `e1_${BOB}`));
    await seed(`participationRequests/mine_${BOB}`, request({ eventId: 'mine' }));
    await assertFails(
      counted.update(as(SAM), `mine_${BOB}`, {
        status: 'rejected',
        updatedAt: serverTimestamp(),
      }),
    );
    // Notifications: mark read, delete.
    await assertFails(updateDoc(doc(as(SAM), `notifications/n-${SAM}`), { read: true }));
    await assertFails(deleteDoc(doc(as(SAM), `notifications/n-${SAM}`)));
    await assertSucceeds(updateDoc(doc(as(BOB), `notifications/n-${BOB}`), { read: true }));
    await assertSucceeds(deleteDoc(doc(as(BOB), `notifications/n-${BOB}`)));
  });

  it('lets a suspended account record its sign-in, and nothing with it', async () => {
    const mine = doc(as(SAM), `users/${SAM}`);
    await assertSucceeds(updateDoc(mine, { lastLoginAt: serverTimestamp() }));
    await assertFails(updateDoc(mine, { lastLoginAt: serverTimestamp(), bio: 'ついでに' }));
    await assertFails(updateDoc(mine, { lastLoginAt: serverTimestamp(), isActive: true }));
    await assertFails(updateDoc(mine, { lastLoginAt: Timestamp.fromDate(new Date(2030, 0, 1)) }));
  });

  it('lets no owner change their own standing: not lift a suspension, not write isActive at sign-in', async () => {
    await assertFails(updateDoc(doc(as(SAM), `users/${SAM}`), { isActive: true }));
    // Writing the whole profile again without isActive would lift it too.
    const { isActive: _dropped, ...rest } = (await peek(`users/${SAM}`))!;
    await assertFails(setDoc(doc(as(SAM), `users/${SAM}`), rest));
    await assertFails(updateDoc(doc(as(ALICE), `users/${ALICE}`), { isActive: false }));
    await assertFails(updateDoc(doc(as(ALICE), `users/${ALICE}`), { isActive: 'yes' }));
    // Active stays active: an unchanged true passes with other fields.
    await assertSucceeds(
      updateDoc(doc(as(BOB), `users/${BOB}`), { isActive: true, bio: 'こんにちは' }),
    );
    expect((await peek(`users/${SAM}`))!.isActive).toBe(false);
  });

  it('refuses standing and role changes without their audit entry, and a moderator acting as admin (the audited changes by rank: tests/rules/staff.rules.test.ts)', async () => {
    await seed('users/mod2', profile('mod2', { role: 'moderator' }));
    await assertFails(updateDoc(doc(as(MOD), `users/${ALICE}`), { isActive: false }));
    await assertFails(updateDoc(doc(as(MOD), `users/${SAM}`), { isActive: true }));
    // A moderator acting as admin: suspending an admin or another moderator, changing roles.
    await assertFails(updateDoc(doc(as(MOD), `users/${ADMIN}`), { isActive: false }));
    await assertFails(updateDoc(doc(as(MOD), 'users/mod2'), { isActive: false }));
    await assertFails(updateDoc(doc(as(MOD), `users/${ALICE}`), { role: 'moderator' }));
    await assertFails(updateDoc(doc(as(MOD), `users/${MOD}`), { role: 'admin' }));
    // Admins too need the audit entry in the same write; unknown values and their own standing never.
    await assertFails(updateDoc(doc(as(ADMIN), 'users/mod2'), { isActive: false }));
    await assertFails(
      updateDoc(doc(as(ADMIN), `users/${ALICE}`), {
        role: 'moderator',
        updatedAt: serverTimestamp(),
      }),
    );
    await assertFails(updateDoc(doc(as(ADMIN), `users/${BOB}`), { isActive: 'false' }));
    await assertFails(updateDoc(doc(as(ADMIN), `users/${BOB}`), { role: 'owner' }));
    await assertFails(updateDoc(doc(as(ADMIN), `users/${ADMIN}`), { isActive: false }));
    await assertFails(updateDoc(doc(as(ADMIN), `users/${BOB}`), { bio: '管理者が書き換え' }));
    // Nobody else, and no suspended staff member.
    await assertFails(updateDoc(doc(as(CAROL), `users/${ALICE}`), { isActive: false }));
    await assertFails(updateDoc(doc(anon(), `users/${ALICE}`), { isActive: false }));
    await seed(`users/${MOD}`, profile(MOD, { role: 'moderator', isActive: false }));
    await assertFails(updateDoc(doc(as(MOD), `users/${BOB}`), { isActive: false }));
  });

  it('refuses an unverified account the creation of events, join requests and direct joins', async () => {
    await assertFails(setDoc(doc(unverified(CAROL), 'events/new'), newEvent(CAROL)));
    await assertSucceeds(setDoc(doc(as(CAROL), 'events/new'), newEvent(CAROL)));
    await assertFails(counted.set(unverified(CAROL), `e1_${CAROL}`, newRequest(CAROL, 'e1')));
    await assertFails(
      updateDoc(doc(unverified(CAROL), 'events/e1'), { participants: arrayUnion(CAROL) }),
    );
    await assertSucceeds(counted.set(as(CAROL), `e1_${CAROL}`, newRequest(CAROL, 'e1')));
    // A token without the claim at all counts as unverified.
    await assertFails(
      updateDoc(doc(as('dave', { email_verified: null }), 'events/e1'), {
        participants: arrayUnion('dave'),
      }),
    );
    // What needs only an active account stays open to it.
    await seed(`users/${CAROL}`, profile(CAROL));
    await assertSucceeds(updateDoc(doc(unverified(CAROL), `users/${CAROL}`), { bio: '未確認' }));
    await assertSucceeds(
      updateDoc(doc(unverified(CAROL), 'events/joined'), { participants: arrayRemove(CAROL) }),
    );
  });
});
