import Dexie from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATIONS_LIVE_LIMIT, EVENTS_PAGE_SIZE } from '@/domain/constants';
import type { Message, Conversation } from '@/domain/entities/conversation';
import { newUserDocument } from '@/domain/entities/user';
import { logger } from '@/lib/logger';
import type { LocalBackend } from './create-local-backend';
import { localBackendsPerTest } from '@/test/local-backends';
import type { EventRow } from './db';

const ORIGIN = 'https://demo.example';
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const addDays = (d: Date, days: number) =>
  new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
const backend = localBackendsPerTest('data', { origin: ORIGIN });

beforeEach(() => {
  // Users here often have no profile, so unread-message mails have no address; that warning is expected.
  vi.spyOn(logger, 'warn').mockImplementation(() => {});
});

function first<T>(
  subscribe: (next: (v: T) => void, fail: (e: unknown) => void) => () => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = subscribe((v) => {
      queueMicrotask(() => stop());
      resolve(v);
    }, reject);
  });
}

function eventRow(i: number, date: Date, extra: Partial<EventRow> = {}): EventRow {
  return {
    id: `bulk-${String(i).padStart(5, '0')}`,
    title: `イベント${i}`,
    sportType: i % 2 ? 'テニス' : 'ヨガ',
    location: '体育館',
    organizerId: 'someone',
    participants: [],
    status: 'open',
    date,
    startTime: `${String(8 + (i % 10)).padStart(2, '0')}:00`,
    ...extra,
  };
}

