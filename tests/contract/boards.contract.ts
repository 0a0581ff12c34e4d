import { describe, expect, it } from 'vitest';
import { BOARD_PAGE_SIZE, HEADER_BOARD_EVENTS, HEADER_BOARD_TEAMS } from '@/domain/constants';
import { notificationText, type AppNotification } from '@/domain/entities/notification';
import { ERR, failureCode } from '@/domain/errors';
import { sideEffectsSettled } from '@/lib/side-effects';
import type { BoardPage, BoardRef, BoardState } from '@/domain/rules/boards';
import type { ContractHarness, HarnessFactory } from './harness';
import {
  dayFromToday,
  eventInput,
  expectRejection,
  liveFailure,
  teamInput,
  useHarness,
  waitForLive,
} from './support';

/**
 * Event boards and team chat (src/data/use-cases/boards.ts, docs/board.md), the same on both
 * backends: who reads and posts, editing, deleting, pinning, paging and the unread marks.
 */
export function boardsContract(makeHarness: HarnessFactory): void {
  describe('boards', { timeout: 90_000 }, () => {
    const h = useHarness(makeHarness);

    const livePosts = (
      harness: ContractHarness,
      ref: BoardRef,
      accept: (p: BoardPage) => boolean,
    ) =>
      waitForLive<BoardPage>(
        (next, fail) => harness.backend.boards.subscribe(ref, next, fail),
        accept,
      );
    const liveState = (
      harness: ContractHarness,
      ref: BoardRef,
      accept: (s: BoardState) => boolean,
    ) =>
      waitForLive<BoardState>(
        (next, fail) => harness.backend.boards.subscribeState(ref, next, fail),
        accept,
      );
    const texts = (p: BoardPage) => p.posts.map((x) => x.content);

    /** An event (先着順) of 主催 with one participant and one person waiting; all signed up. */
    async function eventWithPeople(harness: ContractHarness) {
      const { backend } = harness;
      const organizer = await harness.signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(
        eventInput({ capacity: 1, entryMethod: 'firstCome' }),
      );
      const participant = await harness.signUpAs('参加 花子');
      await backend.roster.join(eventId);
      const waiting = await harness.signUpAs('待ち 次郎');
      await backend.roster.joinWaitlist(eventId);
      const stranger = await harness.signUpAs('通りすがり');
      return {
        organizer,
        participant,
        waiting,
        stranger,
        ref: { kind: 'event', id: eventId } as const,
      };
    }

    it('lets the organizer and a participant post and read live, oldest first', async () => {
      const { backend } = h();
      const { organizer, participant, ref } = await eventWithPeople(h());
      await h().signInAs(organizer);
      expect(await backend.boards.access(ref)).toBe('write');
      const first = await backend.boards.post(ref, '  ビブスは白を持ってきてください  ');
      expect(first).toMatchObject({
        content: 'ビブスは白を持ってきてください',
        authorName: '主催 太郎',
      });
      await h().signInAs(participant);
      await backend.boards.post(ref, '駐車場はありますか？');
      const page = await livePosts(h(), ref, (p) => p.posts.length === 2);
      expect(texts(page)).toEqual(['ビブスは白を持ってきてください', '駐車場はありますか？']);
      expect(page.posts.map((p) => p.authorId)).toEqual([organizer, participant]);
      expect(page.olderCursor).toBeNull();
    });

    it('lets those waiting read only, and refuses a stranger, a visitor and a missing event', async () => {
      const { backend } = h();
      const { organizer, waiting, stranger, ref } = await eventWithPeople(h());
      await h().signInAs(organizer);
      await backend.boards.post(ref, 'こんにちは');
      await h().signInAs(waiting);
      expect(await backend.boards.access(ref)).toBe('read');
      expect(texts(await livePosts(h(), ref, (p) => p.posts.length === 1))).toEqual(['こんにちは']);
      await expectRejection(backend.boards.post(ref, '質問です'), ERR.boardNoSeat);
      await h().signInAs(stranger);
      expect(await backend.boards.access(ref)).toBe('none');
      expect(
        failureCode(await liveFailure((next, fail) => backend.boards.subscribe(ref, next, fail))),
      ).toBe('permission-denied');
      await expectRejection(backend.boards.post(ref, '見えますか'), ERR.boardNotFound);
      expect(await backend.boards.unread([ref])).toEqual({ [`event_${ref.id}`]: false });
      await h().signOut();
      expect(await backend.boards.access(ref)).toBe('none');
      await expectRejection(backend.boards.post(ref, 'x'), ERR.loginRequired);
      await h().signInAs(organizer);
      await expectRejection(
        backend.boards.post({ kind: 'event', id: 'no-such-event' }, 'x'),
        ERR.boardNotFound,
      );
    });

    it('refuses blank and oversized posts, unverified and suspended writers, and an お知らせ by a participant', async () => {
      const { backend } = h();
      const { participant, ref } = await eventWithPeople(h());
      await h().signInAs(participant);
      await expectRejection(backend.boards.post(ref, '   '), ERR.postEmpty);
      await expectRejection(backend.boards.post(ref, 'あ'.repeat(1001)), ERR.postTooLong);
      await expectRejection(
        backend.boards.post(ref, 'お知らせ', 'participants'),
        ERR.noAnnouncePermission,
      );
      await h().setSuspended(participant, true);
      await expectRejection(backend.boards.post(ref, 'こんにちは'), ERR.accountSuspended);
      await h().signUpUnverifiedAs('未確認');
      await expectRejection(backend.boards.post(ref, 'こんにちは'), ERR.emailNotVerified);
    });

    it('ends the seat of a participant who leaves', async () => {
      const { backend } = h();
      const { participant, ref } = await eventWithPeople(h());
      await h().signInAs(participant);
      await backend.boards.post(ref, '参加します');
      await backend.roster.leave(ref.id);
      expect(await backend.boards.access(ref)).toBe('none');
      await expectRejection(backend.boards.post(ref, 'まだいます'), ERR.boardNotFound);
    });

    it('lets an author edit and delete their own post only; the organizer pins and removes any', async () => {
      const { backend } = h();
      const { organizer, participant, ref } = await eventWithPeople(h());
      await h().signInAs(participant);
      const mine = await backend.boards.post(ref, '10時集合ですか？');
      await backend.boards.edit(ref, mine.id, '9時半集合ですか？');
      await expectRejection(backend.boards.pin(ref, mine.id), ERR.noPinPermission);
      await h().signInAs(organizer);
      const theirs = await backend.boards.post(ref, '9時半集合です');
      await expectRejection(backend.boards.edit(ref, mine.id, '書き換え'), ERR.notPostAuthor);
      await backend.boards.pin(ref, theirs.id);
      await expectRejection(backend.boards.pin(ref, 'no-such-post'), ERR.postNotFound);
      const state = await liveState(h(), ref, (s) => s.summary.pinnedPostId === theirs.id);
      // The organizer wrote the newest post: no news for them.
      expect(state.unread).toBe(false);
      expect((await backend.boards.pinnedPost(ref, theirs.id))?.content).toBe('9時半集合です');
      await h().signInAs(participant);
      await expectRejection(backend.boards.remove(ref, theirs.id), ERR.noPostDeletePermission);
      const page = await livePosts(h(), ref, (p) => p.posts.length === 2);
      expect(page.posts[0]).toMatchObject({ content: '9時半集合ですか？' });
      expect(page.posts[0]!.editedAt).not.toBeNull();
      await h().signInAs(organizer);
      await backend.boards.remove(ref, theirs.id);
      await backend.boards.remove(ref, mine.id);
      await liveState(h(), ref, (s) => s.summary.pinnedPostId === '');
      expect(texts(await livePosts(h(), ref, (p) => p.posts.length === 0))).toEqual([]);
    });

    it('lets a reader report a post to staff once; a stranger finds nothing to report', async () => {
      const { backend } = h();
      const { organizer, waiting, stranger, ref } = await eventWithPeople(h());
      await h().signInAs(organizer);
      const post = await backend.boards.post(ref, '怪しいリンク http://example.com');
      const target = { type: 'eventPost', boardId: ref.id, postId: post.id } as const;
      const input = { reason: 'spam', detail: '' } as const;
      await expectRejection(backend.reports.file(target, input), ERR.cannotReportOwn);
      await h().signInAs(stranger);
      await expectRejection(backend.reports.file(target, input), ERR.reportTargetNotFound);
      await h().signInAs(waiting);
      await backend.reports.file(target, input);
      await expectRejection(backend.reports.file(target, input), ERR.alreadyReported);
    });

    it('lets a pending requester read and report a post, but not post', async () => {
      const { backend } = h();
      await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(eventInput({ entryMethod: 'approval' }));
      const ref = { kind: 'event', id: eventId } as const;
      const post = await backend.boards.post(ref, '当日は体育館の2階です');
      await h().signUpAs('申込 三郎');
      await backend.participation.request(eventId, 'よろしくお願いします');
      expect(await backend.boards.access(ref)).toBe('read');
      await expectRejection(backend.boards.post(ref, '質問です'), ERR.boardNoSeat);
      const target = { type: 'eventPost', boardId: eventId, postId: post.id } as const;
      await backend.reports.file(target, { reason: 'spam', detail: '' });
      await expectRejection(
        backend.reports.file(target, { reason: 'spam', detail: '' }),
        ERR.alreadyReported,
      );
    });

    it('tells an お知らせ to each participant (and those waiting when asked) from the server', async () => {
      const { backend } = h();
      const { organizer, participant, waiting, stranger, ref } = await eventWithPeople(h());
      const announcements = (all: AppNotification[]) =>
        all.filter((n) => n.type === 'board_announcement');
      // Waits for `count` of them (a listener's first answer may be its cache's).
      const noticesOf = async (uid: string, count = 0) => {
        await h().signInAs(uid);
        return announcements(
          await waitForLive<AppNotification[]>(
            (next, fail) => backend.notifications.subscribe(uid, next, fail),
            (all) => announcements(all).length === count,
          ),
        );
      };
      await h().signInAs(organizer);
      const first = await backend.boards.post(
        ref,
        'ビブスは白を持ってきてください',
        'participants',
      );
      await sideEffectsSettled();
      const [notice] = await noticesOf(participant, 1);
      expect(notice!.data).toMatchObject({ eventId: ref.id, postId: first.id });
      expect(notificationText(notice!)).toEqual({
        title: '「週末フットサル」の主催者からのお知らせ',
        body: 'ビブスは白を持ってきてください',
      });
      for (const uid of [waiting, stranger, organizer]) expect(await noticesOf(uid)).toEqual([]);
      const mails = async () =>
        (await h().notificationOutbox()).filter((m) => m.subject.includes('主催者からのお知らせ'));
      expect((await mails()).map((m) => m.body.includes('ビブスは白を持ってきてください'))).toEqual(
        [true],
      );

      await h().signInAs(organizer);
      await backend.boards.post(ref, '雨天決行です', 'all');
      await sideEffectsSettled();
      expect(await noticesOf(waiting, 1)).toHaveLength(1);
      expect(await noticesOf(participant, 2)).toHaveLength(2);
      expect(await mails()).toHaveLength(3);
    });

    it('records what became of an お知らせ: sent, partly sent and sent again without telling anyone twice, held back by the hourly limit', async () => {
      const { backend } = h();
      const { organizer, participant, waiting, ref } = await eventWithPeople(h());
      const outcomeOf = async (postId: string, status: string) =>
        (
          await livePosts(h(), ref, (p) =>
            p.posts.some((x) => x.id === postId && x.announceOutcome?.status === status),
          )
        ).posts.find((x) => x.id === postId)!.announceOutcome;
      const mails = async () =>
        (await h().notificationOutbox()).filter((m) => m.subject.includes('主催者からのお知らせ'));
      await h().signInAs(organizer);
      const first = await backend.boards.post(ref, '集合は9時です', 'participants');
      await sideEffectsSettled();
      expect(await outcomeOf(first.id, 'sent')).toEqual({ status: 'sent', notified: 1, failed: 0 });

      h().failNoticeCommits(1);
      const second = await backend.boards.post(ref, '雨天決行です', 'all');
      await sideEffectsSettled();
      expect(await outcomeOf(second.id, 'partial')).toEqual({
        status: 'partial',
        notified: 0,
        failed: 2,
      });
      expect(await mails()).toHaveLength(3);
      // The participant's notice was written after all (an earlier run's, already read): the
      // retry leaves it as it is and writes only the one missing.
      const noticeId = `${second.id}_${participant}_board_announcement`;
      await h().putDocuments([
        {
          path: `notifications/${noticeId}`,
          data: {
            userId: participant,
            type: 'board_announcement',
            data: { eventId: ref.id, eventTitle: '週末フットサル', postId: second.id, excerpt: '' },
            read: true,
            timestamp: new Date(),
          },
        },
      ]);
      await backend.boards.resendAnnouncement(ref, second.id);
      expect(await outcomeOf(second.id, 'sent')).toEqual({
        status: 'sent',
        notified: 2,
        failed: 0,
      });
      expect(await mails()).toHaveLength(3);
      const ofSecond = (all: AppNotification[]) =>
        all.filter((n) => n.type === 'board_announcement' && n.data.postId === second.id);
      await h().signInAs(participant);
      const theirs = ofSecond(
        await waitForLive<AppNotification[]>(
          (next, fail) => backend.notifications.subscribe(participant, next, fail),
          (all) => ofSecond(all).length === 1,
        ),
      );
      expect(theirs.map((n) => [n.id, n.read])).toEqual([[noticeId, true]]);
      await expectRejection(
        backend.boards.resendAnnouncement(ref, second.id),
        ERR.noAnnouncePermission,
      );
      await h().signInAs(waiting);
      await waitForLive<AppNotification[]>(
        (next, fail) => backend.notifications.subscribe(waiting, next, fail),
        (all) => ofSecond(all).length === 1,
      );

      // Three told this hour (the retry counts): the fourth waits, and a retry within the hour too.
      await h().signInAs(organizer);
      const fourth = await backend.boards.post(ref, '持ち物はビブスです', 'participants');
      await sideEffectsSettled();
      expect(await outcomeOf(fourth.id, 'rate_limited')).toEqual({
        status: 'rate_limited',
        notified: 0,
        failed: 0,
      });
      await backend.boards.resendAnnouncement(ref, fourth.id);
      expect((await outcomeOf(fourth.id, 'rate_limited'))?.status).toBe('rate_limited');
      expect(await mails()).toHaveLength(3);
    });

    it('marks a board unread when someone else posts, and read once opened', async () => {
      const { backend } = h();
      const { organizer, participant, ref } = await eventWithPeople(h());
      const key = `event_${ref.id}`;
      await h().signInAs(participant);
      expect(await backend.boards.unread([ref])).toEqual({ [key]: false });
      await h().signInAs(organizer);
      await backend.boards.post(ref, '明日は雨天決行です');
      // One's own post is no news.
      expect(await backend.boards.unread([ref])).toEqual({ [key]: false });
      await h().signInAs(participant);
      expect(await backend.boards.unread([ref])).toEqual({ [key]: true });
      await backend.boards.markRead(ref);
      expect(await backend.boards.unread([ref])).toEqual({ [key]: false });
      expect((await liveState(h(), ref, () => true)).unread).toBe(false);
    });

    it('lists for the header the boards of my events and teams with unread posts, from a bounded read', async () => {
      const { backend } = h();
      const { organizer, participant, ref } = await eventWithPeople(h());
      await h().signInAs(organizer);
      const later = await backend.organizing.create(
        eventInput({ title: '来月のフットサル', date: dayFromToday(30), entryMethod: 'firstCome' }),
      );
      const teamId = await backend.teamMembership.create(teamInput({ name: '朝フットサル部' }));
      const team = { kind: 'team', id: teamId } as const;
      await h().signInAs(participant);
      await backend.roster.join(later);
      const requestId = await backend.teamMembership.requestToJoin(teamId, '');
      expect(await backend.boards.myUnread()).toEqual([]);

      await h().signInAs(organizer);
      await backend.teamMembership.approveRequest(teamId, requestId);
      await backend.boards.post(team, '今週もよろしく');
      await backend.boards.post({ kind: 'event', id: later }, '来月もよろしく');
      await backend.boards.post(ref, '明日は雨天決行です');
      // One's own posts are no news.
      expect(await backend.boards.myUnread()).toEqual([]);

      await h().signInAs(participant);
      const before = h().queriedDocuments?.();
      // Soonest event first, then the teams.
      expect(await backend.boards.myUnread()).toEqual([
        { board: ref, title: '週末フットサル' },
        { board: { kind: 'event', id: later }, title: '来月のフットサル' },
        { board: team, title: '朝フットサル部' },
      ]);
      const after = h().queriedDocuments?.();
      if (before !== undefined && after !== undefined) {
        expect(after - before).toBeLessThanOrEqual(2 * HEADER_BOARD_EVENTS + HEADER_BOARD_TEAMS);
      }
      await backend.boards.markRead(ref);
      await backend.boards.markRead(team);
      expect(await backend.boards.myUnread()).toEqual([
        { board: { kind: 'event', id: later }, title: '来月のフットサル' },
      ]);
      await h().signOut();
      expect(await backend.boards.myUnread()).toEqual([]);
    });

    it('opens a long board with the newest page and its unread mark in a bounded read, and pages older posts', async () => {
      const { backend } = h();
      const { organizer, participant, ref } = await eventWithPeople(h());
      const total = BOARD_PAGE_SIZE * 2 + 5;
      const start = Date.now() - total * 60_000;
      await h().putDocuments(
        Array.from({ length: total }, (_, i) => ({
          path: `eventBoards/${ref.id}/posts/p${String(i).padStart(4, '0')}`,
          data: {
            authorId: organizer,
            authorName: '主催 太郎',
            authorPhotoURL: '',
            content: `投稿 ${i}`,
            createdAt: new Date(start + i * 60_000),
            editedAt: null,
            announce: '',
          },
        })),
      );
      await h().putDocuments([
        {
          path: `eventBoards/${ref.id}`,
          data: {
            lastPostAt: new Date(start + (total - 1) * 60_000),
            lastPostId: `p${String(total - 1).padStart(4, '0')}`,
            lastAuthorId: organizer,
            pinnedPostId: '',
          },
        },
      ]);
      await h().signInAs(participant);
      const before = h().queriedDocuments?.();
      const page = await livePosts(h(), ref, (p) => p.posts.length === BOARD_PAGE_SIZE);
      expect(await backend.boards.unread([ref])).toEqual({ [`event_${ref.id}`]: true });
      const after = h().queriedDocuments?.();
      if (before !== undefined && after !== undefined) {
        // The live page's posts (the listener's first answer may be counted once more locally).
        expect(after - before).toBeLessThanOrEqual(BOARD_PAGE_SIZE * 2 + 5);
      }
      expect(page.posts.at(-1)!.content).toBe(`投稿 ${total - 1}`);
      expect(page.posts[0]!.content).toBe(`投稿 ${total - BOARD_PAGE_SIZE}`);
      const older = await backend.boards.olderPosts(ref, page.olderCursor!);
      expect(older.items.map((p) => p.content)).toEqual(
        Array.from(
          { length: BOARD_PAGE_SIZE },
          (_, i) => `投稿 ${total - BOARD_PAGE_SIZE - 1 - i}`,
        ),
      );
      const oldest = await backend.boards.olderPosts(ref, older.nextCursor!);
      expect(oldest.items.map((p) => p.content)).toEqual([
        '投稿 4',
        '投稿 3',
        '投稿 2',
        '投稿 1',
        '投稿 0',
      ]);
      expect(oldest.nextCursor).toBeNull();
    });

    it('team chat: members post and read; one who leaves can no longer', async () => {
      const { backend } = h();
      const owner = await h().signUpAs('代表 太郎');
      const teamId = await backend.teamMembership.create(teamInput({ name: '朝フットサル部' }));
      const ref = { kind: 'team', id: teamId } as const;
      const member = await h().signUpAs('部員 花子');
      const requestId = await backend.teamMembership.requestToJoin(teamId, '');
      expect(await backend.boards.access(ref)).toBe('none');
      await h().signInAs(owner);
      await backend.teamMembership.approveRequest(teamId, requestId);
      await backend.boards.post(ref, '今週もよろしく');
      await expectRejection(
        backend.boards.post(ref, 'お知らせ', 'participants'),
        ERR.noAnnouncePermission,
      );
      await h().signInAs(member);
      expect(await backend.boards.access(ref)).toBe('write');
      await backend.boards.post(ref, 'よろしくお願いします');
      expect(texts(await livePosts(h(), ref, (p) => p.posts.length === 2))).toEqual([
        '今週もよろしく',
        'よろしくお願いします',
      ]);
      await backend.teamMembership.leave(teamId);
      await expectRejection(backend.boards.post(ref, 'まだいます'), ERR.boardNotFound);
      expect(
        failureCode(await liveFailure((next, fail) => backend.boards.subscribe(ref, next, fail))),
      ).toBe('permission-denied');
    });
  });
}
