import { refusal, refusedAsDone } from '@/test/actors';
import { ERR } from '@/domain/errors';
import { teamJoinRequestSchema, teamSchema, type Team } from '@/domain/entities/team';
import type { Actor } from '@/domain/rules/standing';
import {
  decideEventTeam,
  decideTeamApprove,
  decideTeamCreate,
  decideTeamJoinRequest,
  decideTeamLeave,
  decideTeamMemberRemoval,
  decideTeamReject,
  decideTeamRequestCancel,
  decideTeamUpdate,
} from '@/domain/rules/teams';
import { notificationText } from '@/domain/entities/notification';

const actor = (uid: string, over: Partial<Actor> = {}): Actor => ({
  uid,
  emailVerified: true,
  suspended: false,
  ...over,
});

const team = (over: Record<string, unknown> = {}): Team =>
  teamSchema.parse({
    id: 't1',
    name: '週末フットサル部',
    ownerId: 'owner',
    members: ['owner', 'm1'],
    maxMembers: 5,
    recruiting: true,
    ...over,
  });

const request = (over: Record<string, unknown> = {}) =>
  teamJoinRequestSchema.parse({
    id: 'r1',
    teamId: 't1',
    userId: 'asker',
    message: 'よろしくお願いします',
    status: 'pending',
    ...over,
  });

const input = {
  name: 'FC東京湾',
  description: '毎週土曜に活動しています',
  sportType: 'サッカー',
  region: '関東',
  level: '誰でも',
  activity: '毎週土曜',
  maxMembers: '20',
  recruiting: true,
  imageURL: '',
  imagePath: '',
};

describe('creating a team', () => {
  it('makes a verified creator the owner and first member, with the parsed fields', () => {
    const d = decideTeamCreate(actor('u1'), input);
    expect(d.ownerId).toBe('u1');
    expect(d.members).toEqual(['u1']);
    expect(d.fields).toMatchObject({ name: 'FC東京湾', maxMembers: 20, recruiting: true });
  });

  it('refuses a visitor, a suspended or unverified user, and input the form would refuse', () => {
    expect(refusal(() => decideTeamCreate(null, input))).toBe('loginRequired');
    expect(refusal(() => decideTeamCreate(actor('u1', { suspended: true }), input))).toBe(
      'accountSuspended',
    );
    expect(refusal(() => decideTeamCreate(actor('u1', { emailVerified: false }), input))).toBe(
      'emailNotVerified',
    );
    expect(refusal(() => decideTeamCreate(actor('u1'), { ...input, name: 'あ'.repeat(41) }))).toBe(
      'invalidTeamInput',
    );
    expect(refusal(() => decideTeamCreate(actor('u1'), { ...input, maxMembers: 201 }))).toBe(
      'invalidTeamInput',
    );
    expect(refusal(() => decideTeamCreate(actor('u1'), { ...input, maxMembers: 1 }))).toBe(
      'invalidTeamInput',
    );
  });
});

describe('editing a team', () => {
  it('lets the owner change fields and returns only what was given', () => {
    expect(
      decideTeamUpdate(actor('owner'), team(), { description: '初心者歓迎', recruiting: false }),
    ).toEqual({
      description: '初心者歓迎',
      recruiting: false,
    });
  });

  it('lets only the owner edit, an unverified owner included, and never a limit below the members', () => {
    expect(refusal(() => decideTeamUpdate(actor('m1'), team(), { name: 'x' }))).toBe(
      'noTeamEditPermission',
    );
    expect(refusal(() => decideTeamUpdate(null, team(), { name: 'x' }))).toBe('loginRequired');
    expect(refusal(() => decideTeamUpdate(actor('owner'), null, { name: 'x' }))).toBe(
      'teamNotFound',
    );
    expect(
      refusal(() =>
        decideTeamUpdate(actor('owner', { emailVerified: false }), team(), { name: 'x' }),
      ),
    ).toBe('none');
    expect(refusal(() => decideTeamUpdate(actor('owner'), team(), { maxMembers: 1 }))).toBe(
      'invalidTeamInput',
    );
    expect(
      refusal(() =>
        decideTeamUpdate(actor('owner'), team({ members: ['owner', 'a', 'b'] }), { maxMembers: 2 }),
      ),
    ).toBe('teamLimitBelowMembers');
    expect(ERR.teamLimitBelowMembers).toBe('上限人数は現在のメンバー数より少なくできません');
  });
});

