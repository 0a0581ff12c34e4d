import { afterEach, describe, expect, it, vi } from 'vitest';
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

const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the early first read of a document page', () => {
  it('asks for the event of an event page at once, and the REST reader takes that answer', async () => {
    const asked = pageFetch(() => json(found('e 1', '早い読み込み')));
    startEarlyRead(TARGET, '/events/:id', '/events/e%201');
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
    startEarlyRead(TARGET, '/teams/:id', '/teams/t1');
    startEarlyRead(TARGET, '/profile/:id', '/profile/u1');
    startEarlyRead(TARGET, undefined, '/teams/create');
    startEarlyRead(TARGET, '/events', '/events');
    startEarlyRead(TARGET, '/events/:id', '/events/e1/edit');
    startEarlyRead(TARGET, '/events/:id', '/teams/t1');
    startEarlyRead(TARGET, '/events/:id', '/events/%E0%A4%A');
    startEarlyRead(TARGET, '/events/:id', '/events/a%2Fb');
    expect(asked).toEqual(['teams/t1', 'users/u1']);
    expect(takeEarlyRead(documentRequest(TARGET, 'teams/t1'))).toBeDefined();
    expect(takeEarlyRead(documentRequest(TARGET, 'users/u1'))).toBeDefined();
    expect(takeEarlyRead(documentRequest(TARGET, 'users/u1'))).toBeUndefined();
  });

  it('asks nothing when someone may be signed in on this device', () => {
    const asked = pageFetch(() => json([]));
    localStorage.setItem(STORAGE_KEYS.sessionUid, 'u1');
    startEarlyRead(TARGET, '/events/:id', '/events/e1');
    localStorage.clear();
    localStorage.setItem('firebase:authUser:k:[DEFAULT]', '{}');
    startEarlyRead(TARGET, '/events/:id', '/events/e1');
    expect(asked).toEqual([]);
  });

  it('asks again when the early request failed, and reports nothing about it', async () => {
    pageFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    startEarlyRead(TARGET, '/events/:id', '/events/e2');

    const readerFetch = vi.fn(() => json(found('e2', '再取得')));
    const storage = firestoreRestStorage(TARGET, readerFetch as typeof fetch);
    expect((await storage.get('events/e2'))?.data).toEqual({ title: '再取得' });
    expect(readerFetch).toHaveBeenCalledTimes(1);
  });

  it('gives a missing page document as null from the early answer', async () => {
    pageFetch(() => json([{ missing: `${ROOT}/teams/gone`, readTime: '2026-11-26T00:00:00Z' }]));
    startEarlyRead(TARGET, '/teams/:id', '/teams/gone');

    const readerFetch = vi.fn(() => json([]));
    const storage = firestoreRestStorage(TARGET, readerFetch as typeof fetch);
    expect(await storage.get('teams/gone')).toBeNull();
    expect(readerFetch).not.toHaveBeenCalled();
  });
});
