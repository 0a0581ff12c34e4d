import { describe, expect, it } from 'vitest';
import type { TeamInput } from '@/data/ports/teams';
import { ERR } from '@/domain/errors';
import type { HarnessFactory } from './harness';
import { expectFailure, expectRejection, sleep, useHarness } from './support';

function teamInput(overrides: Partial<TeamInput> = {}): TeamInput {
  return {
    name: '世田谷フットサルクラブ',
    description: '毎週末に活動しています',
    sportType: 'フットサル',
    region: '関東',
    level: '誰でも',
    maxMembers: 20,
    imageURL: '',
    imagePath: '',
    ...overrides,
  };
}

export function teamsContract(makeHarness: HarnessFactory): void {
  describe('teams port', () => {
    const h = useHarness(makeHarness);

    it('creates a team owned by its creator, who is its first member', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('代表');
      const id = await backend.teams.create(teamInput());
      expect(await backend.teams.get(id)).toMatchObject({
        id,
        name: '世田谷フットサルクラブ',
        ownerId: uid,
        members: [uid],
        maxMembers: 20,
        level: '誰でも',
      });
      expect(await backend.teams.get('no-such-team')).toBeNull();
    });

    it('refuses to create or update a team when signed out', async () => {
      const { backend } = h();
      await h().signUpAs('代表');
      const id = await backend.teams.create(teamInput());
      await h().signOut();
      await expectRejection(
        backend.teams.create(teamInput({ name: '匿名チーム' })),
        ERR.authRequired,
      );
      await expectRejection(backend.teams.update(id, { name: '匿名で変更' }), ERR.authRequired);
      expect((await backend.teams.list()).items.map((t) => t.name)).toEqual([
        '世田谷フットサルクラブ',
      ]);
    });

    it('lets only the owner update a team', async () => {
      const { backend } = h();
      const owner = await h().signUpAs('代表');
      const id = await backend.teams.create(teamInput());
      await backend.teams.update(id, { description: '初心者歓迎', maxMembers: 25 });
      expect(await backend.teams.get(id)).toMatchObject({
        description: '初心者歓迎',
        maxMembers: 25,
        name: '世田谷フットサルクラブ',
      });

      await h().signUpAs('部外者');
      await expect(backend.teams.update(id, { name: '乗っ取り' })).rejects.toThrow();
      await h().signInAs(owner);
      expect((await backend.teams.get(id))!.name).toBe('世田谷フットサルクラブ');
    });

    it('lists teams newest first in pages with a cursor', async () => {
      const { backend } = h();
      await h().signUpAs('代表');
      const ids: string[] = [];
      for (let i = 0; i < 22; i++) {
        ids.push(await backend.teams.create(teamInput({ name: `チーム${i}` })));
        await sleep(2);
      }
      const first = await backend.teams.list();
      expect(first.items).toHaveLength(20);
      const all = [...first.items];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await backend.teams.list(cursor);
        all.push(...page.items);
        cursor = page.nextCursor;
      }
      expect(all.map((t) => t.id)).toEqual([...ids].reverse());
    });

    it('reads a missing team as null, and throws when teams cannot be read', async () => {
      const { backend } = h();
      await h().signUpAs('代表');
      const id = await backend.teams.create(teamInput());
      expect(await backend.teams.get('no-such-team')).toBeNull();
      h().failReads({ collection: 'teams', code: 'unavailable' });
      await expectFailure(backend.teams.get(id), 'unavailable');
      await expectFailure(backend.teams.list(), 'unavailable');
    });
  });
}