describe('asking to join', () => {
  const ask = (over: Partial<Parameters<typeof decideTeamJoinRequest>[0]> = {}) =>
    decideTeamJoinRequest({
      actor: actor('asker'),
      team: team(),
      myRequests: [],
      message: '  初めまして  ',
      requesterName: '佐藤 花子',
      ...over,
    });

  it('makes a pending request keyed by team and requester, and tells the owner', () => {
    const d = ask();
    expect(d.id).toBe('t1_asker');
    expect(d.request).toEqual({
      teamId: 't1',
      userId: 'asker',
      message: '初めまして',
      status: 'pending',
    });
    expect(d.notify).toMatchObject({
      id: 't1_asker_team_join_request',
      userId: 'owner',
      type: 'team_join_request',
      data: {
        teamId: 't1',
        requestId: 't1_asker',
        teamName: '週末フットサル部',
        requesterName: '佐藤 花子',
      },
    });
    expect(d.notify).not.toHaveProperty('title');
    expect(
      notificationText({ type: d.notify.type, data: { ...d.notify.data }, title: '', content: '' })
        .body,
    ).toBe('佐藤 花子さんが「週末フットサル部」への参加をリクエストしました');
  });

  it('refuses members, a second pending request, a closed or full team, and long messages', () => {
    expect(refusal(() => ask({ actor: actor('m1') }))).toBe('alreadyTeamMember');
    expect(refusal(() => ask({ myRequests: [request()] }))).toBe('alreadyTeamRequested');
    expect(refusedAsDone(() => ask({ myRequests: [request()] }))).toBe(true);
    expect(refusal(() => ask({ myRequests: [request({ status: 'rejected' })] }))).toBe('none');
    expect(refusal(() => ask({ team: team({ recruiting: false }) }))).toBe('teamNotRecruiting');
    expect(refusal(() => ask({ team: team({ maxMembers: 2 }) }))).toBe('teamFull');
    expect(refusal(() => ask({ team: null }))).toBe('teamNotFound');
    expect(refusal(() => ask({ message: 'あ'.repeat(501) }))).toBe('requestMessageTooLong');
    expect(refusal(() => ask({ actor: null }))).toBe('loginRequired');
    expect(refusal(() => ask({ actor: actor('asker', { emailVerified: false }) }))).toBe(
      'emailNotVerified',
    );
  });
});

describe('cancelling a request', () => {
  it('lets the requester cancel a pending request only', () => {
    expect(refusal(() => decideTeamRequestCancel(actor('asker'), request()))).toBe('none');
    expect(refusal(() => decideTeamRequestCancel(actor('other'), request()))).toBe(
      'noCancelPermission',
    );
    expect(
      refusal(() => decideTeamRequestCancel(actor('asker'), request({ status: 'approved' }))),
    ).toBe('alreadyProcessed');
    expect(refusal(() => decideTeamRequestCancel(actor('asker'), null))).toBe('requestNotFound');
    expect(refusal(() => decideTeamRequestCancel(null, request()))).toBe('loginRequired');
  });
});

describe('processing a request', () => {
  it('approval adds the requester and notifies them', () => {
    const d = decideTeamApprove({ actor: actor('owner'), team: team(), request: request() });
    expect(d.members).toEqual(['owner', 'm1', 'asker']);
    expect(d.notify).toMatchObject({
      id: 'r1_team_join_approved',
      userId: 'asker',
      type: 'team_join_approved',
    });
  });

  it('approval still works after recruiting closed, but never beyond the limit', () => {
    const closed = team({ recruiting: false });
    expect(
      decideTeamApprove({ actor: actor('owner'), team: closed, request: request() }).members,
    ).toContain('asker');
    const full = team({ maxMembers: 2 });
    expect(
      refusal(() => decideTeamApprove({ actor: actor('owner'), team: full, request: request() })),
    ).toBe('teamFull');
  });

  it('rejection notifies the requester; only the owner processes, only pending requests', () => {
    const d = decideTeamReject({ actor: actor('owner'), team: team(), request: request() });
    expect(d.notify).toMatchObject({ id: 'r1_team_join_rejected', userId: 'asker' });
    const run = (a: Actor | null, r = request(), t: Team | null = team()) =>
      refusal(() => decideTeamReject({ actor: a, team: t, request: r }));
    expect(run(actor('m1'))).toBe('noProcessPermission');
    expect(run(actor('owner'), request({ status: 'rejected' }))).toBe('alreadyProcessed');
    // The owner deciding again what they decided is a repeat; the other way round is not.
    const again = (decide: typeof decideTeamReject, status: string, by = 'owner') =>
      refusedAsDone(() => decide({ actor: actor(by), team: team(), request: request({ status }) }));
    expect(again(decideTeamReject, 'rejected')).toBe(true);
    expect(again(decideTeamApprove, 'approved')).toBe(true);
    expect(again(decideTeamApprove, 'rejected')).toBe(false);
    expect(again(decideTeamReject, 'rejected', 'm1')).toBe(false);
    expect(run(actor('owner'), request(), null)).toBe('teamNotFound');
    expect(run(null)).toBe('loginRequired');
  });
});

