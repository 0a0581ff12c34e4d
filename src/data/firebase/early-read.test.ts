import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import type { ApiPort } from '@/data/ports/api';
import type { UseCaseContext } from '@/data/use-cases/context';
import { eventUseCases } from '@/data/use-cases/events';
import { teamUseCases } from '@/data/use-cases/teams';
import type { FirebaseWebConfig } from './config';
import {
  documentRequest,
  fillFirstRead,
  startEarlyRead,
  takeEarlyRead,
  type FirstReadTemplate,
} from './early-read';
import { firstReadTemplate } from './first-read-template';
import { firestoreRestStorage } from './firestore-rest';

const TARGET = { origin: 'http://127.0.0.1:8080', projectId: 'demo', apiKey: 'k' };
const NOW = new Date(2026, 10, 27, 12, 0);
const at = (pathname: string, search = '') => ({ pathname, search });
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
    startEarlyRead(TARGET, { route: '/events/:id' }, at('/events/e%201'), NOW);
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
    startEarlyRead(TARGET, { route: '/teams/:id' }, at('/teams/t1'), NOW);
    startEarlyRead(TARGET, { route: '/profile/:id' }, at('/profile/u1'), NOW);
    startEarlyRead(TARGET, {}, at('/teams/create'), NOW);
    startEarlyRead(TARGET, { route: '/events' }, at('/events'), NOW);
    startEarlyRead(TARGET, { route: '/events/:id' }, at('/events/e1/edit'), NOW);
    startEarlyRead(TARGET, { route: '/events/:id' }, at('/teams/t1'), NOW);
    startEarlyRead(TARGET, { route: '/events/:id' }, at('/events/%E0%A4%A'), NOW);
    startEarlyRead(TARGET, { route: '/events/:id' }, at('/events/a%2Fb'), NOW);
    expect(asked).toEqual(['teams/t1', 'users/u1']);
    expect(takeEarlyRead(documentRequest(TARGET, 'teams/t1'))).toBeDefined();
    expect(takeEarlyRead(documentRequest(TARGET, 'users/u1'))).toBeDefined();
    expect(takeEarlyRead(documentRequest(TARGET, 'users/u1'))).toBeUndefined();
  });

  it('asks nothing when someone may be signed in on this device', () => {
    const asked = pageFetch(() => json([]));
    localStorage.setItem(STORAGE_KEYS.sessionUid, 'u1');
    startEarlyRead(TARGET, { route: '/events/:id' }, at('/events/e1'), NOW);
    localStorage.clear();
    localStorage.setItem('firebase:authUser:k:[DEFAULT]', '{}');
    startEarlyRead(TARGET, { route: '/events/:id' }, at('/events/e1'), NOW);
    expect(asked).toEqual([]);
  });

  it('asks again when the early request failed, and reports nothing about it', async () => {
    pageFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    startEarlyRead(TARGET, { route: '/events/:id' }, at('/events/e2'), NOW);

    const readerFetch = vi.fn(() => json(found('e2', '再取得')));
    const storage = firestoreRestStorage(TARGET, readerFetch as typeof fetch);
    expect((await storage.get('events/e2'))?.data).toEqual({ title: '再取得' });
    expect(readerFetch).toHaveBeenCalledTimes(1);
  });

  it('gives a missing page document as null from the early answer', async () => {
    pageFetch(() => json([{ missing: `${ROOT}/teams/gone`, readTime: '2026-11-26T00:00:00Z' }]));
    startEarlyRead(TARGET, { route: '/teams/:id' }, at('/teams/gone'), NOW);

    const readerFetch = vi.fn(() => json([]));
    const storage = firestoreRestStorage(TARGET, readerFetch as typeof fetch);
    expect(await storage.get('teams/gone')).toBeNull();
    expect(readerFetch).not.toHaveBeenCalled();
  });
});

const CONFIG: FirebaseWebConfig = {
  apiKey: 'k',
  authDomain: '',
  projectId: 'demo',
  storageBucket: '',
  appId: '',
  useEmulators: true,
  emulatorHosts: { firestore: '127.0.0.1:8080' },
};

/** The first request the use case sends on the REST reader, with nobody signed in, at `now`. */
async function firstRequestOf(read: (ctx: UseCaseContext) => Promise<unknown>, now: Date) {
  const sent: { url: string; body: string }[] = [];
  const fetchImpl = async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), body: String(init?.body) });
    return new Response('[]');
  };
  await read({
    storage: firestoreRestStorage(TARGET, fetchImpl as typeof fetch),
    session: () => Promise.resolve(null),
    now: () => now,
  });
  return sent[0];
}

describe('the first read of a list page', () => {
  const LISTS = [
    ['/events', (ctx: UseCaseContext) => eventUseCases(ctx, {} as ApiPort).list({})],
    ['/teams', (ctx: UseCaseContext) => teamUseCases(ctx).list({})],
  ] as const;

  it('is, on any day, the request the list’s use case sends first', async () => {
    // The build writes the template in its time zone; a visitor's browser fills it in theirs.
    try {
      for (const [path, read] of LISTS) {
        vi.stubEnv('TZ', 'UTC');
        const template = JSON.parse((await firstReadTemplate(CONFIG, path))!) as FirstReadTemplate;
        for (const tz of ['Asia/Tokyo', 'America/Los_Angeles']) {
          vi.stubEnv('TZ', tz);
          for (const now of [
            new Date(2026, 10, 27, 12, 0),
            new Date(2026, 11, 31, 23, 59, 59),
            new Date(2027, 2, 1, 0, 0),
          ]) {
            expect(fillFirstRead(template, now), `${path} at ${now.toString()}`).toEqual(
              await firstRequestOf(read, now),
            );
          }
        }
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('is sent for the list without filters, and not when its address has any', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
        asked.push(String(init?.body));
        return new Response('[]');
      }),
    );
    const firstRead = (await firstReadTemplate(CONFIG, '/events'))!;
    startEarlyRead(TARGET, { route: '/events', firstRead }, at('/events', '?sport=x'), NOW);
    startEarlyRead(TARGET, { route: '/events', firstRead }, at('/events/'), NOW);
    expect(asked).toEqual([]);
    startEarlyRead(TARGET, { route: '/events', firstRead }, at('/events'), NOW);
    const expected = fillFirstRead(JSON.parse(firstRead) as FirstReadTemplate, NOW);
    expect(asked).toEqual([expected.body]);
    expect(takeEarlyRead(expected)).toBeDefined();
  });

  it('has no template on the other pages', async () => {
    expect(await firstReadTemplate(CONFIG, '/login')).toBeNull();
    expect(await firstReadTemplate(CONFIG, '/events/:id')).toBeNull();
  });
});
