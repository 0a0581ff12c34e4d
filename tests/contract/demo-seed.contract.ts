import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDemoData } from '@/data/demo/demo-parts';
import { seedEventId, seedRequestId } from '@/data/demo/events';
import { sportImageURL } from '@/data/demo/images';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_UIDS } from '@/data/demo/people';
import { STAFF_SEED_IDS } from '@/data/demo/staff';
import type { Backend } from '@/data/ports/backend';
import { EVENTS_PAGE_SIZE, PROFILE_EVENTS_PAGE_SIZE, TEAMS_PAGE_SIZE } from '@/domain/constants';
import type { Conversation } from '@/domain/entities/conversation';
import { EVENT_STATUSES, LEVELS, REGIONS, SPORT_TYPES, isFull } from '@/domain/entities/event';
import type { AppNotification } from '@/domain/entities/notification';
import { waitForLive } from './support';

/** A backend loaded with the demo data (src/data/demo) by that backend's own seeder. */
export interface SeededBackend {
  backend: Backend;
  /** The moment the demo data was built for (its times are relative to it). */
  now: Date;
  dispose(): Promise<void>;
}

/** The documents of one collection in the demo description, as [id, data]. */
function described(now: Date, collection: string): [string, Record<string, unknown>][] {
  return buildDemoData(now)
    .docs.map((d) => [d.path.split('/'), d.data] as const)
    .filter(([s]) => s.length === 2 && s[0] === collection)
    .map(([s, data]) => [s[1]!, data]);
}

/**
 * The demo data reads back through the ports as the same product on every backend: what the
 * description holds is what a user of either backend sees, and it obeys the same rules.
 */
