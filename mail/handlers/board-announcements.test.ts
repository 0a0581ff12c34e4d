import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENTS_PER_HOUR, ANNOUNCEMENT_WINDOW_MS } from './board-announcements.js';
import { handleSendEmail } from './send-email.js';
import { fakeDeps, ORGANIZER, post, world } from '../test/fakes.js';

const NOW = new Date('2024-05-01T03:00:00Z');
const body = (postId = 'p1', retry?: boolean) => ({
  type: 'board_announcement',
  eventId: 'event-1',
  postId,
  ...(retry ? { retry } : {}),
});

/** event-1 of ORGANIZER with `n` participants and two waiting, and ORGANIZER's post p1. */
function boardWorld(n: number, announce: 'participants' | 'all' = 'participants') {
  const w = world();
  const participants = Array.from({ length: n }, (_, i) => `p-${i}`);
  w.events['event-1'] = { ...w.events['event-1']!, participants, waitlist: ['w-0', 'w-1'] };
  w.boardPosts = {};
  for (const id of ['p1', 'p2', 'p3', 'p4', 'p5']) {
    w.boardPosts[`event-1/${id}`] = {
      authorId: ORGANIZER,
      content: 'ビブスは白を持ってきてください',
      announce,
      createdAt: new Date(NOW.getTime() - 30_000),
      outcome: '',
      notified: 0,
    };
  }
  for (const uid of [...participants, 'w-0', 'w-1']) {
    w.authUsers[uid] = { email: `${uid}@example.jp`, emailVerified: true, disabled: false };
  }
  return w;
}

describe('send-email: board_announcement', () => {
  it('tells every participant by notice and mail, in commits of at most 400, not the organizer', async () => {
    const w = boardWorld(450);
    w.events['event-1']!.participants.push(ORGANIZER);
    const { deps, sent } = fakeDeps(w);
    const res = await handleSendEmail(post(body()), deps);
    expect(res.body).toMatchObject({ notified: 450, mailed: 450 });
    expect(w.writtenAnnouncements!.map((c) => c.length)).toEqual([400, 50]);
    const notices = w.writtenAnnouncements!.flat();
    expect(notices.some((n) => n.userId === ORGANIZER || n.userId.startsWith('w-'))).toBe(false);
    expect(notices[0]).toMatchObject({
      id: 'p1_p-0_board_announcement',
      type: 'board_announcement',
      data: { eventId: 'event-1', postId: 'p1', excerpt: 'ビブスは白を持ってきてください' },
    });
    expect(sent).toHaveLength(450);
    expect(sent[0]!.text).toContain('ビブスは白を持ってきてください');
  });

  it('tells those waiting too with 「キャンセル待ちの人にも通知」, and respects the mail switch', async () => {
    const w = boardWorld(2, 'all');
    w.settings['w-1'] = { boardAnnouncements: false };
    const { deps, sent } = fakeDeps(w);
    await handleSendEmail(post(body()), deps);
    expect(w.writtenAnnouncements!.flat().map((n) => n.userId)).toEqual([
      'p-0',
      'p-1',
      'w-0',
      'w-1',
    ]);
    expect(sent.map((m) => m.to).sort()).toEqual([
      'p-0@example.jp',
      'p-1@example.jp',
      'w-0@example.jp',
    ]);
  });

  it('mails nobody twice for a retry, and tells at most ANNOUNCEMENTS_PER_HOUR an hour', async () => {
    const w = boardWorld(1);
    const { deps, sent } = fakeDeps(w);
    await handleSendEmail(post(body('p1')), deps);
    await handleSendEmail(post(body('p1')), deps);
    expect(sent).toHaveLength(1);
    for (const id of ['p2', 'p3', 'p4']) await handleSendEmail(post(body(id)), deps);
    expect(sent).toHaveLength(ANNOUNCEMENTS_PER_HOUR);
    const res = await handleSendEmail(post(body('p5')), deps);
    expect(res.body).toMatchObject({ sent: false, reason: 'rate_limited' });
    expect(w.boardPosts!['event-1/p5']!.outcome).toBe('rate_limited');
    expect(w.boardPosts!['event-1/p1']).toMatchObject({ outcome: 'sent', notified: 1 });
    // 「再送する」 counts against the same hour: still held back, and a sent one is never again.
    expect((await handleSendEmail(post(body('p5', true)), deps)).body).toMatchObject({
      reason: 'rate_limited',
    });
    expect((await handleSendEmail(post(body('p1', true)), deps)).body).toMatchObject({
      reason: 'duplicate',
    });
    expect(sent).toHaveLength(ANNOUNCEMENTS_PER_HOUR);
  });

  it('records a partial failure, and a retry writes only the missing notices, mailing nobody twice', async () => {
    const w = boardWorld(450);
    w.failAnnouncementCommits = 1;
    const { deps, sent } = fakeDeps(w);
    const first = await handleSendEmail(post(body()), deps);
    expect(first.body).toMatchObject({ notified: 50, failed: 400, mailed: 450 });
    expect(w.boardPosts!['event-1/p1']).toMatchObject({ outcome: 'partial', notified: 50 });
    const again = await handleSendEmail(post(body('p1', true)), deps);
    expect(again.body).toMatchObject({ notified: 450, failed: 0, mailed: 0 });
    expect(w.writtenAnnouncements!.map((c) => c.length)).toEqual([50, 400]);
    expect(new Set(w.writtenAnnouncements!.flat().map((n) => n.id)).size).toBe(450);
    expect(w.boardPosts!['event-1/p1']!.outcome).toBe('sent');
    expect(sent).toHaveLength(450);
  });

  it('refuses a retry of an お知らせ that has no outcome yet, or is older than a day', async () => {
    const w = boardWorld(1);
    expect((await handleSendEmail(post(body('p1', true)), fakeDeps(w).deps)).status).toBe(403);
    w.boardPosts!['event-1/p2']!.outcome = 'rate_limited';
    w.boardPosts!['event-1/p2']!.createdAt = new Date(NOW.getTime() - 25 * 60 * 60_000);
    expect((await handleSendEmail(post(body('p2', true)), fakeDeps(w).deps)).status).toBe(403);
  });

  it('refuses anyone but the organizer, a plain post, another’s post and an old one', async () => {
    const w = boardWorld(1);
    expect((await handleSendEmail(post(body(), 'requester-token'), fakeDeps(w).deps)).status).toBe(
      403,
    );
    w.boardPosts!['event-1/p2']!.announce = '';
    expect((await handleSendEmail(post(body('p2')), fakeDeps(w).deps)).status).toBe(403);
    w.boardPosts!['event-1/p3']!.authorId = 'someone-else';
    expect((await handleSendEmail(post(body('p3')), fakeDeps(w).deps)).status).toBe(403);
    w.boardPosts!['event-1/p4']!.createdAt = new Date(
      NOW.getTime() - ANNOUNCEMENT_WINDOW_MS - 60_000,
    );
    expect((await handleSendEmail(post(body('p4')), fakeDeps(w).deps)).status).toBe(403);
    expect((await handleSendEmail(post(body('nope')), fakeDeps(w).deps)).status).toBe(403);
    expect(w.writtenAnnouncements).toBeUndefined();
  });
});
