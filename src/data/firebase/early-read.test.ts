import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { startEarlyRead, takeEarlyRead } from './early-read';
import { firestoreRestStorage } from './firestore-rest';

const TARGET = { origin: 'http://127.0.0.1:8080', projectId: 'demo', apiKey: 'k' };
const url = (rest: string) =>
  `http://127.0.0.1:8080/v1/projects/demo/databases/(default)/documents${rest}?key=k`;
const eventDoc = (id: string, title: string) => ({
  name: `projects/demo/databases/(default)/documents/events/${id}`,
  fields: { title: { stringValue: title } },
});

/** The page's own fetch, as the entry calls it: records each address and answers `answer`. */
function pageFetch(answer: () => Promise<Response>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      asked.push(String(input));
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
    const asked = pageFetch(() => json(eventDoc('e 1', '早い読み込み')));
    startEarlyRead(TARGET, '/events/:id', '/events/e%201');
    expect(asked).toEqual([url('/events/e%201')]);

    const readerFetch = vi.fn(() => json(eventDoc('e 1', '二度目')));
    const storage = firestoreRestStorage(TARGET, readerFetch as typeof fetch);
    expect((await storage.get('events/e 1'))?.data).toEqual({ title: '早い読み込み' });
    expect(readerFetch).not.toHaveBeenCalled();
    // Taken once: a later read asks again.
    expect((await storage.get('events/e 1'))?.data).toEqual({ title: '二度目' });
    expect(readerFetch).toHaveBeenCalledTimes(1);
  });

  it('asks for the team or the profile of those pages, and for nothing on any other', () => {
    const asked = pageFetch(() => json({}));
    startEarlyRead(TARGET, '/teams/:id', '/teams/t1');
    startEarlyRead(TARGET, '/profile/:id', '/profile/u1');
    startEarlyRead(TARGET, undefined, '/teams/create');
    startEarlyRead(TARGET, '/events', '/events');
    startEarlyRead(TARGET, '/events/:id', '/events/e1/edit');
    startEarlyRead(TARGET, '/events/:id', '/teams/t1');
    startEarlyRead(TARGET, '/events/:id', '/events/%E0%A4%A');
    expect(asked).toEqual([url('/teams/t1'), url('/users/u1')]);
    takeEarlyRead(url('/teams/t1'));
    takeEarlyRead(url('/users/u1'));
  });

  it('asks nothing when someone may be signed in on this device', () => {
    const asked = pageFetch(() => json({}));
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

    const readerFetch = vi.fn(() => json(eventDoc('e2', '再取得')));
    const storage = firestoreRestStorage(TARGET, readerFetch as typeof fetch);
    expect((await storage.get('events/e2'))?.data).toEqual({ title: '再取得' });
    expect(readerFetch).toHaveBeenCalledTimes(1);
  });
});
