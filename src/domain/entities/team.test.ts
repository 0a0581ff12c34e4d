import { teamSchema } from '@/domain/entities/team';

describe('teamSchema', () => {
  it('fills a bare document with defaults, level 誰でも', () => {
    expect(teamSchema.parse({ id: 't1' })).toEqual({
      id: 't1',
      name: '',
      description: '',
      sportType: '',
      region: '',
      level: '誰でも',
      ownerId: '',
      members: [],
      maxMembers: 0,
      imageURL: '',
      imagePath: '',
      createdAt: null,
      updatedAt: null,
    });
  });

  it('keeps stored values', () => {
    const t = teamSchema.parse({
      id: 't1',
      name: 'FC東京湾',
      members: ['a', 'b'],
      maxMembers: '20',
      level: '中級者',
    });
    expect(t).toMatchObject({
      name: 'FC東京湾',
      members: ['a', 'b'],
      maxMembers: 20,
      level: '中級者',
    });
  });
});
