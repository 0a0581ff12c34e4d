// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
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
 * Event boards and team chat (docs/board.md). Event e1: ALICE organizes, BOB takes part, CAROL
 * waits; DAVE has a pending request; EVE is a stranger. Team t1: ALICE owns it, BOB is a member.
 */
const DAVE = 'dave';
const EVE = 'eve';
type Kind = 'eventBoards' | 'teamBoards';

const postOf = (author: string, content = '駐車場はありますか？', extra: object = {}) => ({
  authorId: author,
  authorName: author,
  authorPhotoURL: '',
  content,
  createdAt: serverTimestamp(),
  editedAt: null,
  announce: '',
  ...extra,
});

/** A post with its board's summary in one batch, as the app writes them (boards.ts). */
function postBatch(
  db: Firestore,
  author: string,
  postId: string,
  options: { kind?: Kind; board?: string; post?: object; summary?: object | null } = {},
) {
  const kind = options.kind ?? 'eventBoards';
  const board = options.board ?? (kind === 'eventBoards' ? 'e1' : 't1');
  const post = options.post ?? postOf(author);
  const summary =
    options.summary === undefined
      ? { lastPostAt: serverTimestamp(), lastPostId: postId, lastAuthorId: author }
      : options.summary;
  const b = writeBatch(db);
  b.set(doc(db, kind, board, 'posts', postId), post);
  if (summary) b.set(doc(db, kind, board), summary, { merge: true });
  return b.commit();
}

