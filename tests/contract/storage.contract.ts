import { describe, expect, it } from 'vitest';
import { failureCode } from '@/domain/errors';
import { searchTokensOf } from '@/domain/event-search';
import {
  DOC_ID,
  fieldOp,
  MAX_WRITES_PER_COMMIT,
  type QueriedDoc,
  type Query,
  type Storage,
  type StoredDoc,
} from '@/data/storage/storage';
import { useHarness, waitForLive } from './support';

/** One store under test: emptied before each case, past any security rules. */
export interface StorageHarness {
  storage: Storage;
  dispose(): Promise<void>;
}

export type StorageHarnessFactory = () => Promise<StorageHarness>;

const ids = (docs: QueriedDoc[]) => docs.map((d) => d.id);

const day = (n: number) => new Date(Date.UTC(2030, 0, 1) + n * 86_400_000);

/**
 * The storage interface (src/data/storage/storage.ts): what the use cases rely on, the same on
 * the Dexie adapter and on Firestore. The queries here have the shapes of real ones, so they
 * find their index on both stores (db.ts, firestore.indexes.json).
 */
export function storageContract(make: StorageHarnessFactory): void {
  describe('storage', () => {
    const harness = useHarness(make);
    const s = () => harness().storage;

    async function rejection(p: Promise<unknown>): Promise<unknown> {
      try {
        await p;
      } catch (e) {
        return e;
      }
      throw new Error('expected a rejection');
    }

    describe('documents', () => {
      it('sets, reads, updates (nested fields too) and deletes a document; a missing one reads as null', async () => {
        expect(await s().get('events/missing')).toBeNull();
        await s().set('events/e1', { title: '朝のテニス', date: day(1), info: { a: 1, b: 2 } });
        expect(await s().get('events/e1')).toEqual({
          id: 'e1',
          path: 'events/e1',
          data: { title: '朝のテニス', date: day(1), info: { a: 1, b: 2 } },
        });
        await s().update('events/e1', { title: '夜のテニス', 'info.b': 3 });
        expect((await s().get('events/e1'))!.data).toEqual({
          title: '夜のテニス',
          date: day(1),
          info: { a: 1, b: 3 },
        });
        // set replaces the whole document.
        await s().set('events/e1', { title: '置き換え' });
        expect((await s().get('events/e1'))!.data).toEqual({ title: '置き換え' });
        await s().delete('events/e1');
        expect(await s().get('events/e1')).toBeNull();
      });

      it("refuses to update a missing document with 'not-found'", async () => {
        expect(failureCode(await rejection(s().update('events/none', { title: 'x' })))).toBe(
          'not-found',
        );
        expect(await s().get('events/none')).toBeNull();
      });

      it('keeps documents below another document apart per parent', async () => {
        await s().set('teams/t1/joinRequests/r1', { userId: 'u1', status: 'pending' });
        await s().set('teams/t2/joinRequests/r2', { userId: 'u2', status: 'pending' });
        expect(await s().get('teams/t1/joinRequests/r1')).toEqual({
          id: 'r1',
          path: 'teams/t1/joinRequests/r1',
          data: { userId: 'u1', status: 'pending' },
        });
        expect(await s().get('teams/t2/joinRequests/r1')).toBeNull();
        const pending = await s().query({
          collection: 'teams/t1/joinRequests',
          where: [{ field: 'status', op: '==', value: 'pending' }],
        });
        expect(pending.map((d) => d.path)).toEqual(['teams/t1/joinRequests/r1']);
      });
    });

    describe('field operations', () => {
      it('writes the server time, increments, and adds or removes array elements by value', async () => {
        const before = Date.now();
        await s().set('events/e1', {
          at: fieldOp.serverTime(),
          count: fieldOp.increment(2),
          participants: ['a'],
        });
        const first = (await s().get('events/e1'))!.data;
        expect(first.at).toBeInstanceOf(Date);
        expect(Math.abs((first.at as Date).getTime() - before)).toBeLessThan(60_000);
        expect(first.count).toBe(2);

        await s().update('events/e1', {
          count: fieldOp.increment(-1),
          participants: fieldOp.arrayUnion('b', 'a', 'c'),
        });
        expect((await s().get('events/e1'))!.data).toMatchObject({
          count: 1,
          participants: ['a', 'b', 'c'],
        });
        await s().update('events/e1', { participants: fieldOp.arrayRemove('a', 'zz') });
        expect((await s().get('events/e1'))!.data.participants).toEqual(['b', 'c']);
        await s().update('events/e1', { count: fieldOp.deleteField(), 'meta.gone': 1 });
        await s().update('events/e1', { 'meta.gone': fieldOp.deleteField() });
        const last = (await s().get('events/e1'))!.data;
        expect('count' in last).toBe(false);
        expect(last.meta).toEqual({});
      });

      it('walks an array-contains query in the order of a [value, order, id] index from a cursor', async () => {
        const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000);
        for (const [id, n, members] of [
          ['t1', 1, ['u', 'v']],
          ['t2', 3, ['u']],
          ['t3', 2, ['v']],
          ['t4', 2, ['u']],
        ] as const) {
          await s().set(`teams/${id}`, { members: [...members], createdAt: at(n) });
        }
        const q = {
          collection: 'teams',
          where: [{ field: 'members', op: 'array-contains' as const, value: 'u' }],
          orderBy: [
            { field: 'createdAt', direction: 'desc' as const },
            { field: DOC_ID, direction: 'desc' as const },
          ],
          limit: 2,
        };
        const first = await s().query(q);
        expect(first.map((d) => d.id)).toEqual(['t2', 't4']);
        const rest = await s().query({ ...q, after: first.at(-1)!.cursor });
        expect(rest.map((d) => d.id)).toEqual(['t1']);
      });

      it('filters by a boolean field with the equality filters that have an index', async () => {
        for (const [id, sportType, recruiting] of [
          ['t1', 'テニス', true],
          ['t2', 'テニス', false],
          ['t3', 'フットサル', true],
        ] as const) {
          await s().set(`teams/${id}`, { sportType, recruiting, createdAt: new Date() });
        }
        const found = await s().query({
          collection: 'teams',
          where: [
            { field: 'sportType', op: '==', value: 'テニス' },
            { field: 'recruiting', op: '==', value: true },
          ],
          orderBy: [{ field: 'createdAt', direction: 'desc' }],
          limit: 1,
        });
        expect(found.map((d) => d.id)).toEqual(['t1']);
      });
    });

    describe('transactions and batches', () => {
      it('reads, then writes everything at once, and resolves with the result', async () => {
        await s().set('events/e1', { capacity: 2, participants: [] });
        const result = await s().transaction(async (tx) => {
          const event = await tx.get('events/e1');
          const missing = await tx.get('events/none');
          tx.update('events/e1', { participants: fieldOp.arrayUnion('u1') });
          tx.set('notifications/n1', { userId: 'u1', read: false });
          return { capacity: event!.data.capacity, missing };
        });
        expect(result).toEqual({ capacity: 2, missing: null });
        expect((await s().get('events/e1'))!.data.participants).toEqual(['u1']);
        expect((await s().get('notifications/n1'))!.data).toEqual({ userId: 'u1', read: false });
      });

      it('merges fields into a document, creating it when missing, with no read first', async () => {
        await s().batch((w) => w.merge('events/m1', { count: fieldOp.increment(1), last: 'a' }));
        expect((await s().get('events/m1'))!.data).toEqual({ count: 1, last: 'a' });
        await s().transaction(async (tx) => {
          tx.merge('events/m1', { count: fieldOp.increment(-1), last: 'b' });
        });
        expect((await s().get('events/m1'))!.data).toEqual({ count: 0, last: 'b' });
      });

      it('writes nothing when the function throws, and refuses a read after a write', async () => {
        await s().set('events/e1', { title: 'a' });
        await expect(
          s().transaction(async (tx) => {
            tx.update('events/e1', { title: 'b' });
            throw new Error('人数オーバー');
          }),
        ).rejects.toThrow('人数オーバー');
        await expect(
          s().transaction(async (tx) => {
            tx.update('events/e1', { title: 'c' });
            await tx.get('events/e1');
          }),
        ).rejects.toThrow(/read.*before.*write|reads before it writes/i);
        expect((await s().get('events/e1'))!.data.title).toBe('a');
      });

      it('fails a whole transaction when one write fails', async () => {
        await s().set('events/e1', { title: 'a' });
        const e = await rejection(
          s().transaction(async (tx) => {
            tx.update('events/e1', { title: 'b' });
            tx.update('events/none', { title: 'b' });
          }),
        );
        expect(failureCode(e)).toBe('not-found');
        expect((await s().get('events/e1'))!.data.title).toBe('a');
      });

      it('commits a batch atomically, and refuses one beyond the commit limit', async () => {
        await s().batch((w) => {
          w.set('events/e1', { title: 'a' });
          w.set('events/e2', { title: 'b' });
          w.delete('events/e3');
        });
        expect((await s().get('events/e2'))!.data.title).toBe('b');
        await expect(
          s().batch((w) => {
            for (let i = 0; i <= MAX_WRITES_PER_COMMIT; i++) w.set(`events/many${i}`, { i });
          }),
        ).rejects.toThrow(`the limit is ${MAX_WRITES_PER_COMMIT}`);
        expect(await s().get('events/many0')).toBeNull();
      });
    });

    describe('queries', () => {
      /** 7 requests of event e1 (4 pending, 3 decided), one of another event; two share a time. */
      async function requests() {
        const rows = [
          ['p1', 'pending', 3, 3],
          ['p2', 'pending', 1, 1],
          ['p3', 'pending', 2, 2],
          ['p4', 'pending', 2, 2],
          ['d1', 'approved', 0, 9],
          ['d2', 'rejected', 1, 7],
          ['d3', 'approved', 2, 8],
        ] as const;
        await s().batch((w) => {
          for (const [id, status, created, updated] of rows) {
            w.set(`participationRequests/${id}`, {
              eventId: 'e1',
              userId: `u-${id}`,
              status,
              createdAt: day(created),
              updatedAt: day(updated),
            });
          }
          w.set('participationRequests/other', {
            eventId: 'e2',
            userId: 'u-p1',
            status: 'pending',
            createdAt: day(0),
            updatedAt: day(0),
          });
        });
      }

      /** Every page of `q` (size `size`), following the cursors. */
      async function pages(q: Query, size: number): Promise<string[][]> {
        const out: string[][] = [];
        let after: string | null = null;
        for (;;) {
          const page: QueriedDoc[] = await s().query({ ...q, limit: size, after });
          if (page.length > 0) out.push(ids(page));
          if (page.length < size || out.length > 10) return out;
          after = page.at(-1)!.cursor;
        }
      }

      it('filters by equality and in, orders with the id breaking ties, and pages by cursor', async () => {
        await requests();
        const pending: Query = {
          collection: 'participationRequests',
          where: [
            { field: 'eventId', op: '==', value: 'e1' },
            { field: 'status', op: 'in', value: ['pending'] },
          ],
          orderBy: [{ field: 'createdAt' }, { field: DOC_ID }],
        };
        expect(await pages(pending, 3)).toEqual([['p2', 'p3', 'p4'], ['p1']]);
        const decided: Query = {
          collection: 'participationRequests',
          where: [
            { field: 'eventId', op: '==', value: 'e1' },
            { field: 'status', op: 'in', value: ['approved', 'rejected'] },
          ],
          orderBy: [
            { field: 'updatedAt', direction: 'desc' },
            { field: DOC_ID, direction: 'desc' },
          ],
        };
        expect(await pages(decided, 2)).toEqual([['d1', 'd3'], ['d2']]);
        // A cursor this adapter did not make starts from the beginning.
        expect(ids(await s().query({ ...decided, limit: 1, after: 'not-a-cursor' }))).toEqual([
          'd1',
        ]);
      });

      it('pages a filter its index only partly holds, over many passed-over rows, and counts it', async () => {
        // The event list with a sport and a region: the local store walks the sport's index and
        // checks the region on the rows it reads (in batches), Firestore serves it from one index.
        const regions = ['関東', '近畿', '九州'];
        const expected: string[] = [];
        await s().batch((w) => {
          for (let i = 0; i < 120; i++) {
            const id = `ev${String(i).padStart(3, '0')}`;
            const region = regions[i % 3]!;
            const sportType = i % 10 === 9 ? 'ヨガ' : 'テニス';
            w.set(`events/${id}`, {
              title: `会${i}`,
              sportType,
              region,
              level: '誰でも',
              date: day(i % 7),
              startTime: `${String(8 + (i % 5)).padStart(2, '0')}:00`,
            });
            if (region === '関東' && sportType === 'テニス') expected.push(id);
          }
        });
        const order = (id: string) => {
          const i = Number(id.slice(2));
          return [i % 7, 8 + (i % 5), id] as const;
        };
        expected.sort((a, b) => {
          const [x, y] = [order(a), order(b)];
          return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : 1);
        });
        const kanto: Query = {
          collection: 'events',
          where: [
            { field: 'sportType', op: '==', value: 'テニス' },
            { field: 'region', op: '==', value: '関東' },
            { field: 'date', op: '>=', value: day(0) },
          ],
          orderBy: [{ field: 'date' }, { field: 'startTime' }, { field: DOC_ID }],
        };
        const got = await pages(kanto, 15);
        expect(got.map((p) => p.length)).toEqual([15, 15, 6]);
        expect(got.flat()).toEqual(expected);
        expect(await s().count(kanto)).toBe(36);
        expect(await s().count({ ...kanto, limit: 10 })).toBe(10);
      });

      it('pages an array-contains in its order from a date on, with an equality checked too', async () => {
        // An event keyword page with a sport: the local store walks its [token, date, startTime,
        // id] entries and checks the sport on the rows it reads, Firestore serves it from one
        // composite index. Every other title holds 'フッ', one in three of those events is yoga.
        // (The local events table derives the tokens from the texts, as the use cases write them.)
        const expected: string[] = [];
        await s().batch((w) => {
          for (let i = 0; i < 60; i++) {
            const id = `kw${String(i).padStart(2, '0')}`;
            const texts = {
              title: i % 2 === 0 ? `夜フット${i}` : `朝ラン${i}`,
              sportType: i % 3 === 0 ? 'ヨガ' : 'テニス',
              location: '',
              organizerName: '',
              teamName: '',
              description: '',
            };
            w.set(`events/${id}`, {
              ...texts,
              searchTokens: searchTokensOf(texts),
              date: day((i % 9) - 2),
              startTime: `${String(8 + (i % 4)).padStart(2, '0')}:00`,
            });
            if (i % 2 === 0 && i % 3 !== 0 && i % 9 >= 2) expected.push(id);
          }
        });
        const at = (id: string) => {
          const i = Number(id.slice(2));
          return [i % 9, 8 + (i % 4), id] as const;
        };
        expected.sort((a, b) => {
          const [x, y] = [at(a), at(b)];
          return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : 1);
        });
        const tennis: Query = {
          collection: 'events',
          where: [
            { field: 'searchTokens', op: 'array-contains', value: 'フッ' },
            { field: 'sportType', op: '==', value: 'テニス' },
            { field: 'date', op: '>=', value: day(0) },
          ],
          orderBy: [{ field: 'date' }, { field: 'startTime' }, { field: DOC_ID }],
        };
        const got = await pages(tennis, 4);
        expect(expected.length).toBeGreaterThan(8);
        expect(got.flat()).toEqual(expected);
        expect(got.slice(0, -1).every((p) => p.length === 4)).toBe(true);
      });

      it('orders by a field alone, newest first', async () => {
        await requests();
        const docs = await s().query({
          collection: 'participationRequests',
          where: [
            { field: 'userId', op: '==', value: 'u-p1' },
            { field: 'status', op: '==', value: 'pending' },
          ],
          orderBy: [{ field: 'createdAt', direction: 'desc' }],
          limit: 5,
        });
        expect(ids(docs)).toEqual(['p1', 'other']);
        expect(docs[0]).toMatchObject({
          path: 'participationRequests/p1',
          data: { eventId: 'e1', status: 'pending', createdAt: day(3) },
        });
      });

      it('filters a range of one field, in its order', async () => {
        await s().batch((w) => {
          for (const n of [5, 1, 3, 4, 2]) w.set(`events/e${n}`, { date: day(n) });
        });
        const range = await s().query({
          collection: 'events',
          where: [
            { field: 'date', op: '>', value: day(1) },
            { field: 'date', op: '<=', value: day(4) },
          ],
          orderBy: [{ field: 'date' }],
        });
        expect(ids(range)).toEqual(['e2', 'e3', 'e4']);
        const from = await s().query({
          collection: 'events',
          where: [{ field: 'date', op: '>=', value: day(4) }],
          orderBy: [{ field: 'date', direction: 'desc' }],
        });
        expect(ids(from)).toEqual(['e5', 'e4']);
      });

      it('finds the documents whose array contains a value', async () => {
        await s().batch((w) => {
          w.set('events/a', { participants: ['u1', 'u2'], date: day(1) });
          w.set('events/b', { participants: ['u2'], date: day(2) });
          w.set('events/c', { participants: [], date: day(3) });
        });
        const mine = await s().query({
          collection: 'events',
          where: [{ field: 'participants', op: 'array-contains', value: 'u2' }],
        });
        expect(ids(mine)).toEqual(['a', 'b']);
      });

      it("finds an array's holders in an order and a range, bounded, also after an update", async () => {
        await s().batch((w) => {
          for (const [id, pair, n] of [
            ['a_b', ['a', 'b'], 1],
            ['b_c', ['b', 'c'], 3],
            ['a_c', ['a', 'c'], 4],
            ['b_d', ['b', 'd'], 0],
          ] as const) {
            w.set(`conversations/${id}`, { participants: pair, lastMessageTime: day(n) });
          }
        });
        const newest = (limit: number) =>
          s().query({
            collection: 'conversations',
            where: [
              { field: 'participants', op: 'array-contains', value: 'b' },
              { field: 'lastMessageTime', op: '>=', value: day(1) },
            ],
            orderBy: [{ field: 'lastMessageTime', direction: 'desc' }],
            limit,
          });
        expect(ids(await newest(5))).toEqual(['b_c', 'a_b']);
        expect(ids(await newest(1))).toEqual(['b_c']);
        await s().update('conversations/a_b', { lastMessageTime: day(5) });
        expect(ids(await newest(5))).toEqual(['a_b', 'b_c']);
        expect((await s().get('conversations/a_b'))!.data).toEqual({
          participants: ['a', 'b'],
          lastMessageTime: day(5),
        });
      });

      it('filters by a boolean before the limit, and counts so', async () => {
        await s().batch((w) => {
          for (const [id, user, read] of [
            ['n1', 'u1', true],
            ['n2', 'u1', false],
            ['n3', 'u1', true],
            ['n4', 'u1', false],
            ['n5', 'u2', false],
          ] as const) {
            w.set(`notifications/${id}`, { userId: user, read, timestamp: day(1) });
          }
        });
        const unread: Query = {
          collection: 'notifications',
          where: [
            { field: 'userId', op: '==', value: 'u1' },
            { field: 'read', op: '==', value: false },
          ],
        };
        expect(ids(await s().query({ ...unread, limit: 1 }))).toEqual(['n2']);
        expect(ids(await s().query(unread)).sort()).toEqual(['n2', 'n4']);
        expect(await s().count(unread)).toBe(2);
      });

      it('counts the matching documents', async () => {
        await requests();
        const count = (status: string) =>
          s().count({
            collection: 'participationRequests',
            where: [
              { field: 'eventId', op: '==', value: 'e1' },
              { field: 'status', op: '==', value: status },
            ],
          });
        expect(await count('pending')).toBe(4);
        expect(await count('approved')).toBe(2);
        expect(await count('cancelled')).toBe(0);
      });
    });

    it('gives fresh document ids shaped like Firestore automatic ids', () => {
      const fresh = Array.from({ length: 20 }, () => s().newId());
      expect(new Set(fresh).size).toBe(20);
      expect(fresh.every((id) => /^[A-Za-z0-9]{20}$/.test(id))).toBe(true);
    });

    describe('listeners', () => {
      it('delivers a document now and after each change, null once deleted', async () => {
        await s().set('events/e1', { title: 'a' });
        const seen = (accept: (d: StoredDoc | null) => boolean) =>
          waitForLive<StoredDoc | null>((next, fail) => s().onDoc('events/e1', next, fail), accept);
        expect((await seen((d) => d !== null))!.data.title).toBe('a');
        const changed = seen((d) => d?.data.title === 'b');
        await s().update('events/e1', { title: 'b' });
        expect((await changed)!.data.title).toBe('b');
        const gone = seen((d) => d === null);
        await s().delete('events/e1');
        expect(await gone).toBeNull();
      });

      it("delivers a query's answer now and after each change", async () => {
        const q: Query = {
          collection: 'participationRequests',
          where: [
            { field: 'eventId', op: '==', value: 'e9' },
            { field: 'status', op: '==', value: 'pending' },
          ],
          orderBy: [{ field: 'createdAt' }, { field: DOC_ID }],
          limit: 10,
        };
        const answer = (accept: (docs: QueriedDoc[]) => boolean) =>
          waitForLive<QueriedDoc[]>((next, fail) => s().onQuery(q, next, fail), accept);
        expect(await answer(() => true)).toEqual([]);
        const one = answer((docs) => docs.length === 1);
        await s().set('participationRequests/x', {
          eventId: 'e9',
          userId: 'u',
          status: 'pending',
          createdAt: day(1),
        });
        expect(ids(await one)).toEqual(['x']);
      });
    });
  });
}
