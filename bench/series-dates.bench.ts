// @vitest-environment node
/**
 * A benchmark, not a test (it prints figures and asserts nothing): on the Firestore and Auth
 * emulators,
 * 1. the documents read and written by one run of the scheduled date generator
 *    (mail/handlers/series-dates.ts runSeriesDates, with the Admin SDK stores of
 *    functions/src/series-stores.ts, as generateSeriesDatesScheduled runs it) over
 *    BENCH_SERIES (default 200) series of 毎週 or 隔週: the first run, a rerun with nothing due,
 *    the same first run with two regulars on every series, a rerun with nothing to place (the
 *    retry of placements on the dates already made), and a run a week later;
 * 2. the event list's reads (documents its queries return, as Firestore bills them) with those
 *    series' dates among BENCH_EVENTS (default 5,000) events: the first page, a keyword page,
 *    and the cards left once each series shows once (oneDatePerSeries).
 * The Admin SDK's reads and writes are counted by wrapping its Query and Transaction methods.
 * Run: bash bench/run-series-dates.sh.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import {
  DocumentReference,
  Query,
  Timestamp,
  Transaction,
  WriteBatch,
  getFirestore,
} from 'firebase-admin/firestore';
import { it, vi } from 'vitest';
import { createSeriesStores } from '@functions/series-stores';
import { runSeriesDates } from '@mail/handlers/series-dates';
import { EVENTS_PAGE_SIZE } from '@/domain/list-page-sizes';
import { searchTokensOf } from '@/domain/event-search';
import { oneDatePerSeries } from '@/domain/series-list';
import type { Logger } from '@mail/handlers/common';
import { FIREBASE_PROJECT_ID, createFirebaseHarness } from '../tests/contract/firebase-harness';

// The client SDK's reads are counted as the contract run counts them (tests/contract/indexes.ts).
vi.mock('firebase/firestore', async (importOriginal) => {
  const { recordingQueries } = await import('../tests/contract/indexes');
  return recordingQueries(await importOriginal<typeof import('firebase/firestore')>());
});

const SERIES = Number(process.env.BENCH_SERIES ?? 200);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const DAY_MS = 86_400_000;

/** Billed documents: each document a query returns (one for an empty answer), each get, each write. */
const billed = { reads: 0, writes: 0 };
function countAdminSdk() {
  const wrap = <T extends object>(
    proto: T,
    name: keyof T,
    count: (out: unknown, args: unknown[]) => void,
  ) => {
    const original = proto[name] as unknown as (...a: unknown[]) => unknown;
    (proto as Record<string, unknown>)[name as string] = function (
      this: unknown,
      ...args: unknown[]
    ) {
      const out = original.apply(this, args);
      if (out instanceof Promise) return out.then((v) => (count(v, args), v));
      count(out, args);
      return out;
    };
  };
  const readsOf = (v: unknown) => {
    const size = (v as { size?: number }).size;
    billed.reads += typeof size === 'number' ? Math.max(1, size) : 1;
  };
  wrap(Query.prototype, 'get', readsOf);
  wrap(DocumentReference.prototype, 'get', readsOf);
  wrap(Transaction.prototype, 'get', readsOf);
  wrap(Transaction.prototype, 'getAll', (v) => (billed.reads += (v as unknown[]).length));
  // A transaction's writes go through its WriteBatch: counted there once.
  for (const op of ['create', 'set', 'update', 'delete'] as const) {
    wrap(WriteBatch.prototype, op, () => billed.writes++);
  }
}

function firstDay(i: number): string {
  const d = new Date(Date.now() + 9 * 3_600_000 + (1 + (i % 28)) * DAY_MS);
  return d.toISOString().slice(0, 10);
}