describe.skipIf(!firestoreHost)(`firestore rules: boards${NOT_RUN}`, () => {
  const { as, anon, seed, unverified, peek } = useRulesEnv('demo-rules-boards');

  beforeEach(async () => {
    for (const uid of [ALICE, BOB, CAROL, DAVE, EVE]) await seed(`users/${uid}`, profile(uid));
    await seed('events/e1', {
      title: '週末フットサル',
      organizerId: ALICE,
      participants: [BOB],
      waitlist: [CAROL],
      status: 'open',
    });
    await seed(`participationRequests/e1_${DAVE}`, {
      userId: DAVE,
      eventId: 'e1',
      status: 'pending',
    });
    await seed(`participationRequests/e1_${EVE}`, {
      userId: EVE,
      eventId: 'e1',
      status: 'rejected',
    });
    await seed('teams/t1', { name: 'チームA', ownerId: ALICE, members: [ALICE, BOB] });
  });

  it('lets the organizer and a participant post, and those with a place read', async () => {
    await assertSucceeds(postBatch(as(ALICE), ALICE, 'p1'));
    await assertSucceeds(postBatch(as(BOB), BOB, 'p2'));
    const newest = (db: Firestore) =>
      getDocs(
        query(
          collection(db, 'eventBoards', 'e1', 'posts'),
          orderBy('createdAt', 'desc'),
          limit(50),
        ),
      );
    for (const uid of [ALICE, BOB, CAROL, DAVE]) {
      await assertSucceeds(newest(as(uid)));
      await assertSucceeds(getDoc(doc(as(uid), 'eventBoards', 'e1')));
    }
    const summary = await peek('eventBoards/e1');
    if (summary?.lastPostId !== 'p2' || summary.lastAuthorId !== BOB) {
      throw new Error(`summary: ${JSON.stringify(summary)}`);
    }
  });

  it('refuses reading a board as a stranger, a rejected requester or a visitor', async () => {
    await seed('eventBoards/e1/posts/p1', postOf(ALICE));
    for (const db of [as(EVE), anon()]) {
      await assertFails(getDocs(collection(db, 'eventBoards', 'e1', 'posts')));
      await assertFails(getDoc(doc(db, 'eventBoards', 'e1', 'posts', 'p1')));
      await assertFails(getDoc(doc(db, 'eventBoards', 'e1')));
    }
    await assertFails(getDocs(collection(as(CAROL), 'teamBoards', 't1', 'posts')));
  });

  it('refuses a post with no seat: waiting, pending, removed, suspended or unverified', async () => {
    await assertFails(postBatch(as(CAROL), CAROL, 'p1'));
    await assertFails(postBatch(as(DAVE), DAVE, 'p1'));
    await assertFails(postBatch(as(EVE), EVE, 'p1'));
    await assertFails(postBatch(unverified(BOB), BOB, 'p1'));
    await seed(`users/${BOB}`, profile(BOB, { isActive: false }));
    await assertFails(postBatch(as(BOB), BOB, 'p1'));
    await seed(`users/${BOB}`, profile(BOB));
    // Removed by the organizer: the seat ends at once.
    await seed('events/e1', {
      title: '週末',
      organizerId: ALICE,
      participants: [],
      status: 'open',
    });
    await assertFails(postBatch(as(BOB), BOB, 'p1'));
    await assertFails(getDocs(collection(as(BOB), 'eventBoards', 'e1', 'posts')));
  });

  it('refuses a forged sender or name, an oversized or blank post, and an unnamed post', async () => {
    await assertFails(postBatch(as(BOB), BOB, 'p1', { post: postOf(ALICE) }));
    await assertFails(
      postBatch(as(BOB), BOB, 'p1', { post: { ...postOf(BOB), authorName: ALICE } }),
    );
    await assertFails(postBatch(as(BOB), BOB, 'p1', { post: postOf(BOB, 'あ'.repeat(1001)) }));
    await assertSucceeds(postBatch(as(BOB), BOB, 'p1', { post: postOf(BOB, 'あ'.repeat(1000)) }));
    await assertFails(postBatch(as(BOB), BOB, 'p2', { post: postOf(BOB, '   ') }));
    await assertFails(postBatch(as(BOB), BOB, 'p2', { post: { ...postOf(BOB), extra: 1 } }));
    await assertFails(
      postBatch(as(BOB), BOB, 'p2', { post: { ...postOf(BOB), createdAt: Timestamp.now() } }),
    );
    // A post without its summary, and a summary naming another post.
    await assertFails(postBatch(as(BOB), BOB, 'p2', { summary: null }));
    await assertFails(
      postBatch(as(BOB), BOB, 'p2', {
        summary: { lastPostAt: serverTimestamp(), lastPostId: 'p1', lastAuthorId: BOB },
      }),
    );
  });

  it('refuses summary fields set by hand', async () => {
    await assertSucceeds(postBatch(as(BOB), BOB, 'p1'));
    const fresh = { lastPostAt: serverTimestamp(), lastAuthorId: BOB };
    // No new post: an existing one named again, a missing one, another's name, a time by hand.
    await assertFails(
      setDoc(doc(as(BOB), 'eventBoards', 'e1'), { ...fresh, lastPostId: 'p1' }, { merge: true }),
    );
    await assertFails(
      setDoc(doc(as(BOB), 'eventBoards', 'e1'), { ...fresh, lastPostId: 'p9' }, { merge: true }),
    );
    await assertFails(
      postBatch(as(BOB), BOB, 'p2', {
        summary: { lastPostAt: serverTimestamp(), lastPostId: 'p2', lastAuthorId: ALICE },
      }),
    );
    await assertFails(
      postBatch(as(BOB), BOB, 'p2', {
        summary: { lastPostAt: Timestamp.fromMillis(0), lastPostId: 'p2', lastAuthorId: BOB },
      }),
    );
    await assertFails(deleteDoc(doc(as(ALICE), 'eventBoards', 'e1')));
  });

  it('lets an author edit and delete their own post, never another’s', async () => {
    await assertSucceeds(postBatch(as(ALICE), ALICE, 'p1'));
    await assertSucceeds(postBatch(as(BOB), BOB, 'p2'));
    const bobPost = doc(as(BOB), 'eventBoards', 'e1', 'posts', 'p2');
    await assertSucceeds(updateDoc(bobPost, { content: '訂正です', editedAt: serverTimestamp() }));
    await assertFails(updateDoc(bobPost, { content: '訂正', editedAt: Timestamp.now() }));
    await assertFails(updateDoc(bobPost, { authorId: ALICE, editedAt: serverTimestamp() }));
    await assertFails(
      updateDoc(doc(as(BOB), 'eventBoards', 'e1', 'posts', 'p1'), {
        content: '書き換え',
        editedAt: serverTimestamp(),
      }),
    );
    await assertFails(deleteDoc(doc(as(BOB), 'eventBoards', 'e1', 'posts', 'p1')));
    await assertFails(deleteDoc(doc(as(CAROL), 'eventBoards', 'e1', 'posts', 'p2')));
    await assertSucceeds(deleteDoc(bobPost));
  });

  it('lets only the organizer pin and remove any post', async () => {
    await assertSucceeds(postBatch(as(BOB), BOB, 'p1'));
    await assertFails(
      setDoc(doc(as(BOB), 'eventBoards', 'e1'), { pinnedPostId: 'p1' }, { merge: true }),
    );
    await assertFails(
      setDoc(doc(as(ALICE), 'eventBoards', 'e1'), { pinnedPostId: 'p9' }, { merge: true }),
    );
    await assertSucceeds(
      setDoc(doc(as(ALICE), 'eventBoards', 'e1'), { pinnedPostId: 'p1' }, { merge: true }),
    );
    await assertFails(
      setDoc(
        doc(as(ALICE), 'eventBoards', 'e1'),
        { pinnedPostId: '', lastAuthorId: ALICE },
        { merge: true },
      ),
    );
    await assertSucceeds(deleteDoc(doc(as(ALICE), 'eventBoards', 'e1', 'posts', 'p1')));
    await assertSucceeds(
      setDoc(doc(as(ALICE), 'eventBoards', 'e1'), { pinnedPostId: '' }, { merge: true }),
    );
  });

  it('lets only the organizer mark an お知らせ, and refuses its notifications from a client', async () => {
    await assertFails(
      postBatch(as(BOB), BOB, 'p1', {
        post: postOf(BOB, 'お知らせ', { announce: 'participants' }),
      }),
    );
    await assertFails(
      postBatch(as(ALICE), ALICE, 'p1', { post: postOf(ALICE, 'お知らせ', { announce: 'x' }) }),
    );
    await assertSucceeds(
      postBatch(as(ALICE), ALICE, 'p1', { post: postOf(ALICE, 'お知らせ', { announce: 'all' }) }),
    );
    for (const uid of [ALICE, BOB]) {
      await assertFails(
        setDoc(doc(as(uid), 'notifications', `p1_${BOB}_board_announcement`), {
          userId: BOB,
          type: 'board_announcement',
          data: { eventId: 'e1', eventTitle: '週末フットサル', postId: 'p1' },
          read: false,
          timestamp: serverTimestamp(),
          clientTimestamp: Timestamp.now(),
        }),
      );
    }
  });

  it('refuses an お知らせ’s outcome from a client: on the post, in its edit, by anyone', async () => {
    const outcome = { announceOutcome: { status: 'sent', notified: 2, failed: 0 } };
    await assertFails(
      postBatch(as(ALICE), ALICE, 'p1', {
        post: postOf(ALICE, 'お知らせ', { announce: 'participants', ...outcome }),
      }),
    );
    await seed('eventBoards/e1/posts/p2', {
      ...postOf(ALICE, 'お知らせ', { announce: 'participants' }),
      createdAt: Timestamp.now(),
      announceOutcome: { status: 'rate_limited', notified: 0, failed: 0 },
    });
    const p2 = (db: Firestore) => doc(db, 'eventBoards', 'e1', 'posts', 'p2');
    // The organizer's 「再送する」 goes through the server; marking it sent by hand is refused.
    await assertFails(updateDoc(p2(as(ALICE)), outcome));
    await assertFails(
      updateDoc(p2(as(ALICE)), { content: '修正', editedAt: serverTimestamp(), ...outcome }),
    );
    await assertFails(updateDoc(p2(as(BOB)), outcome));
    // Its own edit keeps the server's outcome as it is.
    await assertSucceeds(
      updateDoc(p2(as(ALICE)), { content: '修正', editedAt: serverTimestamp() }),
    );
    const after = await peek('eventBoards/e1/posts/p2');
    if ((after?.announceOutcome as { status?: string } | undefined)?.status !== 'rate_limited') {
      throw new Error(`outcome: ${JSON.stringify(after?.announceOutcome)}`);
    }
  });

  it('team chat: members post and read; one who left, or a stranger, neither', async () => {
    await assertSucceeds(postBatch(as(BOB), BOB, 'p1', { kind: 'teamBoards' }));
    await assertSucceeds(getDocs(collection(as(ALICE), 'teamBoards', 't1', 'posts')));
    await assertFails(postBatch(as(CAROL), CAROL, 'p2', { kind: 'teamBoards' }));
    await assertFails(getDocs(collection(as(CAROL), 'teamBoards', 't1', 'posts')));
    // An お知らせ is an event board's only.
    await assertFails(
      postBatch(as(ALICE), ALICE, 'p2', {
        kind: 'teamBoards',
        post: postOf(ALICE, 'お知らせ', { announce: 'participants' }),
      }),
    );
    await seed('teams/t1', { name: 'チームA', ownerId: ALICE, members: [ALICE] });
    await assertFails(postBatch(as(BOB), BOB, 'p3', { kind: 'teamBoards' }));
    await assertFails(getDocs(collection(as(BOB), 'teamBoards', 't1', 'posts')));
    await assertFails(
      updateDoc(doc(as(BOB), 'teamBoards', 't1', 'posts', 'p1'), {
        content: '退会後',
        editedAt: serverTimestamp(),
      }),
    );
  });

  it('lets a reader report a post as it is, and refuses a stranger or a forged quote', async () => {
    await seed('eventBoards/e1/posts/p1', postOf(ALICE, 'スパム'));
    const report = (reporter: string, extra: object = {}) =>
      setDoc(doc(as(reporter), 'reports', `eventPost-p1-${reporter}`), {
        reporterId: reporter,
        targetType: 'eventPost',
        targetId: 'p1',
        conversationId: 'e1',
        targetLabel: 'スパム',
        subjectUserId: ALICE,
        reason: 'spam',
        detail: '',
        status: 'open',
        createdAt: serverTimestamp(),
        ...extra,
      });
    await assertFails(report(EVE));
    await assertFails(report(CAROL, { targetLabel: '別の文' }));
    await assertFails(report(CAROL, { subjectUserId: BOB }));
    await assertSucceeds(report(CAROL));
    await assertSucceeds(report(DAVE));
  });

  it('keeps each read marker its owner’s, with the server’s time', async () => {
    const mark = (uid: string, id = `${uid}_event_e1`) => ({
      ref: doc(as(uid), 'boardReads', id),
      data: { userId: uid, boardKind: 'event', boardId: 'e1', readAt: serverTimestamp() },
    });
    const mine = mark(BOB);
    await assertSucceeds(getDoc(mine.ref));
    await assertSucceeds(setDoc(mine.ref, mine.data));
    await assertFails(setDoc(mine.ref, { ...mine.data, readAt: Timestamp.fromMillis(0) }));
    await assertFails(getDoc(doc(as(CAROL), 'boardReads', `${BOB}_event_e1`)));
    await assertFails(setDoc(doc(as(CAROL), 'boardReads', `${BOB}_event_e1`), mine.data));
    await assertFails(
      setDoc(doc(as(BOB), 'boardReads', `${BOB}_event_e2`), { ...mine.data, userId: BOB }),
    );
  });
});
