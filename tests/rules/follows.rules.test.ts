// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  query,
  serverTimestamp,
  setDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import {
  ALICE,
  BOB,
  CAROL,
  NOT_RUN,
  firestoreHost,
  profile,
  useRulesEnv,
} from './firestore-support';

/**
 * Following (docs/follows.md): a follow is its follower's alone, and each moves its target's
 * count by exactly one in the same write. ALICE organizes; BOB and CAROL follow; team t1 exists.
 */
const followOf = (follower: string, kind: 'user' | 'team', id: string) => ({
  followerId: follower,
  targetKind: kind,
  targetId: id,
  targetKey: `${kind}:${id}`,
  targetName: '',
  createdAt: serverTimestamp(),
});

/** The follow and its count in one batch, as the app writes them (follows.ts). */
function followBatch(db: Firestore, follower: string, kind: 'user' | 'team', id: string, by = 1) {
  const fid = `${follower}_${kind}_${id}`;
  const b = writeBatch(db);
  b.set(doc(db, 'follows', fid), followOf(follower, kind, id));
  b.set(
    doc(db, 'followerCounts', `${kind}_${id}`),
    { count: increment(by), lastFollow: fid },
    { merge: true },
  );
  return b.commit();
}

function unfollowBatch(
  db: Firestore,
  follower: string,
  kind: 'user' | 'team',
  id: string,
  by = -1,
) {
  const fid = `${follower}_${kind}_${id}`;
  const b = writeBatch(db);
  b.delete(doc(db, 'follows', fid));
  b.set(
    doc(db, 'followerCounts', `${kind}_${id}`),
    { count: increment(by), lastFollow: fid },
    { merge: true },
  );
  return b.commit();
}

