// @vitest-environment node
/**
 * A benchmark, not a test (it prints figures and asserts nothing): on the Firestore emulator,
 * under firestore.rules, a participant opens an event board of BENCH_POSTS (default 5,000) posts
 * with its unread mark, through the boards use case (src/data/use-cases/boards.ts) on the
 * Firestore storage adapter the app uses. Printed: the documents read (what Firestore bills: one
 * per document a read or a listener's first answer returns, one for a missing document) to show
 * the newest page and the mark, and the same for a board of 50 posts, to show the cost does not
 * grow with the board. Then the header's 「掲示板に新着」 (boards.myUnread) for a reader of more
 * boards than it looks at (8 upcoming events, 4 teams, each with a post of someone else's, one of
 * them BENCH_POSTS long): the documents it reads. Run: bash bench/run-boards.sh.
 */
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
} from 'firebase-admin/app';
import { Timestamp, getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { it } from 'vitest';
import { firestoreStorage } from '@/data/firebase/storage';
import type { ApiPort } from '@/data/ports/api';
import type { Storage } from '@/data/storage/storage';
import { boardsUseCases } from '@/data/use-cases/boards';
import type { BoardPage, BoardState } from '@/domain/rules/boards';

const POSTS = Number(process.env.BENCH_POSTS ?? 5000);
const PROJECT = process.env.GCLOUD_PROJECT || 'demo-sports-community';
const ORGANIZER = 'bench-board-organizer';
const READER = 'bench-board-reader';

/** The storage with every document it hands back counted (a missing one as one). */
function counted(storage: Storage): { storage: Storage; reads: () => number } {
  let reads = 0;
  const add = (n: number) => (reads += Math.max(n, 1));
  return {
    reads: () => reads,
    storage: {
      ...storage,
      get: async (path) => {
        add(1);
        return storage.get(path);
      },
      query: async (q) => {
        const docs = await storage.query(q);
        add(docs.length);
        return docs;
      },
      onDoc: (path, next, error) => {
        let first = true;
        return storage.onDoc(
          path,
          (doc) => {
            if (first) add(1);
            first = false;
            next(doc);
          },
          error,
        );
      },
      onQuery: (q, next, error) => {
        let first = true;
        return storage.onQuery(
          q,
          (docs) => {
            if (first) add(docs.length);
            first = false;
            next(docs);
          },
          error,
        );
      },
    },
  };
}

async function seedBoard(eventId: string, posts: number): Promise<void> {
  const admin = initializeAdminApp({ projectId: PROJECT }, `bench-seed-${eventId}`);
  const db = getAdminFirestore(admin);
  const writer = db.bulkWriter();
  void writer.set(db.doc(`users/${ORGANIZER}`), { displayName: '主催 太郎', photoURL: '' });
  void writer.set(db.doc(`users/${READER}`), { displayName: '参加 花子', photoURL: '' });
  void writer.set(db.doc(`events/${eventId}`), {
    title: '週末フットサル',
    organizerId: ORGANIZER,
    participants: [READER],
    waitlist: [],
    status: 'open',
  });
  const start = Date.now() - posts * 60_000;
  for (let i = 0; i < posts; i++) {
    void writer.set(db.doc(`eventBoards/${eventId}/posts/p${String(i).padStart(5, '0')}`), {
      authorId: ORGANIZER,
      authorName: '主催 太郎',
      authorPhotoURL: '',
      content: `投稿 ${i}`,
      createdAt: Timestamp.fromMillis(start + i * 60_000),
      editedAt: null,
      announce: '',
    });
  }
  void writer.set(db.doc(`eventBoards/${eventId}`), {
    lastPostAt: Timestamp.fromMillis(start + (posts - 1) * 60_000),
    lastPostId: `p${String(posts - 1).padStart(5, '0')}`,
    lastAuthorId: ORGANIZER,
    pinnedPostId: '',
  });
  await writer.close();
  await deleteAdminApp(admin);
}

/** The boards use case as READER, on the emulator under the rules, with its reads counted. */
function readerBoards(name: string) {
  const [host, port] = process.env.FIRESTORE_EMULATOR_HOST!.split(':');
  const app = initializeApp({ projectId: PROJECT }, `bench-reader-${name}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, host!, Number(port), {
    mockUserToken: { user_id: READER, email_verified: true },
  });
  const c = counted(firestoreStorage(db));
  const boards = boardsUseCases(
    {
      storage: c.storage,
      session: async () => ({ uid: READER, emailVerified: true }),
      now: () => new Date(),
    },
    {} as ApiPort,
  );
  return { app, boards, reads: c.reads };
}

/** The reader opens the board: its newest page, its state and the unread mark of the header. */
async function openBoard(eventId: string): Promise<{ reads: number; shown: number; ms: number }> {
  const { app, boards, reads } = readerBoards(eventId);
  const ref = { kind: 'event', id: eventId } as const;
  const started = performance.now();
  const once = <T>(subscribe: (next: (v: T) => void, fail: (e: unknown) => void) => () => void) =>
    new Promise<T>((resolve, reject) => {
      const stop = subscribe((v) => {
        queueMicrotask(() => stop());
        resolve(v);
      }, reject);
    });
  const [page] = await Promise.all([
    once<BoardPage>((next, fail) => boards.subscribe(ref, next, fail)),
    once<BoardState>((next, fail) => boards.subscribeState(ref, next, fail)),
    boards.unread([ref]),
  ]);
  const ms = performance.now() - started;
  await deleteApp(app);
  return { reads: reads(), shown: page.posts.length, ms };
}

/** READER in 8 upcoming events (`big` one of them) and 4 teams, each board with news for them. */
async function seedReaderBoards(run: string, big: string): Promise<void> {
  const admin = initializeAdminApp({ projectId: PROJECT }, `bench-seed-header-${run}`);
  const db = getAdminFirestore(admin);
  const writer = db.bulkWriter();
  const summary = {
    lastPostAt: Timestamp.now(),
    lastPostId: 'p0',
    lastAuthorId: ORGANIZER,
    pinnedPostId: '',
  };
  for (let i = 0; i < 8; i++) {
    const id = i === 0 ? big : `${run}-event-${i}`;
    void writer.set(
      db.doc(`events/${id}`),
      {
        title: `週末フットサル ${i}`,
        organizerId: ORGANIZER,
        participants: [READER],
        waitlist: [],
        status: 'open',
        date: Timestamp.fromMillis(Date.now() + (i + 1) * 24 * 60 * 60_000),
        startTime: '10:00',
      },
      { merge: true },
    );
    if (i > 0) void writer.set(db.doc(`eventBoards/${id}`), summary);
  }
  for (let i = 0; i < 4; i++) {
    void writer.set(db.doc(`teams/${run}-team-${i}`), {
      name: `チーム ${i}`,
      ownerId: ORGANIZER,
      members: [ORGANIZER, READER],
      createdAt: Timestamp.fromMillis(Date.now() - i * 60_000),
    });
    void writer.set(db.doc(`teamBoards/${run}-team-${i}`), summary);
  }
  await writer.close();
  await deleteAdminApp(admin);
}

it.skipIf(!process.env.FIRESTORE_EMULATOR_HOST)(
  `board: open a board of ${POSTS} posts with its unread mark`,
  async () => {
    const big = `bench-board-${POSTS}-${Date.now()}`;
    const small = `bench-board-50-${Date.now()}`;
    await seedBoard(big, POSTS);
    await seedBoard(small, 50);
    const a = await openBoard(big);
    const b = await openBoard(small);
    console.info(
      [
        '',
        'Opening an event board on the emulators (a participant: newest page, state, unread mark)',
        `  ${POSTS} posts: ${a.reads} documents read, ${a.shown} posts shown, ${a.ms.toFixed(0)} ms`,
        `  50 posts:   ${b.reads} documents read, ${b.shown} posts shown, ${b.ms.toFixed(0)} ms`,
        '',
      ].join('\n'),
    );

    // The header's mark, for a reader of 8 upcoming events (the big board among them) and 4 teams.
    await seedReaderBoards(`bench-header-${Date.now()}`, big);
    const header = readerBoards('header');
    const started = performance.now();
    const unread = await header.boards.myUnread();
    const ms = performance.now() - started;
    await deleteApp(header.app);
    console.info(
      [
        "The header's 「掲示板に新着」 (boards.myUnread; 8 upcoming events, 4 teams, all with news)",
        `  ${header.reads()} documents read, ${unread.length} boards with new posts, ${ms.toFixed(0)} ms`,
        '',
      ].join('\n'),
    );
  },
  900_000,
);
