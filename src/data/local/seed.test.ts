import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { LEVELS, REGIONS, SPORT_TYPES, EVENT_STATUSES, isFull } from '@/domain/entities/event';
import type { Conversation } from '@/domain/entities/conversation';
import type { AppNotification } from '@/domain/entities/notification';
import { createLocalBackend, type LocalBackend } from './create-local-backend';
import { DEMO_PASSWORD, DEMO_UIDS, seedEventId } from './seed';

const opened: LocalBackend[] = [];

async function seeded(dbName = `seed-${crypto.randomUUID()}`): Promise<LocalBackend> {
  const b = await createLocalBackend({
    dbName,
    origin: 'https://demo.example',
    passwordIterations: 1000,
  });
  opened.push(b);
  return b;
}

afterEach(async () => {
  const all = opened.splice(0);
  for (const b of all) {
    await b.auth.signOut();
    b.close();
  }
  for (const name of new Set(all.map((b) => b.db.name))) await Dexie.delete(name);
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

describe('demo seed', () => {
  it('signs in every demo account with its published password; the admin has role admin', async () => {
    const b = await seeded();
    expect(b.dev.demoAccounts.map((a) => a.email)).toEqual(
      expect.arrayContaining(['organizer@example.com', 'hanako@example.com', 'admin@example.com']),
    );
    expect(b.dev.demoAccounts.length).toBeGreaterThanOrEqual(5);
    for (const account of b.dev.demoAccounts) {
      expect(account.password).toBe(DEMO_PASSWORD);
      const user = await b.auth.signIn(account.email, account.password);
      expect(user.emailVerified).toBe(true);
      const profile = await b.users.get(user.uid);
      expect(profile!.displayName).not.toBe('');
      expect(profile!.bio).not.toBe('');
    }
    expect((await b.users.get(DEMO_UIDS.admin))!.role).toBe('admin');
    expect((await b.users.get(DEMO_UIDS.organizer))!.displayName).toBe('山田 太郎');
    expect((await b.users.get(DEMO_UIDS.hanako))!.displayName).toBe('佐藤 花子');
  });

  it('has 24+ events across every sport, region, level and status, upcoming and past, some full', async () => {
    const b = await seeded();
    const rows = await b.db.events.toArray();
    expect(rows.length).toBeGreaterThanOrEqual(24);
    const events = await Promise.all(rows.map((r) => b.events.get(r.id)));
    const set = (f: (e: NonNullable<(typeof events)[number]>) => string) =>
      new Set(events.map((e) => f(e!)));
    expect(set((e) => e.sportType)).toEqual(new Set(SPORT_TYPES));
    expect(set((e) => e.region)).toEqual(new Set(REGIONS));
    expect(set((e) => e.level)).toEqual(new Set(LEVELS));
    expect(set((e) => e.status)).toEqual(new Set(EVENT_STATUSES));
    expect(events.some((e) => isFull(e!))).toBe(true);
    expect(events.every((e) => e!.imageURL.startsWith('data:image/svg+xml'))).toBe(true);
    expect(events.every((e) => e!.organizerName !== '' && e!.organizerPhotoURL !== '')).toBe(true);

    const page = await b.events.list({});
    expect(page.items.length).toBeGreaterThan(10);
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    expect(events.some((e) => e!.date < today)).toBe(true);
  });

  it('has requests in every state, consistent with the participants', async () => {
    const b = await seeded();
    const requests = await b.db.participationRequests.toArray();
    expect(new Set(requests.map((r) => r.status))).toEqual(
      new Set(['pending', 'approved', 'rejected']),
    );
    for (const r of requests) {
      const event = await b.events.get(r.eventId);
      expect(event!.participants.includes(r.userId)).toBe(r.status === 'approved');
    }
    await b.auth.signIn('hanako@example.com', DEMO_PASSWORD);
    const pending = await b.participation.myPending();
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((p) => p.event.title !== '')).toBe(true);
  });

  it('has recent conversations, read and unread notifications of several types, and 2 teams', async () => {
    const b = await seeded();
    await b.auth.signIn('hanako@example.com', DEMO_PASSWORD);
    const conversations = await first<Conversation[]>((n, f) =>
      b.conversations.subscribe(DEMO_UIDS.hanako, n, f),
    );
    expect(conversations.length).toBeGreaterThanOrEqual(2);
    const [latest] = conversations;
    expect(latest!.lastMessage).not.toBe('');
    const notes = await first<AppNotification[]>((n, f) =>
      b.notifications.subscribe(DEMO_UIDS.hanako, n, f),
    );
    expect(notes.some((n) => n.read)).toBe(true);
    expect(notes.some((n) => !n.read)).toBe(true);
    const allNotes = await b.db.notifications.toArray();
    expect(new Set(allNotes.map((n) => n.type)).size).toBeGreaterThanOrEqual(4);

    // The 120-day-old conversation stays out of the list.
    await b.auth.signIn('ichiro@example.com', DEMO_PASSWORD);
    const ichiro = await first<Conversation[]>((n, f) =>
      b.conversations.subscribe(DEMO_UIDS.ichiro, n, f),
    );
    expect(ichiro.map((c) => c.id)).not.toContain(`${DEMO_UIDS.ichiro}_${DEMO_UIDS.misaki}`);

    expect((await b.teams.list({})).items).toHaveLength(6);
  });

  it('seeds only an empty database', async () => {
    const dbName = `once-${crypto.randomUUID()}`;
    const b = await seeded(dbName);
    await b.db.events.delete(seedEventId(1));
    const count = await b.db.events.count();
    const again = await seeded(dbName);
    expect(await again.db.events.count()).toBe(count);
  });

  it('resets the demo data: everything wiped, reseeded, signed out', async () => {
    const b = await seeded();
    await b.auth.signIn('organizer@example.com', DEMO_PASSWORD);
    const extra = await b.events.create({
      title: '追加イベント',
      description: '',
      sportType: 'テニス',
      location: '',
      region: '関東',
      level: '誰でも',
      teamId: '',
      teamName: '',
      date: '2099-01-01',
      startTime: '10:00',
      endTime: '12:00',
      fee: 0,
      capacity: 5,
      imageURL: '',
      imagePath: '',
    });
    await b.events.join(seedEventId(8));
    await b.auth.sendEmailVerification();
    expect(await b.dev.outbox()).toHaveLength(1);

    await b.dev.resetDemoData();
    expect(b.auth.currentUser()).toBeNull();
    expect(await b.events.get(extra)).toBeNull();
    expect((await b.events.get(seedEventId(8)))!.participants).toEqual([]);
    expect(await b.dev.outbox()).toEqual([]);
    expect((await b.auth.signIn('hanako@example.com', DEMO_PASSWORD)).uid).toBe(DEMO_UIDS.hanako);
  });

  it('lists the outbox newest first with its links, and clears it', async () => {
    const b = await seeded();
    await b.auth.sendPasswordResetEmail('hanako@example.com');
    await new Promise((r) => setTimeout(r, 5));
    await b.auth.sendPasswordResetEmail('ichiro@example.com');
    const mails = await b.dev.outbox();
    expect(mails.map((m) => m.to)).toEqual(['ichiro@example.com', 'hanako@example.com']);
    expect(mails[0]!.links[0]).toMatch(
      /^https:\/\/demo\.example\/auth\/action\?mode=resetPassword&oobCode=/,
    );
    expect(mails[0]!.sentAt).toBeInstanceOf(Date);
    await b.dev.clearOutbox();
    expect(await b.dev.outbox()).toEqual([]);
  });
});
