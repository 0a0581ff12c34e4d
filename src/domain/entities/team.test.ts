import {
  isTeamFull,
  isTeamMember,
  mayListTeamRequests,
  membersToShow,
  TEAM_DETAIL_MEMBER_PROFILES,
  teamJoinRequestSchema,
  teamSchema,
} from '@/domain/entities/team';

describe('teamSchema', () => {
  it('fills a bare document with defaults: level 誰でも, recruiting, no limit', () => {
    expect(teamSchema.parse({ id: 't1' })).toEqual({
      id: 't1',
      name: '',
      description: '',
      sportType: '',
      region: '',
      level: '誰でも',
      activity: '',
      ownerId: '',
      members: [],
      maxMembers: 0,
      recruiting: true,
      imageURL: '',
      imagePath: '',
      createdAt: null,
      updatedAt: null,
    });
  });

  it('keeps stored values and drops duplicate or malformed member entries', () => {
    const t = teamSchema.parse({
      id: 't1',
      name: 'FC東京湾',
      members: ['a', 'b', 'a', 7, ''],
      maxMembers: '20',
      level: '中級者',
      recruiting: false,
    });
    expect(t).toMatchObject({
      name: 'FC東京湾',
      members: ['a', 'b'],
      maxMembers: 20,
      level: '中級者',
      recruiting: false,
    });
  });
});

describe('team helpers', () => {
  it('is full at the limit; a limit of 0 (older documents) never fills', () => {
    expect(isTeamFull({ members: ['a', 'b'], maxMembers: 2 })).toBe(true);
    expect(isTeamFull({ members: ['a'], maxMembers: 2 })).toBe(false);
    expect(isTeamFull({ members: ['a', 'b', 'c'], maxMembers: 0 })).toBe(false);
  });

  it('knows members, and nobody when signed out', () => {
    expect(isTeamMember({ members: ['a'] }, 'a')).toBe(true);
    expect(isTeamMember({ members: ['a'] }, 'b')).toBe(false);
    expect(isTeamMember({ members: ['a'] }, null)).toBe(false);
  });

  it('shows the owner first and at most the first 20 members', () => {
    const members = Array.from({ length: 30 }, (_, i) => `m${i}`);
    const shown = membersToShow({ ownerId: 'm25', members });
    expect(shown).toHaveLength(TEAM_DETAIL_MEMBER_PROFILES);
    expect(shown[0]).toBe('m25');
    expect(shown.slice(1, 3)).toEqual(['m0', 'm1']);
  });
});

describe('teamJoinRequestSchema', () => {
  it('reads an unknown status as pending and a missing message as empty', () => {
    expect(
      teamJoinRequestSchema.parse({ id: 'r', teamId: 't', userId: 'u', status: 'odd' }),
    ).toMatchObject({ status: 'pending', message: '' });
  });
});

describe('mayListTeamRequests', () => {
  it("is the owner's alone", () => {
    const team = { ownerId: 'owner' };
    expect(mayListTeamRequests('owner', team)).toBe(true);
    expect(mayListTeamRequests('member', team)).toBe(false);
    expect(mayListTeamRequests(null, team)).toBe(false);
    expect(mayListTeamRequests('owner', null)).toBe(false);
  });
});
