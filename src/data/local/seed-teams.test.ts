import { describe, expect, it } from 'vitest';
import { teamSchema } from '@/domain/entities/team';
import { teamFormSchema } from '@/domain/team-form';
import { DEMO_PASSWORD, DEMO_UIDS } from '@/data/demo/people';
import { localBackendsPerTest } from '@/test/local-backends';

const seeded = localBackendsPerTest('seed-teams', { seed: true });

describe('demo teams', () => {
  it('hold to the team rules: valid fields, the owner a member, never beyond the limit', async () => {
    const backend = await seeded();
    const first = await backend.teams.list({});
    // Enough teams for the list to page; the six written out come first (the newest).
    expect(first.nextCursor).not.toBeNull();
    expect(first.items.slice(0, 6).map((t) => t.id)).toEqual([
      'seed-team-06',
      'seed-team-05',
      'seed-team-04',
      'seed-team-03',
      'seed-team-02',
      'seed-team-01',
    ]);
    const teams = [...first.items, ...(await backend.teams.list({}, first.nextCursor)).items];
    expect(new Set(teams.map((t) => t.name)).size).toBe(teams.length);
    for (const team of teams) {
      expect(teamFormSchema.safeParse(team).success).toBe(true);
      expect(team.members[0]).toBe(team.ownerId);
      expect(team.members.length).toBeLessThanOrEqual(team.maxMembers);
    }
    // A recruiting team, a closed one and a full one, for the demo and the screens' states.
    expect(teams.some((t) => !t.recruiting)).toBe(true);
    expect(teams.some((t) => t.recruiting && t.members.length === t.maxMembers)).toBe(true);
    // The route tests open seed-team-01 directly.
    expect(teamSchema.parse(await backend.db.teams.get('seed-team-01'))).toMatchObject({
      name: '世田谷フットサルクラブ',
      ownerId: DEMO_UIDS.organizer,
    });
  });

  it('give the owner of seed-team-01 a pending request to answer, with its notification', async () => {
    const backend = await seeded();
    await backend.auth.signIn('organizer@example.com', DEMO_PASSWORD);
    const pending = await backend.teams.pendingRequests('seed-team-01');
    expect(pending.map((r) => r.userId)).toEqual([DEMO_UIDS.misaki]);
    const notice = await backend.db.notifications.get(`${pending[0]!.id}_team_join_request`);
    expect(notice).toMatchObject({ userId: DEMO_UIDS.organizer, type: 'team_join_request' });
    await backend.teamMembership.approveRequest('seed-team-01', pending[0]!.id);
    expect((await backend.teams.get('seed-team-01'))!.members).toContain(DEMO_UIDS.misaki);
  });

  it('list upcoming team events, held by members of the team', async () => {
    const backend = await seeded();
    const events = await backend.events.byTeam('seed-team-01');
    expect(events.length).toBeGreaterThanOrEqual(2);
    const team = (await backend.teams.get('seed-team-01'))!;
    for (const e of events) {
      expect(e.teamName).toBe(team.name);
      expect(team.members).toContain(e.organizerId);
    }
  });
});