it.skipIf(!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST)(
  `series dates: ${SERIES} series, the event list among ${EVENTS} events`,
  async () => {
    const h = await createFirebaseHarness();
    const organizer = await h.signUpAs('主催 太郎');
    const app = initializeApp({ projectId: FIREBASE_PROJECT_ID }, `bench-series-${Date.now()}`);
    const db = getFirestore(app);
    const seriesDoc = (i: number) => {
      const searched = {
        title: `定期 木曜フットサル ${i}`,
        sportType: 'フットサル',
        location: '世田谷区民体育館',
        organizerName: '主催 太郎',
        teamName: '',
        description: '',
      };
      return {
        ...searched,
        region: '関東',
        level: '誰でも',
        startTime: '19:00',
        endTime: '21:00',
        fee: 500,
        capacity: 10,
        entryMethod: 'firstCome',
        imageURL: '',
        imagePath: '',
        organizerId: organizer,
        organizerPhotoURL: '',
        searchTokens: searchTokensOf(searched),
        frequency: i % 3 === 0 ? 'biweekly' : 'weekly',
        weekdays: [new Date(`${firstDay(i)}T00:00:00Z`).getUTCDay()],
        monthlyMode: 'nthWeekday',
        nth: 1,
        monthDay: 1,
        firstDate: firstDay(i),
        end: 'none',
        until: '',
        count: 0,
        status: 'active',
        nextDate: '',
        createdAt: Timestamp.now(),
        updatedAt: Timestamp.now(),
      };
    };
    const seed = async (prefix: string, regulars: number) => {
      const writer = db.bulkWriter();
      for (let i = 0; i < SERIES; i++) {
        const id = `${prefix}${String(i).padStart(3, '0')}`;
        void writer.set(db.doc(`series/${id}`), seriesDoc(i));
        for (let r = 0; r < regulars; r++) {
          void writer.set(db.doc(`series/${id}/regulars/r${r}`), {
            userId: `r${r}`,
            userName: `レギュラー${r}`,
            status: 'accepted',
            skips: [],
            joinedAt: Timestamp.fromMillis(Date.now() + r),
          });
        }
      }
      await writer.close();
    };
    countAdminSdk();
    const stores = createSeriesStores(db);
    const measure = async (at: Date) => {
      billed.reads = 0;
      billed.writes = 0;
      const run = await runSeriesDates({ ...stores, now: () => at, log: quiet });
      return { run, ...billed };
    };
    const line = (name: string, m: Awaited<ReturnType<typeof measure>>) =>
      `  ${name.padEnd(44)} ${String(m.run.datesCreated).padStart(5)} dates, ${String(m.run.regularsPlaced).padStart(5)} places; read ${String(m.reads).padStart(5)}, written ${String(m.writes).padStart(5)}`;

    await seed('s', 0);
    const first = await measure(new Date());
    const rerun = await measure(new Date());
    const week = await measure(new Date(Date.now() + 7 * DAY_MS));
    await seed('r', 2);
    const withRegulars = await measure(new Date());
    // Nothing due and every regular placed: the retry of placements reads, and writes nothing.
    const nothingToPlace = await measure(new Date());

    // The event list: the series' dates and plain events up to EVENTS in all.
    const dates = first.run.datesCreated + withRegulars.run.datesCreated + week.run.datesCreated;
    const plain = Math.max(0, EVENTS - dates);
    const writer = db.bulkWriter();
    for (let i = 0; i < plain; i++) {
      const searched = {
        title: '朝ラン',
        sportType: 'ランニング',
        location: '',
        organizerName: '主催 太郎',
        teamName: '',
        description: '',
      };
      void writer.set(db.doc(`events/plain${String(i).padStart(4, '0')}`), {
        ...searched,
        region: '関東',
        level: '誰でも',
        teamId: '',
        organizerId: organizer,
        organizerPhotoURL: '',
        participants: [],
        status: 'open',
        date: Timestamp.fromMillis(Date.now() + (1 + (i % 56)) * DAY_MS),
        startTime: `${String(6 + (i % 12)).padStart(2, '0')}:00`,
        endTime: '20:00',
        fee: 0,
        capacity: 10,
        imageURL: '',
        imagePath: '',
        searchTokens: searchTokensOf(searched),
        createdAt: Timestamp.now(),
      });
    }
    await writer.close();
    const listed = async (keyword: string) => {
      const before = h.queriedDocuments?.() ?? 0;
      const page = await h.backend.events.list(keyword ? { keyword } : {}, null);
      const reads = (h.queriedDocuments?.() ?? 0) - before;
      return `${String(reads).padStart(3)} read, ${page.items.length} dates, ${oneDatePerSeries(page.items).length} cards with each series once`;
    };
    const firstPage = await listed('');
    const keywordPage = await listed('フットサル');

    console.info(
      [
        '',
        `Series dates on the emulators (Admin SDK; documents billed), ${SERIES} series of 毎週 or 隔週`,
        line('first run', first),
        line('rerun, nothing due', rerun),
        line('a week later', week),
        line(`first run, 2 regulars on each of ${SERIES} more`, withRegulars),
        line('rerun, nothing due nor to place', nothingToPlace),
        `The event list among ${plain + dates} events (${dates} of them series dates), page size ${EVENTS_PAGE_SIZE}, budget ${2 * EVENTS_PAGE_SIZE}`,
        `  first page                                   ${firstPage}`,
        `  keyword 「フットサル」 (every series date)    ${keywordPage}`,
        '',
      ].join('\n'),
    );
    await deleteApp(app);
    await h.dispose();
  },
  1_800_000,
);