describe.skipIf(!firestoreHost)(`firestore rules: follows${NOT_RUN}`, () => {
  const { as, anon, seed, unverified } = useRulesEnv('demo-rules-follows');

  beforeEach(async () => {
    await seed(`users/${ALICE}`, profile(ALICE));
    await seed(`users/${BOB}`, profile(BOB));
    await seed(`users/${CAROL}`, profile(CAROL));
    await seed('teams/t1', { name: 'チームA', ownerId: ALICE, members: [ALICE] });
  });

  it('lets a user follow an organizer or a team with the count up by one, and unfollow', async () => {
    await assertSucceeds(followBatch(as(BOB), BOB, 'user', ALICE));
    await assertSucceeds(followBatch(as(CAROL), CAROL, 'user', ALICE));
    await assertSucceeds(followBatch(as(BOB), BOB, 'team', 't1'));
    // An unverified address follows too: it writes only its own documents.
    await assertSucceeds(followBatch(unverified(CAROL), CAROL, 'team', 't1'));
    await assertSucceeds(unfollowBatch(as(BOB), BOB, 'user', ALICE));
    // Anyone reads a count.
    await assertSucceeds(getDoc(doc(anon(), 'followerCounts', `user_${ALICE}`)));
  });

  it('refuses following as someone else, oneself, a missing target, or when suspended', async () => {
    // A forged follower: BOB writes CAROL's follow (under her id, or his id with her name).
    await assertFails(followBatch(as(BOB), CAROL, 'user', ALICE));
    const bob = as(BOB);
    const b = writeBatch(bob);
    b.set(doc(bob, 'follows', `${BOB}_user_${ALICE}`), followOf(CAROL, 'user', ALICE));
    b.set(
      doc(bob, 'followerCounts', `user_${ALICE}`),
      { count: increment(1), lastFollow: `${BOB}_user_${ALICE}` },
      { merge: true },
    );
    await assertFails(b.commit());
    await assertFails(followBatch(as(ALICE), ALICE, 'user', ALICE));
    await assertFails(followBatch(as(BOB), BOB, 'team', 'no-such-team'));
    await assertFails(followBatch(anon(), BOB, 'user', ALICE));
    await seed(`users/${BOB}`, profile(BOB, { isActive: false }));
    await assertFails(followBatch(as(BOB), BOB, 'user', ALICE));
  });

  it('refuses a follower count set by hand, moved by more than one, or without its follow', async () => {
    // A follow without its count, and a count without a follow.
    await assertFails(
      setDoc(doc(as(BOB), 'follows', `${BOB}_user_${ALICE}`), followOf(BOB, 'user', ALICE)),
    );
    await assertFails(
      setDoc(doc(as(BOB), 'followerCounts', `user_${ALICE}`), {
        count: 1000,
        lastFollow: `${BOB}_user_${ALICE}`,
      }),
    );
    // Up by five with one follow.
    await assertFails(followBatch(as(BOB), BOB, 'user', ALICE, 5));
    await assertSucceeds(followBatch(as(BOB), BOB, 'user', ALICE));
    // Up again naming the follow that exists already (no follow made in this write).
    await assertFails(
      setDoc(
        doc(as(BOB), 'followerCounts', `user_${ALICE}`),
        { count: increment(1), lastFollow: `${BOB}_user_${ALICE}` },
        { merge: true },
      ),
    );
    // CAROL moves ALICE's count naming BOB's follow; and another target's count with her own.
    await assertFails(
      setDoc(
        doc(as(CAROL), 'followerCounts', `user_${ALICE}`),
        { count: increment(-1), lastFollow: `${BOB}_user_${ALICE}` },
        { merge: true },
      ),
    );
    const carol = as(CAROL);
    const b = writeBatch(carol);
    b.set(doc(carol, 'follows', `${CAROL}_user_${ALICE}`), followOf(CAROL, 'user', ALICE));
    b.set(
      doc(carol, 'followerCounts', 'team_t1'),
      { count: increment(1), lastFollow: `${CAROL}_user_${ALICE}` },
      { merge: true },
    );
    await assertFails(b.commit());
    // Unfollowing without the count down, or down by two.
    await assertFails(deleteDoc(doc(as(BOB), 'follows', `${BOB}_user_${ALICE}`)));
    await assertFails(unfollowBatch(as(BOB), BOB, 'user', ALICE, -2));
    // Nobody deletes a count, nor another's follow.
    await assertFails(deleteDoc(doc(as(ALICE), 'followerCounts', `user_${ALICE}`)));
    await assertFails(unfollowBatch(as(CAROL), BOB, 'user', ALICE));
  });

  it("lets only the follower read their follows, and refuses a client's followed_event notice", async () => {
    await assertSucceeds(followBatch(as(BOB), BOB, 'user', ALICE));
    await assertSucceeds(getDoc(doc(as(BOB), 'follows', `${BOB}_user_${ALICE}`)));
    await assertSucceeds(getDoc(doc(as(BOB), 'follows', `${BOB}_team_t1`)));
    await assertSucceeds(
      getDocs(query(collection(as(BOB), 'follows'), where('followerId', '==', BOB))),
    );
    await assertFails(getDoc(doc(as(ALICE), 'follows', `${BOB}_user_${ALICE}`)));
    await assertFails(getDoc(doc(anon(), 'follows', `${BOB}_user_${ALICE}`)));
    await assertFails(
      getDocs(query(collection(as(ALICE), 'follows'), where('followerId', '==', BOB))),
    );
    await assertFails(
      getDocs(query(collection(as(ALICE), 'follows'), where('targetKey', '==', `user:${ALICE}`))),
    );
    // The notices of a new event are the server's: not the organizer, not a follower.
    await seed('events/e1', {
      title: '週末',
      organizerId: ALICE,
      participants: [],
      status: 'open',
    });
    for (const uid of [ALICE, BOB]) {
      await assertFails(
        setDoc(doc(as(uid), 'notifications', `e1_${BOB}_followed_event`), {
          userId: BOB,
          type: 'followed_event',
          data: { eventId: 'e1', eventTitle: '週末', via: 'user', sourceName: 'アリス' },
          read: false,
          timestamp: serverTimestamp(),
          clientTimestamp: Timestamp.now(),
        }),
      );
    }
  });
});