describe('local events', () => {
  // Writing thousands of rows into fake-indexeddb takes seconds on a busy machine: these cases
  // have a minute.
  it('serves the first page of 5,000 events by reading a page, not the table', async () => {
    const b = await backend();
    const today = startOfDay(new Date());
    await b.db.events.bulkAdd(
      Array.from({ length: 5000 }, (_, i) => eventRow(i, addDays(today, (i % 400) - 100))),
    );

    const toArray = vi.spyOn(b.db.Collection.prototype, 'toArray');
    const page = await b.events.list({});
    expect(page.items).toHaveLength(EVENTS_PAGE_SIZE);
    expect(page.items.every((e) => e.date >= today)).toBe(true);
    // One bounded batch filled the page (its speed in Chromium is npm run bench:events' to measure).
    expect(toArray).toHaveBeenCalledTimes(1);

    const second = await b.events.list({}, page.nextCursor);
    expect(second.items).toHaveLength(EVENTS_PAGE_SIZE);
    expect(second.items[0]!.id).not.toBe(page.items.at(-1)!.id);
  }, 60_000);

  it('walks the sport or region index for a narrow filter instead of scanning every event', async () => {
    const b = await backend();
    const today = startOfDay(new Date());
    // 3,000 upcoming events, one in a hundred is a 上級者 tennis event in 四国.
    await b.db.events.bulkAdd(
      Array.from({ length: 3000 }, (_, i) =>
        eventRow(i, addDays(today, i % 300), {
          sportType: i % 100 === 7 ? 'テニス' : 'ヨガ',
          region: i % 100 === 7 ? '四国' : '関東',
          level: i % 100 === 7 ? '上級者' : '初心者',
        }),
      ),
    );
    const toArray = vi.spyOn(b.db.Collection.prototype, 'toArray');

    const page = await b.events.list({ sportType: 'テニス', region: '四国', level: '上級者' });
    expect(page.items).toHaveLength(EVENTS_PAGE_SIZE);
    expect(page.items.every((e) => e.sportType === 'テニス' && e.region === '四国')).toBe(true);
    // 30 candidates in the sport index: two growing batches, not ~3,000 rows in 47 reads.
    expect(toArray.mock.calls.length).toBeLessThanOrEqual(2);
    const rest = await b.events.list({ sportType: 'テニス', region: '四国' }, page.nextCursor);
    expect(rest.items).toHaveLength(30 - EVENTS_PAGE_SIZE);
    expect(rest.nextCursor).toBeNull();

    toArray.mockClear();
    const byRegion = await b.events.list({ region: '四国', level: '上級者' });
    expect(byRegion.items.map((e) => e.id)).toEqual(page.items.map((e) => e.id));
    expect(toArray.mock.calls.length).toBeLessThanOrEqual(2);
  }, 60_000);

  it('upgrades a version 1 database in place, and its events and teams show up under the new indexes', async () => {
    const name = `data-${crypto.randomUUID()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({
      events: 'id, date, organizerId, *participants, status, [date+startTime+id]',
      teams: 'id, ownerId, [createdAt+id]',
    });
    await v1
      .table('events')
      .add(eventRow(1, addDays(startOfDay(new Date()), 3), { level: '中級者' }));
    await v1.table('teams').add({
      id: 'old-team',
      name: '古いチーム',
      sportType: 'テニス',
      ownerId: 'o',
      members: ['o'],
      createdAt: new Date(),
    });
    v1.close();

    const b = await backend({ dbName: name });
    expect(b.db.verno).toBe(25);
    expect(
      (await b.events.list({ sportType: 'テニス', level: '中級者' })).items.map((e) => e.id),
    ).toEqual(['bulk-00001']);
    // Its search tokens and their ordered entries were written by the upgrade.
    expect((await b.events.list({ keyword: 'いべんと' })).items.map((e) => e.id)).toEqual([
      'bulk-00001',
    ]);
    expect((await b.teams.list({ sportType: 'テニス' })).items.map((t) => t.id)).toEqual([
      'old-team',
    ]);
    expect((await b.teams.byMember('o')).map((t) => t.id)).toEqual(['old-team']);
  });

  it('parses stored documents with the domain schema: legacy participant objects, missing level and status', async () => {
    const b = await backend();
    const day = addDays(startOfDay(new Date()), 2);
    await b.db.events.add({
      id: 'legacy',
      title: '古い形式',
      organizerId: 'o',
      date: day,
      startTime: '10:00',
      participants: [{ id: 'u1', name: 'A' }, 'u2', 'u2'],
      status: undefined as unknown as string,
      fee: '1500',
    });
    const [event] = (await b.events.list({})).items;
    // A filter compares what is stored, as Firestore's query does: an event stored without a
    // level or a status is in the unfiltered list only.
    expect((await b.events.list({ level: '誰でも' })).items).toEqual([]);
    expect((await b.events.list({ openOnly: true })).items).toEqual([]);
    expect(event).toMatchObject({
      id: 'legacy',
      level: '誰でも',
      status: 'open',
      participants: ['u1', 'u2'],
      fee: 1500,
      region: '',
    });
  });

  it('ignores a cursor it did not make and starts from the first page', async () => {
    const b = await backend();
    await b.db.events.add(eventRow(1, addDays(startOfDay(new Date()), 1)));
    expect((await b.events.list({}, 'not-a-cursor')).items.map((e) => e.id)).toEqual([
      'bulk-00001',
    ]);
  });
});

describe('local conversations', () => {
  /** A verified account with its profile, left signed in (messaging needs both). */
  async function verifiedUser(b: LocalBackend, email: string, name: string): Promise<string> {
    const { uid } = await b.auth.signUp(email, 'goodpass123', name);
    await b.db.accounts.update(uid, { emailVerified: true });
    await b.auth.signIn(email, 'goodpass123');
    await b.users.create(
      uid,
      newUserDocument({ uid, email, displayName: name, agreedToTerms: true }),
    );
    return uid;
  }

  it('keeps the sending order of messages sent within the same millisecond', async () => {
    const frozen = new Date(2030, 5, 1, 12);
    const b = await backend({ now: () => frozen });
    const other = await verifiedUser(b, 'other@example.com', '相手');
    await verifiedUser(b, 'me@example.com', '本人');
    const { id } = await b.conversations.getOrCreate(other);
    const sent: string[] = [];
    for (let i = 0; i < 8; i++) sent.push((await b.conversations.send(id, `m${i}`)).id);
    const messages = await first<Message[]>((n, f) => b.conversations.subscribeMessages(id, n, f));
    expect(messages.map((m) => m.id)).toEqual(sent);
  });

  it("reads a user's newest conversations through the participant indexes, not all of them", async () => {
    const b = await backend();
    const me = await verifiedUser(b, 'me@example.com', '本人');
    const other = await verifiedUser(b, 'other@example.com', '相手');
    await b.auth.signIn('me@example.com', 'goodpass123');
    const { id } = await b.conversations.getOrCreate(other);
    await b.conversations.send(id, 'やあ');
    // The creating hook keeps participants[0] and [1] in the indexed p0 / p1.
    const [row] = await b.db.conversations.toArray();
    expect([row!.p0, row!.p1]).toEqual([me, other].sort());
    const limit = vi.spyOn(b.db.Collection.prototype, 'limit');
    const list = await first<Conversation[]>((n, f) => b.conversations.subscribe(me, n, f));
    expect(list.map((c) => c.id)).toEqual([id]);
    // Two bounded index walks (me as p0, me as p1), never a read of all my conversations.
    expect(limit.mock.calls).toEqual([[CONVERSATIONS_LIVE_LIMIT], [CONVERSATIONS_LIVE_LIMIT]]);
  });

  it('mails the recipient about an unread message with a link to the conversation', async () => {
    const b = await backend();
    const other = await verifiedUser(b, 'other@example.com', '相手');
    await verifiedUser(b, 'me@example.com', '送信 太郎');
    const { id } = await b.conversations.getOrCreate(other);
    await b.conversations.send(id, 'こんにちは');
    await vi.waitFor(async () => expect(await b.dev.outbox()).toHaveLength(1));
    const [mail] = await b.dev.outbox();
    expect(mail!.to).toBe('other@example.com');
    expect(mail!.subject).toContain('送信 太郎さんから新しいメッセージ');
    expect(mail!.links).toContain(`${ORIGIN}/messages/${encodeURIComponent(id)}`);
  });
});

describe('local api and files', () => {
  it('stores the content type and cache-control with the file, and serves it as a data: URL', async () => {
    const b = await backend();
    // Event images need a verified address, as storage.rules have it.
    const { uid } = await b.auth.signUp('files@example.com', 'goodpass123', '画像');
    await b.db.accounts.update(uid, { emailVerified: true });
    await b.auth.signIn('files@example.com', 'goodpass123');
    const { url, path } = await b.files.upload(
      `events/${uid}`,
      new File(['abc'], 'x.png', { type: 'image/png' }),
    );
    expect(url).toBe(`data:image/png;base64,${btoa('abc')}`);
    expect(await b.db.files.get(path)).toMatchObject({
      contentType: 'image/png',
      cacheControl: 'public,max-age=7200',
      size: 3,
    });
    await b.files.remove(path);
    expect(await b.db.files.get(path)).toBeUndefined();
  });
});