describe('leaving and removing', () => {
  it('lets a member leave, never the owner, drops their requests and tells the owner', () => {
    const d = decideTeamLeave(actor('m1'), team(), '佐藤 花子');
    expect(d).toEqual({
      members: ['owner'],
      deleteRequestsOf: 'm1',
      notify: {
        id: 't1_m1_team_member_left',
        userId: 'owner',
        type: 'team_member_left',
        data: {
          teamId: 't1',
          teamName: '週末フットサル部',
          memberId: 'm1',
          memberName: '佐藤 花子',
        },
      },
    });
    expect(
      notificationText({ type: d.notify.type, data: { ...d.notify.data }, title: '', content: '' }),
    ).toEqual({
      title: 'メンバーがチームを抜けました',
      body: '佐藤 花子さんが「週末フットサル部」を抜けました',
    });
    const leave = (a: Actor | null) => refusal(() => decideTeamLeave(a, team(), ''));
    expect(leave(actor('owner'))).toBe('teamOwnerCannotLeave');
    expect(leave(actor('stranger'))).toBe('notTeamMember');
    expect(leave(actor('m1', { suspended: true }))).toBe('accountSuspended');
    expect(leave(null)).toBe('loginRequired');
  });

  it('lets the owner remove a member, not themself, and nobody else remove anyone', () => {
    expect(decideTeamMemberRemoval(actor('owner'), team(), 'm1')).toEqual({
      members: ['owner'],
      deleteRequestsOf: 'm1',
    });
    expect(refusal(() => decideTeamMemberRemoval(actor('m1'), team(), 'owner'))).toBe(
      'noTeamMemberPermission',
    );
    expect(refusal(() => decideTeamMemberRemoval(actor('owner'), team(), 'owner'))).toBe(
      'cannotRemoveTeamOwner',
    );
    expect(refusal(() => decideTeamMemberRemoval(actor('owner'), team(), 'nobody'))).toBe(
      'notTeamMember',
    );
  });
});

describe('the team of an event', () => {
  it('takes the team name from the team, for a member only', () => {
    expect(
      decideEventTeam({ uid: 'm1', teamId: 't1', teamName: '偽の名前', team: team() }),
    ).toEqual({ teamId: 't1', teamName: '週末フットサル部' });
    expect(
      refusal(() => decideEventTeam({ uid: 'stranger', teamId: 't1', teamName: '', team: team() })),
    ).toBe('teamEventNotMember');
    expect(
      refusal(() => decideEventTeam({ uid: 'm1', teamId: 'gone', teamName: '', team: null })),
    ).toBe('teamNotFound');
  });

  it('keeps an unchanged team, and drops a free-text name unless it was already there', () => {
    const current = { teamId: 't1', teamName: '旧チーム名' };
    expect(
      decideEventTeam({ uid: 'left', teamId: 't1', teamName: '', team: null, current }),
    ).toEqual(current);
    expect(decideEventTeam({ uid: 'u', teamId: '', teamName: '自称チーム', team: null })).toEqual({
      teamId: '',
      teamName: '',
    });
    const legacy = { teamId: '', teamName: '昔のチーム' };
    expect(
      decideEventTeam({
        uid: 'u',
        teamId: '',
        teamName: '昔のチーム',
        team: null,
        current: legacy,
      }),
    ).toEqual(legacy);
    expect(
      decideEventTeam({ uid: 'u', teamId: '', teamName: '', team: null, current: legacy }),
    ).toEqual({ teamId: '', teamName: '' });
  });
});
