import { describe, expect, it, vi } from 'vitest';
import type { TeamInput } from '@/data/ports/teams';
import { TEAMS_PAGE_SIZE } from '@/domain/constants';
import type { AppNotification } from '@/domain/entities/notification';
import {
  MY_TEAMS_LIMIT,
  TEAM_PENDING_REQUESTS_LIMIT,
  teamRequestIdFor,
  type Team,
  type TeamJoinRequest,
} from '@/domain/entities/team';
import { ERR, failureCode } from '@/domain/errors';
import type { ContractHarness, HarnessFactory } from './harness';
import {
  collectLive,
  dayFromToday,
  eventInput,
  expectFailure,
  expectRejection,
  liveFailure,
  LIVE_WAIT,
  sleep,
  teamInput,
  useHarness,
  waitForLive,
} from './support';

export function teamsContract(makeHarness: HarnessFactory): void {
  describe('teams port', () => {
    const h = useHarness(makeHarness);

    /** `uid` asks to join (signed in for it, and left signed in). */
    async function askAs(uid: string, teamId: string) {
      await h().signInAs(uid);
      return h().backend.teamMembership.requestToJoin(teamId, '');
    }

    /** An owner with a team, then a second user (signed in afterwards). */
    async function teamWithAsker(h: ContractHarness, overrides: Partial<TeamInput> = {}) {
      const owner = await h.signUpAs('代表 太郎');
      const teamId = await h.backend.teamMembership.create(teamInput(overrides));
      const asker = await h.signUpAs('加入 花子');
      return { owner, asker, teamId };
    }

    function notificationsOf(uid: string, accept: (items: AppNotification[]) => boolean) {
      return waitForLive<AppNotification[]>(
        (next, fail) => h().backend.notifications.subscribe(uid, next, fail),
        accept,
      );
    }

    describe('create, get and update', () => {
      it('creates a team owned by its creator, who is its first member', async () => {
        const { backend } = h();
        const uid = await h().signUpAs('代表');
        const id = await backend.teamMembership.create(teamInput());
        const team = await backend.teams.get(id);
        expect(team).toMatchObject({
          id,
          name: '世田谷フットサルクラブ',
          activity: '毎週土曜',
          ownerId: uid,
          members: [uid],
          maxMembers: 20,
          recruiting: true,
          level: '誰でも',
        });
        expect(team!.createdAt).toBeInstanceOf(Date);
        expect(await backend.teams.get('no-such-team')).toBeNull();
        expect(await backend.teams.get('')).toBeNull();
      });

      it('refuses a visitor and input the form would refuse, storing nothing', async () => {
        const { backend } = h();
        await h().signUpAs('代表');
        await expectRejection(
          backend.teamMembership.create(teamInput({ name: 'あ'.repeat(41) })),
          ERR.invalidTeamInput,
        );
        await expectRejection(
          backend.teamMembership.create(teamInput({ maxMembers: 201 })),
          ERR.invalidTeamInput,
        );
        const id = await backend.teamMembership.create(teamInput());
        await h().signOut();
        await expectRejection(backend.teamMembership.create(teamInput()), ERR.loginRequired);
        await expectRejection(
          backend.teamMembership.update(id, { name: '匿名で変更' }),
          ERR.loginRequired,
        );
        expect((await backend.teams.list({})).items.map((t) => t.id)).toEqual([id]);
      });

      it("refuses an image outside the owner's own folder, and keeps one in it", async () => {
        const { backend } = h();
        const owner = await h().signUpAs('写真の代表');
        const own = `teams/${owner}/1_t.png`;
        const outside = 'teams/someone-else/1_t.png';
        await expectFailure(
          backend.teamMembership.create(teamInput({ imagePath: outside })),
          'permission-denied',
        );
        const id = await backend.teamMembership.create(teamInput({ imagePath: own }));
        await expectFailure(
          backend.teamMembership.update(id, { imagePath: outside }),
          'permission-denied',
        );
        await expectFailure(
          backend.teamMembership.update(id, { imagePath: `events/${owner}/1_t.png` }),
          'permission-denied',
        );
        expect((await backend.teams.get(id))!.imagePath).toBe(own);
        await backend.teamMembership.update(id, { imageURL: '', imagePath: '' });
        expect((await backend.teams.get(id))!.imagePath).toBe('');
      });

      it('lets only the owner edit, and never below the current members', async () => {
        const { backend } = h();
        const { owner, teamId } = await teamWithAsker(h());
        await expectRejection(
          backend.teamMembership.update(teamId, { name: '乗っ取り' }),
          ERR.noTeamEditPermission,
        );
        await h().signInAs(owner);
        await backend.teamMembership.update(teamId, {
          description: '初心者歓迎',
          recruiting: false,
        });
        expect(await backend.teams.get(teamId)).toMatchObject({
          description: '初心者歓迎',
          recruiting: false,
          name: '世田谷フットサルクラブ',
        });
        await expectRejection(
          backend.teamMembership.update('no-such-team', { name: 'x' }),
          ERR.teamNotFound,
        );
        await expectRejection(
          backend.teamMembership.update(teamId, { maxMembers: 1 }),
          ERR.invalidTeamInput,
        );
        await backend.teamMembership.update(teamId, { maxMembers: 2 });
        expect((await backend.teams.get(teamId))!.maxMembers).toBe(2);
      });
    });

    describe('list and byMember', () => {
      it('lists teams newest first in pages of 20 with a cursor', async () => {
        const { backend } = h();
        await h().signUpAs('代表');
        const ids: string[] = [];
        for (let i = 0; i < TEAMS_PAGE_SIZE + 2; i++) {
          ids.push(await backend.teamMembership.create(teamInput({ name: `チーム${i}` })));
          await sleep(2);
        }
        await h().signOut();
        const first = await backend.teams.list({});
        expect(first.items).toHaveLength(TEAMS_PAGE_SIZE);
        const second = await backend.teams.list({}, first.nextCursor);
        expect(second.nextCursor).toBeNull();
        expect([...first.items, ...second.items].map((t) => t.id)).toEqual([...ids].reverse());
        expect((await backend.teams.list({}, 'not-a-cursor')).items[0]!.id).toBe(ids.at(-1));
      });

      it('filters by sport, region and recruiting, alone and together', async () => {
        const { backend } = h();
        await h().signUpAs('代表');
        const a = await backend.teamMembership.create(
          teamInput({ name: 'A', sportType: 'テニス' }),
        );
        const b = await backend.teamMembership.create(
          teamInput({ name: 'B', sportType: 'テニス', region: '近畿', recruiting: false }),
        );
        const c = await backend.teamMembership.create(teamInput({ name: 'C', region: '近畿' }));
        const names = async (f: Parameters<typeof backend.teams.list>[0]) =>
          (await backend.teams.list(f)).items.map((t) => t.id).sort();
        expect(await names({ sportType: 'テニス' })).toEqual([a, b].sort());
        expect(await names({ region: '近畿' })).toEqual([b, c].sort());
        expect(await names({ recruitingOnly: true })).toEqual([a, c].sort());
        expect(await names({ sportType: 'テニス', region: '近畿' })).toEqual([b]);
        expect(await names({ sportType: 'テニス', recruitingOnly: true })).toEqual([a]);
        expect(await names({ region: '近畿', recruitingOnly: true })).toEqual([c]);
        expect(await names({ sportType: 'テニス', region: '近畿', recruitingOnly: true })).toEqual(
          [],
        );
      });

      it('lists a team stored without the recruiting flag as recruiting, but not under the recruiting filter', async () => {
        // Firestore's equality filter skips a document without the field, and so does the
        // local store now (it used to filter the parsed team, where the flag defaults to true).
        const { backend } = h();
        await h().putDocuments([
          {
            path: 'teams/legacy',
            data: { name: '古いチーム', ownerId: 'o', members: ['o'], createdAt: new Date() },
          },
        ]);
        expect((await backend.teams.list({})).items).toEqual([
          expect.objectContaining({ id: 'legacy', recruiting: true }),
        ]);
        expect((await backend.teams.list({ recruitingOnly: true })).items).toEqual([]);
      });

      it("lists a user's teams, newest first", async () => {
        const { backend } = h();
        const owner = await h().signUpAs('代表');
        const first = await backend.teamMembership.create(teamInput({ name: '一つ目' }));
        await sleep(2);
        const second = await backend.teamMembership.create(teamInput({ name: '二つ目' }));
        const other = await h().signUpAs('他人');
        await backend.teamMembership.create(teamInput({ name: '他人のチーム' }));
        expect((await backend.teams.byMember(owner)).map((t) => t.id)).toEqual([second, first]);
        expect(await backend.teams.byMember('nobody')).toEqual([]);
        expect((await backend.teams.byMember(other)).map((t) => t.name)).toEqual(['他人のチーム']);
      });

      it("reads at most MY_TEAMS_LIMIT of a member's teams, newest first, and none without a creation time", async () => {
        const { backend, queriedDocuments } = h();
        const base = Date.UTC(2026, 0, 1);
        const team = (id: string, members: string[], createdAt?: Date) => ({
          path: `teams/${id}`,
          data: {
            name: id,
            ownerId: members[0]!,
            members,
            sportType: 'フットサル',
            region: '関東',
            ...(createdAt ? { createdAt } : {}),
          },
        });
        const count = MY_TEAMS_LIMIT + 5;
        const ids = Array.from({ length: count }, (_, i) => `t${String(i).padStart(2, '0')}`);
        // Stored in an order unrelated to their creation; t54 is the newest.
        const many = ids.map((_, i) => {
          const n = (i * 37) % count;
          return team(ids[n]!, ['busy'], new Date(base + n * 60_000));
        });
        await h().putDocuments([
          ...many,
          team('dated', ['new-member'], new Date(base)),
          team('undated', ['new-member']),
        ]);
        const newestFirst = [...ids].reverse().slice(0, MY_TEAMS_LIMIT);
        const before = queriedDocuments?.() ?? 0;
        expect((await backend.teams.byMember('busy')).map((t) => t.id)).toEqual(newestFirst);
        if (queriedDocuments)
          expect(queriedDocuments() - before).toBeLessThanOrEqual(MY_TEAMS_LIMIT);
        expect((await backend.teams.byMember('new-member')).map((t) => t.id)).toEqual(['dated']);
      });
    });

    describe('join requests', () => {
      it('sends a pending request and tells the owner, once, by an id from the request', async () => {
        const { backend } = h();
        const { owner, asker, teamId } = await teamWithAsker(h());
        const requestId = await backend.teamMembership.requestToJoin(
          teamId,
          '  よろしくお願いします  ',
        );
        // One request per team and requester: the rules refuse a second one by its id.
        expect(requestId).toBe(teamRequestIdFor(teamId, asker));
        expect(await backend.teams.myRequestFor(teamId)).toMatchObject({
          id: requestId,
          teamId,
          userId: asker,
          status: 'pending',
          message: 'よろしくお願いします',
        });
        // Only the owner sees the team's queue.
        expect(await backend.teams.pendingRequests(teamId)).toEqual([]);
        await h().signInAs(owner);
        const queue = await backend.teams.pendingRequests(teamId);
        expect(queue.map((r) => [r.id, r.userId])).toEqual([[requestId, asker]]);
        const notes = await notificationsOf(owner, (items) => items.length > 0);
        expect(notes).toHaveLength(1);
        expect(notes[0]).toMatchObject({
          id: `${requestId}_team_join_request`,
          userId: owner,
          type: 'team_join_request',
          read: false,
          data: {
            teamId,
            requestId,
            teamName: '世田谷フットサルクラブ',
            requesterName: '加入 花子',
          },
        });
        await h().signOut();
        expect(await backend.teams.myRequestFor(teamId)).toBeNull();
        expect(await backend.teams.pendingRequests(teamId)).toEqual([]);
        expect(await backend.teams.pendingRequests('no-such-team')).toEqual([]);
      });

      it("keeps my request and the owner's queue current on one listener each", async () => {
        const { backend } = h();
        const { owner, asker, teamId } = await teamWithAsker(h());
        const mine = collectLive<TeamJoinRequest | null>((next, fail) =>
          backend.teams.subscribeMyRequest(asker, teamId, next, fail),
        );
        await vi.waitFor(() => expect(mine.seen).toEqual([null]), LIVE_WAIT);
        const requestId = await backend.teamMembership.requestToJoin(teamId, '');
        await vi.waitFor(
          () => expect(mine.latest()).toMatchObject({ id: requestId, status: 'pending' }),
          LIVE_WAIT,
        );
        const stored = (await backend.teams.myRequestFor(teamId))!;
        // The owner answers in another browser.
        const path = `teams/${teamId}/joinRequests/${requestId}`;
        const { id: _id, teamId: _team, ...data } = stored;
        await h().putDocuments([{ path, data: { ...data, status: 'rejected' } }]);
        await vi.waitFor(
          () => expect(mine.latest()).toMatchObject({ id: requestId, status: 'rejected' }),
          LIVE_WAIT,
        );
        mine.stop();
        expect(mine.error()).toBeNull();
        // Not mine to follow: refused.
        const error = await liveFailure((next, fail) =>
          backend.teams.subscribeMyRequest(owner, teamId, next, fail),
        );
        expect(failureCode(error)).toBe('permission-denied');
        // Only the owner follows the queue: anyone else gets [] once.
        expect(
          await waitForLive<TeamJoinRequest[]>(
            (next, fail) => backend.teams.subscribePendingRequests(teamId, next, fail),
            () => true,
          ),
        ).toEqual([]);

        await h().signInAs(owner);
        const queue = collectLive<TeamJoinRequest[]>((next, fail) =>
          backend.teams.subscribePendingRequests(teamId, next, fail),
        );
        await vi.waitFor(() => expect(queue.latest()).toEqual([]), LIVE_WAIT);
        // The asker asks again (the same request, pending again) from their browser.
        await h().putDocuments([{ path, data: { ...data, status: 'pending' } }]);
        await vi.waitFor(
          () => expect(queue.latest()?.map((r) => [r.id, r.userId])).toEqual([[requestId, asker]]),
          LIVE_WAIT,
        );
        queue.stop();
        expect(queue.error()).toBeNull();
      });

      it("reads at most TEAM_PENDING_REQUESTS_LIMIT of the owner's queue, oldest first", async () => {
        const { backend, queriedDocuments } = h();
        const owner = await h().signUpAs('代表');
        const teamId = await backend.teamMembership.create(teamInput({ maxMembers: 200 }));
        const base = Date.UTC(2026, 0, 1);
        const count = TEAM_PENDING_REQUESTS_LIMIT + 5;
        // u00, u01, … are not stored, nor aged, in the order of their ids.
        const users = Array.from({ length: count }, (_, i) => `u${String(i).padStart(2, '0')}`);
        const age = (i: number) => (i * 37) % count;
        await h().putDocuments(
          users.map((userId, i) => ({
            path: `teams/${teamId}/joinRequests/${teamId}_${userId}`,
            data: {
              userId,
              message: '',
              status: 'pending',
              createdAt: new Date(base + age(i) * 60_000),
              updatedAt: new Date(base),
            },
          })),
        );
        const oldestFirst = users
          .map((userId, i) => ({ userId, at: age(i) }))
          .sort((a, b) => a.at - b.at)
          .map((u) => u.userId);
        await h().signInAs(owner);
        const before = queriedDocuments?.() ?? 0;
        const queue = await backend.teams.pendingRequests(teamId);
        if (queriedDocuments) {
          expect(queriedDocuments() - before).toBeLessThanOrEqual(TEAM_PENDING_REQUESTS_LIMIT);
        }
        expect(queue.map((r) => r.userId)).toEqual(
          oldestFirst.slice(0, TEAM_PENDING_REQUESTS_LIMIT),
        );
      });

      it('refuses a second pending request, a long message, a member and a visitor', async () => {
        const { backend } = h();
        const { owner, teamId } = await teamWithAsker(h());
        await expectRejection(
          backend.teamMembership.requestToJoin(teamId, 'あ'.repeat(501)),
          ERR.requestMessageTooLong,
        );
        await backend.teamMembership.requestToJoin(teamId, '');
        await expectRejection(
          backend.teamMembership.requestToJoin(teamId, 'もう一度'),
          ERR.alreadyTeamRequested,
        );
        await expectRejection(
          backend.teamMembership.requestToJoin('no-such-team', ''),
          ERR.teamNotFound,
        );
        await h().signInAs(owner);
        await expectRejection(
          backend.teamMembership.requestToJoin(teamId, ''),
          ERR.alreadyTeamMember,
        );
        await h().signOut();
        await expectRejection(backend.teamMembership.requestToJoin(teamId, ''), ERR.loginRequired);
      });

      it('refuses requests once recruiting closes or the team is full', async () => {
        const { backend } = h();
        const { owner, asker, teamId } = await teamWithAsker(h(), { maxMembers: 2 });
        const first = await backend.teamMembership.requestToJoin(teamId, '');
        await h().signInAs(owner);
        await backend.teamMembership.approveRequest(teamId, first);
        await h().signUpAs('三人目');
        await expectRejection(backend.teamMembership.requestToJoin(teamId, ''), ERR.teamFull);
        await h().signInAs(owner);
        await backend.teamMembership.update(teamId, { maxMembers: 3, recruiting: false });
        await h().signUpAs('四人目');
        await expectRejection(
          backend.teamMembership.requestToJoin(teamId, ''),
          ERR.teamNotRecruiting,
        );
        expect((await backend.teams.get(teamId))!.members).toEqual([owner, asker]);
      });

      it('takes no request to a full team until a member leaves', async () => {
        const { backend } = h();
        const { owner, asker, teamId } = await teamWithAsker(h(), { maxMembers: 2 });
        const first = await askAs(asker, teamId);
        await h().signInAs(owner);
        await backend.teamMembership.approveRequest(teamId, first);
        const third = await h().signUpAs('三人目');
        await expectRejection(backend.teamMembership.requestToJoin(teamId, ''), ERR.teamFull);
        await h().signInAs(asker);
        await backend.teamMembership.leave(teamId);
        await h().signInAs(third);
        const requestId = await backend.teamMembership.requestToJoin(teamId, '空きが出たので');
        await h().signInAs(owner);
        await backend.teamMembership.approveRequest(teamId, requestId);
        expect((await backend.teams.get(teamId))!.members).toEqual([owner, third]);
      });

      it('lets the requester cancel a pending request, and nobody else', async () => {
        const { backend } = h();
        const { owner, asker, teamId } = await teamWithAsker(h());
        const requestId = await backend.teamMembership.requestToJoin(teamId, '');
        // To anyone but its requester and the owner the request reads as missing.
        await h().signUpAs('他人');
        await expectRejection(
          backend.teamMembership.cancelRequest(teamId, requestId),
          ERR.requestNotFound,
        );
        await h().signInAs(owner);
        await expectRejection(
          backend.teamMembership.cancelRequest(teamId, requestId),
          ERR.noCancelPermission,
        );
        await h().signInAs(asker);
        await backend.teamMembership.cancelRequest(teamId, requestId);
        expect(await backend.teams.myRequestFor(teamId)).toBeNull();
        await expectRejection(
          backend.teamMembership.cancelRequest(teamId, requestId),
          ERR.requestNotFound,
        );
      });
    });

    describe('approving and rejecting', () => {
      it('approval makes the requester a member and tells them', async () => {
        const { backend } = h();
        const { owner, asker, teamId } = await teamWithAsker(h());
        const requestId = await backend.teamMembership.requestToJoin(teamId, '');
        await expectRejection(
          backend.teamMembership.approveRequest(teamId, requestId),
          ERR.noProcessPermission,
        );
        await h().signInAs(owner);
        await backend.teamMembership.approveRequest(teamId, requestId);
        expect((await backend.teams.get(teamId))!.members).toEqual([owner, asker]);
        expect(await backend.teams.pendingRequests(teamId)).toEqual([]);
        await expectRejection(
          backend.teamMembership.approveRequest(teamId, requestId),
          ERR.alreadyProcessed,
        );
        await expectRejection(
          backend.teamMembership.approveRequest(teamId, 'no-such-request'),
          ERR.requestNotFound,
        );
        await h().signInAs(asker);
        expect(await backend.teams.myRequestFor(teamId)).toMatchObject({ status: 'approved' });
        const notes = await notificationsOf(asker, (items) => items.length > 0);
        expect(notes.map((n) => [n.id, n.type, n.data])).toEqual([
          [
            `${requestId}_team_join_approved`,
            'team_join_approved',
            { teamId, requestId, teamName: '世田谷フットサルクラブ' },
          ],
        ]);
        expect((await backend.teams.byMember(asker)).map((t) => t.id)).toEqual([teamId]);
      });

      it('a team listener delivers the team as members join, and null for a missing team', async () => {
        const { backend } = h();
        const { owner, asker, teamId } = await teamWithAsker(h());
        const requestId = await backend.teamMembership.requestToJoin(teamId, '');
        const live = collectLive<Team | null>((next, fail) =>
          backend.teams.subscribe(teamId, next, fail),
        );
        // Its first answer before the change (on a fast machine the approval can come first).
        await vi.waitFor(
          () => expect(live.seen.map((t) => t?.members)).toEqual([[owner]]),
          LIVE_WAIT,
        );
        await h().signInAs(owner);
        await backend.teamMembership.approveRequest(teamId, requestId);
        await vi.waitFor(() => expect(live.latest()?.members).toEqual([owner, asker]), LIVE_WAIT);
        live.stop();
        expect(live.error()).toBeNull();
        // Anyone may read a team, signed out too.
        await h().signOut();
        const team = await waitForLive<Team | null>(
          (next, fail) => backend.teams.subscribe(teamId, next, fail),
          () => true,
        );
        expect(team?.members).toEqual([owner, asker]);
        const missing = await waitForLive<Team | null>(
          (next, fail) => backend.teams.subscribe('no-such-team', next, fail),
          () => true,
        );
        expect(missing).toBeNull();
      });

      it('never approves beyond the member limit', async () => {
        const { backend } = h();
        const { owner, teamId } = await teamWithAsker(h(), { maxMembers: 2 });
        const first = await backend.teamMembership.requestToJoin(teamId, '');
        await h().signUpAs('二人目');
        const second = await backend.teamMembership.requestToJoin(teamId, '');
        await h().signInAs(owner);
        await backend.teamMembership.approveRequest(teamId, first);
        await expectRejection(backend.teamMembership.approveRequest(teamId, second), ERR.teamFull);
        expect((await backend.teams.get(teamId))!.members).toHaveLength(2);
        expect((await backend.teams.pendingRequests(teamId)).map((r) => r.id)).toEqual([second]);
      });

      it('rejection tells the requester, who may ask again', async () => {
        const { backend } = h();
        const { owner, asker, teamId } = await teamWithAsker(h());
        const requestId = await backend.teamMembership.requestToJoin(teamId, '');
        await h().signInAs(owner);
        await backend.teamMembership.rejectRequest(teamId, requestId);
        expect((await backend.teams.get(teamId))!.members).toEqual([owner]);
        await h().signInAs(asker);
        expect(await backend.teams.myRequestFor(teamId)).toMatchObject({
          id: requestId,
          status: 'rejected',
        });
        const notes = await notificationsOf(asker, (items) => items.length > 0);
        expect(notes.map((n) => [n.id, n.type])).toEqual([
          [`${requestId}_team_join_rejected`, 'team_join_rejected'],
        ]);
        // Asking again reopens the same request, and the owner is told again.
        const again = await backend.teamMembership.requestToJoin(teamId, '改めてお願いします');
        expect(again).toBe(requestId);
        expect(await backend.teams.myRequestFor(teamId)).toMatchObject({
          id: again,
          status: 'pending',
          message: '改めてお願いします',
        });
        await h().signInAs(owner);
        expect((await backend.teams.pendingRequests(teamId)).map((r) => r.id)).toEqual([requestId]);
        const told = await notificationsOf(owner, (items) => items.some((n) => !n.read));
        expect(told.map((n) => [n.id, n.read])).toEqual([
          [`${requestId}_team_join_request`, false],
        ]);
      });
    });

    describe('leaving and removing members', () => {
      async function teamWithMember(h: ContractHarness) {
        const { owner, asker, teamId } = await teamWithAsker(h);
        const requestId = await h.backend.teamMembership.requestToJoin(teamId, '');
        await h.signInAs(owner);
        await h.backend.teamMembership.approveRequest(teamId, requestId);
        return { owner, member: asker, teamId };
      }

      it('lets a member leave, with their requests, and never the owner', async () => {
        const { backend } = h();
        const { owner, member, teamId } = await teamWithMember(h());
        await expectRejection(backend.teamMembership.leave(teamId), ERR.teamOwnerCannotLeave);
        await h().signInAs(member);
        await backend.teamMembership.leave(teamId);
        expect((await backend.teams.get(teamId))!.members).toEqual([owner]);
        expect(await backend.teams.myRequestFor(teamId)).toBeNull();
        await expectRejection(backend.teamMembership.leave(teamId), ERR.notTeamMember);
        await h().signOut();
        await expectRejection(backend.teamMembership.leave(teamId), ERR.loginRequired);
      });

      it('tells the owner when a member leaves, once per leave, and nobody when the owner removes one', async () => {
        const { backend } = h();
        const { owner, member, teamId } = await teamWithMember(h());
        await h().signInAs(member);
        await backend.teamMembership.leave(teamId);
        await h().signInAs(owner);
        const notes = await notificationsOf(owner, (items) =>
          items.some((n) => n.type === 'team_member_left'),
        );
        expect(notes.filter((n) => n.type === 'team_member_left')).toEqual([
          expect.objectContaining({
            id: `${teamRequestIdFor(teamId, member)}_team_member_left`,
            userId: owner,
            read: false,
            data: {
              teamId,
              teamName: '世田谷フットサルクラブ',
              memberId: member,
              memberName: '加入 花子',
            },
          }),
        ]);
        // Back in, then removed by the owner: no notice of that.
        await backend.notifications.markAllRead(owner);
        const again = await askAs(member, teamId);
        await h().signInAs(owner);
        await backend.teamMembership.approveRequest(teamId, again);
        await backend.teamMembership.removeMember(teamId, member);
        await sleep(200);
        const after = await notificationsOf(owner, () => true);
        expect(after.filter((n) => n.type === 'team_member_left' && !n.read)).toEqual([]);
      });

      it('lets the owner remove a member, and nobody else remove anyone', async () => {
        const { backend } = h();
        const { owner, member, teamId } = await teamWithMember(h());
        await expectRejection(
          backend.teamMembership.removeMember(teamId, owner),
          ERR.cannotRemoveTeamOwner,
        );
        await h().signInAs(member);
        await expectRejection(
          backend.teamMembership.removeMember(teamId, owner),
          ERR.noTeamMemberPermission,
        );
        await h().signInAs(owner);
        await backend.teamMembership.removeMember(teamId, member);
        expect((await backend.teams.get(teamId))!.members).toEqual([owner]);
        await expectRejection(
          backend.teamMembership.removeMember(teamId, member),
          ERR.notTeamMember,
        );
        await h().signInAs(member);
        expect(await backend.teams.myRequestFor(teamId)).toBeNull();
      });
    });

    describe('team events', () => {
      it('lets a member hold an event for the team, named after it, and lists the upcoming ones', async () => {
        const { backend } = h();
        const { owner, teamId } = await teamWithAsker(h());
        await expectRejection(
          backend.organizing.create(eventInput({ teamId, teamName: '名乗り' })),
          ERR.teamEventNotMember,
        );
        await h().signInAs(owner);
        const later = await backend.organizing.create(
          eventInput({ title: '練習試合', teamId, teamName: '偽の名前', date: dayFromToday(9) }),
        );
        const sooner = await backend.organizing.create(
          eventInput({ title: '定例練習', teamId, teamName: '', date: dayFromToday(2) }),
        );
        await backend.organizing.create(eventInput({ title: 'チーム外の会' }));
        expect(await backend.events.get(later)).toMatchObject({
          teamId,
          teamName: '世田谷フットサルクラブ',
        });
        expect((await backend.events.byTeam(teamId)).map((e) => e.id)).toEqual([sooner, later]);
        expect(await backend.events.byTeam('no-such-team')).toEqual([]);
        await backend.organizing.update(sooner, { teamId: '', teamName: '' });
        expect(await backend.events.get(sooner)).toMatchObject({ teamId: '', teamName: '' });
        await h().signOut();
        expect((await backend.events.byTeam(teamId)).map((e) => e.id)).toEqual([later]);
      });
    });

    describe('who may write', () => {
      it('refuses a suspended account every team write, and lets it read', async () => {
        const { backend } = h();
        const { owner, asker, teamId } = await teamWithAsker(h());
        const requestId = await backend.teamMembership.requestToJoin(teamId, '');
        await h().signUpAs('メンバー');
        const other = await backend.teamMembership.requestToJoin(teamId, '');
        await h().signInAs(owner);
        await backend.teamMembership.approveRequest(teamId, other);
        const member = (await backend.teams.get(teamId))!.members[1]!;

        await h().setSuspended(owner, true);
        await h().setSuspended(asker, true);
        await h().setSuspended(member, true);
        const suspended = ERR.accountSuspended;
        await h().signInAs(owner);
        expect((await backend.teams.get(teamId))!.ownerId).toBe(owner);
        await expectRejection(backend.teamMembership.create(teamInput()), suspended);
        await expectRejection(backend.teamMembership.update(teamId, { name: '停止中' }), suspended);
        await expectRejection(backend.teamMembership.approveRequest(teamId, requestId), suspended);
        await expectRejection(backend.teamMembership.rejectRequest(teamId, requestId), suspended);
        await expectRejection(backend.teamMembership.removeMember(teamId, member), suspended);
        await h().signInAs(asker);
        await expectRejection(backend.teamMembership.cancelRequest(teamId, requestId), suspended);
        await h().signInAs(member);
        await expectRejection(backend.teamMembership.leave(teamId), suspended);
        expect((await backend.teams.get(teamId))!.members).toEqual([owner, member]);

        await h().setSuspended(asker, false);
        await h().signInAs(asker);
        await backend.teamMembership.cancelRequest(teamId, requestId);
        expect(await backend.teams.myRequestFor(teamId)).toBeNull();
      });

      it('refuses an unverified account creating a team or asking to join', async () => {
        const { backend } = h();
        await h().signUpAs('代表');
        const teamId = await backend.teamMembership.create(teamInput());
        await h().signUpUnverifiedAs('未確認 さん');
        await expectRejection(backend.teamMembership.create(teamInput()), ERR.emailNotVerified);
        await expectRejection(
          backend.teamMembership.requestToJoin(teamId, ''),
          ERR.emailNotVerified,
        );
        expect(await backend.teams.myRequestFor(teamId)).toBeNull();
      });
    });

    it('reads a missing team as null, and throws when teams cannot be read', async () => {
      const { backend } = h();
      const owner = await h().signUpAs('代表');
      const id = await backend.teamMembership.create(teamInput());
      expect(await backend.teams.get('no-such-team')).toBeNull();
      h().failReads({ collection: 'teams', code: 'unavailable' });
      await expectFailure(backend.teams.get(id), 'unavailable');
      await expectFailure(backend.teams.list({}), 'unavailable');
      await expectFailure(backend.teams.byMember(owner), 'unavailable');
    });
  });
}
