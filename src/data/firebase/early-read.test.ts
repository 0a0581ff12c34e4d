import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiPort } from '@/data/ports/api';
import { eventUseCases } from '@/data/use-cases/events';
import { teamUseCases } from '@/data/use-cases/teams';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { documentRequest, startEarlyRead, takeEarlyRead } from './early-read';
import { firestoreRestStorage } from './firestore-rest';

const TARGET = { origin: 'http://127.0.0.1:8080', projectId: 'demo', apiKey: 'k' };
const ROOT = 'projects/demo/databases/(default)/documents';
const BATCH_GET = `http://127.0.0.1:8080/v1/${ROOT}:batchGet?key=k`;
const found = (id: string, title: string) => [
  { found: { name: `${ROOT}/events/${id}`, fields: { title: { stringValue: title } } } },
];

/** The page's own fetch, as the entry calls it: records each request's document and answers `answer`. */
function pageFetch(answer: () => Promise<Response>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      expect(String(input)).toBe(BATCH_GET);
      expect(init).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'text/plain' } });
      const { documents } = JSON.parse(init!.body as string) as { documents: string[] };
      asked.push(...documents.map((name) => name.slice(ROOT.length + 1)));
      return answer();
    }),
  );
  return asked;
}

/** The page's address: a path and no query string unless given. */
const at = (pathname: string, search = '') => ({ pathname, search });

const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the early first read of a document page', () => {
  it('asks for the event of an event page at once, and the REST reader takes that answer', async () => {
    const asked = pageFetch(() => json(found('e 1', '早い読み込み')));
    startEarlyRead(TARGET, '/events/:id', at('/events/e%201'));
    expect(asked).toEqual(['events/e 1']);

    const readerFetch = vi.fn(() => json(found('e 1', '二度目')));
    const storage = firestoreRestStorage(TARGET, readerFetch as typeof fetch);
    expect((await storage.get('events/e 1'))?.data).toEqual({ title: '早い読み込み' });
    expect(readerFetch).not.toHaveBeenCalled();
    // Taken once: a later read asks again.
    expect((await storage.get('events/e 1'))?.data).toEqual({ title: '二度目' });
    expect(readerFetch).toHaveBeenCalledTimes(1);
  });

  it('asks for the team or the profile of those pages, and for nothing on any other', () => {
    const asked = pageFetch(() => json([]));
    startEarlyRead(TARGET, '/teams/:id', at('/teams/t1'));
    startEarlyRead(TARGET, '/profile/:id', at('/profile/u1'));
    startEarlyRead(TARGET, undefined, at('/teams/create'));
    startEarlyRead(TARGET, '/events/:id', at('/events/e1/edit'));
    startEarlyRead(TARGET, '/events/:id', at('/teams/t1'));
    startEarlyRead(TARGET, '/events/:id', at('/events/%E0%A4%A'));
    startEarlyRead(TARGET, '/events/:id', at('/events/a%2Fb'));
    expect(asked).toEqual(['teams/t1', 'users/u1']);
    expect(takeEarlyRead(documentRequest(TARGET, 'teams/t1'))).toBeDefined();
    expect(takeEarlyRead(documentRequest(TARGET, 'users/u1'))).toBeDefined();
    expect(takeEarlyRead(documentRequest(TARGET, 'users/u1'))).toBeUndefined();
  });

  it('asks nothing when someone may be signed in on this device', () => {
    const asked = pageFetch(() => json([]));
    localStorage.setItem(STORAGE_KEYS.sessionUid, 'u1');
    startEarlyRead(TARGET, '/events/:id', at('/events/e1'));
    localStorage.clear();
    localStorage.setItem('firebase:authUser:k:[DEFAULT]', '{}');
    startEarlyRead(TARGET, '/events/:id', at('/events/e1'));
    expect(asked).toEqual([]);
  });

  it('asks again when the early request failed, and reports nothing about it', async () => {
    pageFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    startEarlyRead(TARGET, '/events/:id', at('/events/e2'));

    const readerFetch = vi.fn(() => json(found('e2', '再取得')));
    const storage = firestoreRestStorage(TARGET, readerFetch as typeof fetch);
    expect((await storage.get('events/e2'))?.data).toEqual({ title: '再取得' });
    expect(readerFetch).toHaveBeenCalledTimes(1);
  });

  it('gives a missing page document as null from the early answer', async () => {
    pageFetch(() => json([{ missing: `${ROOT}/teams/gone`, readTime: '2026-11-26T00:00:00Z' }]));
    startEarlyRead(TARGET, '/teams/:id', at('/teams/gone'));

    const readerFetch = vi.fn(() => json([]));
    const storage = firestoreRestStorage(TARGET, readerFetch as typeof fetch);
    expect(await storage.get('teams/gone')).toBeNull();
    expect(readerFetch).not.toHaveBeenCalled();
  });
});

describe('the early first page of a list', () => {
  const RUN_QUERY = `http://127.0.0.1:8080/v1/${ROOT}:runQuery?key=k`;
  const inList = (collection: string, id: string, title: string) => ({
    document: {
      name: `${ROOT}/${collection}/${id}`,
      fields: { title: { stringValue: title }, name: { stringValue: title } },
    },
  });

  /** The page's own fetch: records the collection each runQuery asks for and answers `answer`. */
  function listFetch(answer: (collection: string) => unknown) {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        expect(String(input)).toBe(RUN_QUERY);
        const { structuredQuery } = JSON.parse(init!.body as string) as {
          structuredQuery: { from: { collectionId: string }[] };
        };
        const collection = structuredQuery.from[0]!.collectionId;
        asked.push(collection);
        return new Response(JSON.stringify(answer(collection)));
      }),
    );
    return asked;
  }

  it("asks for the first page of the events and the teams at once, and the lists' use cases take those answers", async () => {
    const asked = listFetch((collection) => [inList(collection, 'x1', '早い一覧')]);
    startEarlyRead(TARGET, '/events', at('/events'));
    startEarlyRead(TARGET, '/teams', at('/teams'));
    expect(asked).toEqual(['events', 'teams']);

    // The use cases as the lists call them with no filter (src/features/*/pages): the same query.
    const readerFetch = vi.fn(() => json([]));
    const ctx = {
      storage: firestoreRestStorage(TARGET, readerFetch as typeof fetch),
      session: () => Promise.resolve(null),
      now: () => new Date(),
    };
    const events = await eventUseCases(ctx, {} as ApiPort).list({});
    const teams = await teamUseCases(ctx).list({});
    expect(events.items.map((e) => e.title)).toEqual(['早い一覧']);
    expect(teams.items.map((t) => t.name)).toEqual(['早い一覧']);
    expect(readerFetch).not.toHaveBeenCalled();
    // Taken once: the next ask goes out.
    await teamUseCases(ctx).list({});
    expect(readerFetch).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for a list with a query string (filters), or for an address under it', () => {
    const asked = listFetch(() => []);
    startEarlyRead(TARGET, '/events', at('/events', '?sport=%E3%83%86%E3%83%8B%E3%82%B9'));
    startEarlyRead(TARGET, '/teams', at('/teams', '?recruiting=1'));
    startEarlyRead(TARGET, '/events', at('/events/'));
    startEarlyRead(TARGET, '/teams', at('/events'));
    expect(asked).toEqual([]);
  });

  it('asks nothing when someone may be signed in on this device', () => {
    const asked = listFetch(() => []);
    localStorage.setItem(STORAGE_KEYS.sessionUid, 'u1');
    startEarlyRead(TARGET, '/events', at('/events'));
    expect(asked).toEqual([]);
  });
});
