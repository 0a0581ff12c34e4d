import { teamSchema } from '@/domain/entities/team';
import { assertCanEditTeam, decideTeamCreate } from '@/domain/rules/teams';

const team = teamSchema.parse({
  id: 't1',
  name: '週末フットサル部',
  ownerId: 'owner',
  members: ['owner'],
});

describe('team rules', () => {
  it('makes the creator the owner and first member', () => {
    expect(decideTeamCreate('u1')).toEqual({ ownerId: 'u1', members: ['u1'] });
  });

  it('needs a signed-in user to create', () => {
    expect(() => decideTeamCreate(null)).toThrow('User must be authenticated');
  });

  it('lets only the owner edit', () => {
    expect(() => assertCanEditTeam('owner', team)).not.toThrow();
    expect(() => assertCanEditTeam('someone', team)).toThrow(
      'このチームを編集する権限がありません',
    );
    expect(() => assertCanEditTeam(null, team)).toThrow('User must be authenticated');
    expect(() => assertCanEditTeam('owner', null)).toThrow('チームが見つかりません');
  });
});
