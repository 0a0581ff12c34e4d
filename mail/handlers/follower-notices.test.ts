import { describe, expect, it } from 'vitest';
import { FOLLOWER_NOTICE_WINDOW_MS } from '../../src/domain/rules/follow-notices.js';
import { handleSendEmail } from './send-email.js';
import { fakeDeps, ORGANIZER, post, world } from '../test/fakes.js';

const NOW = new Date('2024-05-01T03:00:00Z');
const published = { type: 'event_published', eventId: 'event-1' };

/** event-1 created a minute ago by ORGANIZER for team-1, with `n` followers of each. */
function followedWorld(organizerFans: number, teamFans: number, both = 0) {
  const w = world();
  w.events['event-1'] = {
    ...w.events['event-1']!,
    status: 'open',
    teamId: 'team-1',
    teamName: 'チームA',
    createdAt: new Date(NOW.getTime() - 60_000),
  };
  const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  const shared = ids('both-', both);
  w.followers = {
    [`user:${ORGANIZER}`]: [...ids('fan-', organizerFans), ...shared],
    'team:team-1': [...ids('team-fan-', teamFans), ...shared],
  };
  for (const uid of [...w.followers[`user:${ORGANIZER}`]!, ...w.followers['team:team-1']!]) {
    w.authUsers[uid] = { email: `${uid}@example.jp`, emailVerified: true, disabled: false };
  }
  return w;
}

describe('send-email: event_published (follower notices)', () => {
  it('writes the notices of 1,000 followers in commits of at most 400 and mails each once', async () => {
    const w = followedWorld(1000, 0);
    const { deps, sent } = fakeDeps(w);
    const res = await handleSendEmail(post(published), deps);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ notified: 1000, mailed: 1000 });
    expect(w.writtenNotices!.map((c) => c.length)).toEqual([400, 400, 200]);
    expect(new Set(w.writtenNotices!.flat().map((n) => n.id)).size).toBe(1000);
    expect(sent).toHaveLength(1000);
  });

  it('writes every notice, to the followers of the organizer and of the team, before the first mail', async () => {
    const w = followedWorld(500, 300);
    const { deps, sent } = fakeDeps(w);
    const mailedBeforeCommit: number[] = [];
    const write = deps.writeFollowerNotices.bind(deps);
    deps.writeFollowerNotices = async (notices) => {
      mailedBeforeCommit.push(sent.length);
      await write(notices);
    };
    await handleSendEmail(post(published), deps);
    expect(mailedBeforeCommit).toEqual([0, 0, 0]);
    expect(sent).toHaveLength(800);
  });

  it('tells a follower of both the organizer and the team once, and not the organizer', async () => {
    const w = followedWorld(2, 2, 3);
    w.followers![`user:${ORGANIZER}`]!.push(ORGANIZER);
    const { deps, sent } = fakeDeps(w);
    await handleSendEmail(post(published), deps);
    const notices = w.writtenNotices!.flat();
    expect(notices).toHaveLength(7);
    expect(
      notices
        .filter((n) => n.data.via === 'team')
        .map((n) => n.userId)
        .sort(),
    ).toEqual(['team-fan-0', 'team-fan-1']);
    expect(notices.some((n) => n.userId === ORGANIZER)).toBe(false);
    expect(sent).toHaveLength(7);
  });

  it('refuses anyone but the organizer, and an event that is not new', async () => {
    const w = followedWorld(1, 0);
    expect(
      (await handleSendEmail(post(published, 'requester-token'), fakeDeps(w).deps)).status,
    ).toBe(403);
    w.events['event-1']!.createdAt = new Date(NOW.getTime() - FOLLOWER_NOTICE_WINDOW_MS - 60_000);
    expect((await handleSendEmail(post(published), fakeDeps(w).deps)).status).toBe(403);
    expect(w.writtenNotices).toBeUndefined();
  });
});
