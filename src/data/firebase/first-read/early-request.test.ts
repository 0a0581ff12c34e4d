import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventUseCases } from '@/data/use-cases/events';
import { teamUseCases } from '@/data/use-cases/teams';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { documentRequest, firstPictureURL, startEarlyRead, takeEarlyRead } from './early-request';
import { firestoreRestStorage } from './rest-storage';

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
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

/** The pictures the page has asked for ahead (preload links), with their priority. */
const preloadedPictures = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
    (link) => `${link.getAttribute('href')} ${link.getAttribute('fetchpriority')}`,
  );

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
    const events = await eventUseCases(ctx).list({});
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

describe("the first data's picture, asked for with the early read", () => {
  const withImage = (entry: 'found' | 'document', collection: string, imageURL: string) => ({
    [entry]: {
      name: `${ROOT}/${collection}/x`,
      fields: { title: { stringValue: 't' }, imageURL: { stringValue: imageURL } },
    },
  });

  it("asks for an event's or a team's picture once the answer names it, and the reader still takes the whole answer", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init?: RequestInit) => {
        const { documents } = JSON.parse(init!.body as string) as { documents: string[] };
        return documents[0]!.includes('/teams/')
          ? Response.json([withImage('found', 'teams', '/demo/t.webp')])
          : Response.json([withImage('found', 'events', 'https://s/e.jpg')]);
      }),
    );
    startEarlyRead(TARGET, '/events/:id', at('/events/x'));
    startEarlyRead(TARGET, '/teams/:id', at('/teams/x'));
    await vi.waitFor(() => expect(preloadedPictures()).toHaveLength(2));
    expect(preloadedPictures().sort()).toEqual(['/demo/t.webp high', 'https://s/e.jpg high']);

    const storage = firestoreRestStorage(TARGET, vi.fn() as typeof fetch);
    expect((await storage.get('events/x'))?.data).toEqual({
      title: 't',
      imageURL: 'https://s/e.jpg',
    });
  });

  it("asks for a list's first card's picture only", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json([
          withImage('document', 'events', '/demo/first.webp'),
          withImage('document', 'events', '/demo/second.webp'),
        ]),
      ),
    );
    startEarlyRead(TARGET, '/events', at('/events'));
    await vi.waitFor(() => expect(preloadedPictures()).toEqual(['/demo/first.webp high']));
  });

  it('takes a picture on this site or an https one, of the first document found', () => {
    const first = (...entries: unknown[]) => firstPictureURL(entries);
    expect(first(withImage('found', 'events', '/demo/a.webp'))).toBe('/demo/a.webp');
    expect(first({ readTime: 'r' }, withImage('document', 'teams', 'https://s/t.jpg'))).toBe(
      'https://s/t.jpg',
    );
    for (const url of [
      '',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '//x.example/a.png',
      'http://x.example/a.png',
    ])
      expect(first(withImage('found', 'events', url)), url).toBeNull();
    expect(first({ missing: `${ROOT}/events/gone` })).toBeNull();
    expect(first({ found: { name: `${ROOT}/events/x`, fields: {} } })).toBeNull();
    expect(firstPictureURL({ error: { code: 403 } })).toBeNull();
  });

  it("reads no answer for a profile's page or a failed one", async () => {
    const clone = vi.spyOn(Response.prototype, 'clone');
    const answers = [new Response('{}', { status: 403 }), Response.json([])];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()!),
    );
    startEarlyRead(TARGET, '/events/:id', at('/events/refused'));
    startEarlyRead(TARGET, '/profile/:id', at('/profile/u1'));
    expect(answers).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve));
    expect(clone).not.toHaveBeenCalled();
    expect(preloadedPictures()).toEqual([]);
  });
});