export function demoSeedContract(seed: () => Promise<SeededBackend>) {
  // Seeding the emulators and signing five people in takes seconds, more on a busy machine.
  describe('demo data', { timeout: 30_000 }, () => {
    let s: SeededBackend;
    beforeEach(async () => {
      s = await seed();
    }, 60_000);
    afterEach(async () => {
      await s.backend.auth.signOut().catch(() => {});
      await s.dispose();
    });

    it('signs in every demo account with the published password, verified, with its own profile and address', async () => {
      const { backend } = s;
      expect(DEMO_ACCOUNTS.length).toBeGreaterThanOrEqual(5);
      for (const account of DEMO_ACCOUNTS) {
        expect(account.password).toBe(DEMO_PASSWORD);
        const user = await backend.auth.signIn(account.email, account.password);
        expect(user.emailVerified).toBe(true);
        const profile = await backend.users.get(user.uid);
        expect(profile!.displayName).not.toBe('');
        expect(profile!.bio).not.toBe('');
        expect(profile!.email).toBe(account.email);
      }
      expect((await backend.users.get(DEMO_UIDS.admin))!.role).toBe('admin');
      expect((await backend.users.get(DEMO_UIDS.organizer))!.displayName).toBe('山田 太郎');
      expect((await backend.users.get(DEMO_UIDS.hanako))!.displayName).toBe('佐藤 花子');
    });

    it('shows every described event: every sport, region, level and status, upcoming and past, some full', async () => {
      const { backend, now } = s;
      const ids = described(now, 'events').map(([id]) => id);
      expect(ids.length).toBeGreaterThanOrEqual(24);
      const events = (await Promise.all(ids.map((id) => backend.events.get(id)))).map((e) => e!);
      const set = (f: (e: (typeof events)[number]) => string) => new Set(events.map(f));
      expect(set((e) => e.sportType)).toEqual(new Set(SPORT_TYPES));
      expect(set((e) => e.region)).toEqual(new Set(REGIONS));
      expect(set((e) => e.level)).toEqual(new Set(LEVELS));
      expect(set((e) => e.status)).toEqual(new Set(EVENT_STATUSES));
      expect(events.some(isFull)).toBe(true);
      // Each its sport's tile, a file the app's origin serves (src/data/demo/images.ts).
      expect(events.every((e) => e.imageURL === sportImageURL(e.sportType))).toBe(true);
      expect(events.every((e) => e.organizerName !== '' && e.organizerPhotoURL !== '')).toBe(true);
      const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
      expect(events.some((e) => e.date < today)).toBe(true);

      const page = await backend.events.list({});
      expect(page.items.every((e) => e.date >= today)).toBe(true);
      // Several organizers, upcoming and past.
      for (const upcoming of [true, false]) {
        const organizers = new Set(
          events.filter((e) => e.date >= today === upcoming).map((e) => e.organizerId),
        );
        expect(organizers.size, upcoming ? 'upcoming' : 'past').toBeGreaterThanOrEqual(4);
      }
      // Enough for every list to page (「もっと見る」 shows): the event list, 山田 太郎's organized
      // events upcoming and past, and the upcoming events 山田 太郎 and 佐藤 花子 take part in.
      expect(page.items).toHaveLength(EVENTS_PAGE_SIZE);
      expect(page.nextCursor).not.toBeNull();
      const lists = {
        organized: backend.events.byOrganizer(DEMO_UIDS.organizer, 'upcoming'),
        organizedPast: backend.events.byOrganizer(DEMO_UIDS.organizer, 'past'),
        joined: backend.events.byParticipant(DEMO_UIDS.organizer, 'upcoming'),
        hanakoJoined: backend.events.byParticipant(DEMO_UIDS.hanako, 'upcoming'),
      };
      for (const [name, list] of Object.entries(lists)) {
        const first = await list;
        expect(first.items, name).toHaveLength(PROFILE_EVENTS_PAGE_SIZE);
        expect(first.nextCursor, name).not.toBeNull();
      }
    });

    it('has requests in every state, each as described and consistent with the participants', async () => {
      const { backend, now } = s;
      const requests = described(now, 'participationRequests');
      expect(new Set(requests.map(([, r]) => r.status))).toEqual(
        new Set(['pending', 'approved', 'rejected']),
      );
      const emailOf = new Map(buildDemoData(now).accounts.map((a) => [a.uid, a.email]));
      for (const [id, r] of requests) {
        await backend.auth.signIn(emailOf.get(r.userId as string)!, DEMO_PASSWORD);
        const mine = await backend.participation.myRequestFor(r.eventId as string);
        expect(mine?.id).toBe(id);
        expect(mine?.status).toBe(r.status);
        const event = await backend.events.get(r.eventId as string);
        expect(event!.participants.includes(r.userId as string)).toBe(r.status === 'approved');
      }
      await backend.auth.signIn('hanako@example.com', DEMO_PASSWORD);
      const pending = await backend.participation.myPending();
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.every((p) => p.event.title !== '')).toBe(true);
    });

    it('has recent conversations, read and unread notifications of several types, and teams enough to page', async () => {
      const { backend, now } = s;
      await backend.auth.signIn('hanako@example.com', DEMO_PASSWORD);
      const conversations = await waitForLive<Conversation[]>(
        (n, f) => backend.conversations.subscribe(DEMO_UIDS.hanako, n, f),
        (list) => list.length >= 2,
      );
      expect(conversations[0]!.lastMessage).not.toBe('');
      const notes = await waitForLive<AppNotification[]>(
        (n, f) => backend.notifications.subscribe(DEMO_UIDS.hanako, n, f),
        (list) => list.length > 0,
      );
      expect(notes.some((n) => n.read)).toBe(true);
      expect(notes.some((n) => !n.read)).toBe(true);
      const types = new Set(described(now, 'notifications').map(([, n]) => n.type));
      expect(types).toEqual(
        new Set([
          'participation_request',
          'participation_approved',
          'participation_rejected',
          'team_join_request',
          'team_join_approved',
          'team_join_rejected',
        ]),
      );
      // Ids and checked values only, under the id of their cause; the words come from notificationText.
      expect(notes.every((n) => n.id === `${String(n.data.requestId)}_${n.type}`)).toBe(true);
      expect(notes.every((n) => n.title === '' && n.content === '')).toBe(true);

      // The 120-day-old conversation exists but stays out of the list.
      await backend.auth.signIn('ichiro@example.com', DEMO_PASSWORD);
      const ichiro = await waitForLive<Conversation[]>(
        (n, f) => backend.conversations.subscribe(DEMO_UIDS.ichiro, n, f),
        (list) => list.length > 0,
      );
      expect(ichiro.map((c) => c.id)).not.toContain(`${DEMO_UIDS.ichiro}_${DEMO_UIDS.misaki}`);

      const teams = await backend.teams.list({});
      expect(teams.items).toHaveLength(TEAMS_PAGE_SIZE);
      expect(teams.nextCursor).not.toBeNull();
      expect(teams.items.map((t) => t.id)).toEqual(
        expect.arrayContaining([
          'seed-team-01',
          'seed-team-02',
          'seed-team-03',
          'seed-team-04',
          'seed-team-05',
          'seed-team-06',
        ]),
      );
    });

    it('lets the organizer approve a seeded pending request (the seeded documents obey the rules)', async () => {
      const { backend } = s;
      await backend.auth.signIn('organizer@example.com', DEMO_PASSWORD);
      // Request 3: 高橋 美咲 asks to join event 1 (週末エンジョイフットサル).
      expect(seedRequestId(3)).toBe(`${seedEventId(1)}_${DEMO_UIDS.misaki}`);
      await backend.participation.approve(seedRequestId(3));
      expect((await backend.events.get(seedEventId(1)))!.participants).toContain(DEMO_UIDS.misaki);
      // The approval tells 美咲 under the id of its cause, beside the seeded ones.
      await backend.auth.signIn('misaki@example.com', DEMO_PASSWORD);
      const notes = await waitForLive<AppNotification[]>(
        (n, f) => backend.notifications.subscribe(DEMO_UIDS.misaki, n, f),
        (list) => list.some((n) => n.id === `${seedRequestId(3)}_participation_approved`),
      );
      expect(notes.length).toBeGreaterThan(1);
      await backend.auth.signIn('organizer@example.com', DEMO_PASSWORD);
      await backend.organizing.update(seedEventId(1), { description: '説明を更新しました。' });
      expect((await backend.events.get(seedEventId(1)))!.description).toBe('説明を更新しました。');
    });

    it('shows each profile only what its owner chose, the values in the private profile', async () => {
      const { backend } = s;
      await backend.auth.signIn('hanako@example.com', DEMO_PASSWORD);
      const users = backend.users;
      expect(await users.get(DEMO_UIDS.hanako)).toMatchObject({
        gender: '',
        birthDate: '',
        age: null,
      });
      expect(await users.get(DEMO_UIDS.ichiro)).toMatchObject({
        gender: 'male',
        birthDate: '1990-01-20',
        age: null,
      });
      const organizer = await users.get(DEMO_UIDS.organizer);
      expect(organizer).toMatchObject({ gender: 'male', birthDate: '' });
      expect(organizer?.age).toBeGreaterThan(30);
      expect(await users.getPrivateProfile(DEMO_UIDS.hanako)).toEqual({
        gender: 'female',
        birthDate: '1995-09-03',
        genderVisibility: 'private',
        birthDateVisibility: 'private',
      });
      // Nothing for the owner's session to move or bring up to date.
      expect(await users.syncPublicProfile(DEMO_UIDS.hanako)).toBe(false);
    });

    it('has a moderator, the admin in config/admin, reports named after their targets and their audit entries', async () => {
      const { backend } = s;
      await backend.auth.signIn('moderator@example.com', DEMO_PASSWORD);
      expect((await backend.users.get(DEMO_UIDS.moderator))!.role).toBe('moderator');
      // The staff event list pages too.
      expect((await backend.staff.recentEvents('')).nextCursor).not.toBeNull();
      expect(await backend.staff.adminSetup()).toEqual({ adminExists: true });
      const open = (await backend.staff.reports('open')).items;
      expect(open.map((r) => r.id)).toEqual([
        STAFF_SEED_IDS.openEventReport,
        STAFF_SEED_IDS.openUserReport,
      ]);
      for (const r of open) {
        const label =
          r.targetType === 'event'
            ? (await backend.events.get(r.targetId))!.title
            : (await backend.users.get(r.targetId))!.displayName;
        expect(r.targetLabel).toBe(label);
      }
      const [resolved] = (await backend.staff.reports('resolved')).items;
      expect(resolved).toMatchObject({
        id: STAFF_SEED_IDS.resolvedReport,
        resolvedBy: DEMO_UIDS.moderator,
      });
      expect((await backend.staff.auditLog()).items.map((e) => e.action)).toEqual([
        'report_resolved',
        'role_changed',
      ]);

      // The seeded admin can change roles: config/admin lists them.
      await backend.auth.signIn('admin@example.com', DEMO_PASSWORD);
      await backend.staff.setRole(DEMO_UIDS.hanako, 'moderator');
      expect((await backend.users.get(DEMO_UIDS.hanako))!.role).toBe('moderator');
    });
  });
}
