import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_SETTINGS } from '@/domain/entities/email-settings';
import { notificationText, type AppNotification } from '@/domain/entities/notification';
import { ERR } from '@/domain/errors';
import { sideEffectsSettled } from '@/lib/side-effects';
import type { ContractHarness, HarnessFactory } from './harness';
import { dayFromToday, eventInput, expectRejection, useHarness, waitForLive } from './support';

/**
 * Following an organizer or a team (src/data/use-cases/follows.ts) and the server's notices of a
 * followed one's new event (mail/handlers/follower-notices.ts), the same on both backends.
 */
export function followsContract(makeHarness: HarnessFactory): void {
  // Many accounts each: the emulators take their time on a busy machine.
  describe('follows', { timeout: 60_000 }, () => {
    const h = useHarness(makeHarness);

    const team = (name: string) => ({
      name,
      description: '',
      sportType: 'フットサル' as const,
      region: '関東' as const,
      level: '誰でも' as const,
      activity: '',
      maxMembers: 20,
      recruiting: true,
      imageURL: '',
      imagePath: '',
    });

    async function noticesOf(harness: ContractHarness, uid: string) {
      await harness.signInAs(uid);
      return waitForLive<AppNotification[]>(
        (next, fail) => harness.backend.notifications.subscribe(uid, next, fail),
        () => true,
      );
    }
    const followedNotices = (items: AppNotification[]) =>
      items.filter((n) => n.type === 'followed_event');

    it('follows an organizer once, counts them, lists them and stops following', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      await h().signUpAs('フォロー 花子');
      const target = { kind: 'user' as const, id: organizer };
      expect(await backend.follows.isFollowing(target)).toBe(false);
      await backend.follows.follow(target);
      await backend.follows.follow(target);
      expect(await backend.follows.isFollowing(target)).toBe(true);
      expect(await backend.follows.followerCount(target)).toBe(1);
      const list = await backend.follows.following();
      expect(list.map((f) => [f.targetKind, f.targetId, f.targetName])).toEqual([
        ['user', organizer, '主催 太郎'],
      ]);

      await h().signUpAs('フォロー 次郎');
      await backend.follows.follow(target);
      expect(await backend.follows.followerCount(target)).toBe(2);
      await backend.follows.unfollow(target);
      await backend.follows.unfollow(target);
      expect(await backend.follows.isFollowing(target)).toBe(false);
      expect(await backend.follows.followerCount(target)).toBe(1);
      expect(await backend.follows.following()).toEqual([]);

      await h().signOut();
      // Anyone reads a count, signed out too.
      expect(await backend.follows.followerCount(target)).toBe(1);
      expect(await backend.follows.isFollowing(target)).toBe(false);
    });

    it('refuses a visitor, oneself, an unknown target and a suspended account', async () => {
      const { backend } = h();
      const me = await h().signUpAs('自分');
      await expectRejection(backend.follows.follow({ kind: 'user', id: me }), ERR.cannotFollowSelf);
      await expectRejection(
        backend.follows.follow({ kind: 'team', id: 'no-such-team' }),
        ERR.followTargetNotFound,
      );
      const other = await h().signUpAs('相手');
      await h().setSuspended(me, true);
      await h().signInAs(me);
      await expectRejection(
        backend.follows.follow({ kind: 'user', id: other }),
        ERR.accountSuspended,
      );
      await h().signOut();
      await expectRejection(backend.follows.follow({ kind: 'user', id: other }), ERR.loginRequired);
    });

    it('tells each follower of the organizer and of the team once of a new event, and mails by their switch', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const teamId = await backend.teamMembership.create(team('世田谷フットサルクラブ'));
      const followers: Record<string, string> = {};
      const follow = async (name: string, targets: { kind: 'user' | 'team'; id: string }[]) => {
        followers[name] = await h().signUpAs(name);
        for (const t of targets) await backend.follows.follow(t);
      };
      await follow('主催者だけ', [{ kind: 'user', id: organizer }]);
      await follow('チームだけ', [{ kind: 'team', id: teamId }]);
      await follow('両方', [
        { kind: 'user', id: organizer },
        { kind: 'team', id: teamId },
      ]);
      await follow('メールなし', [{ kind: 'user', id: organizer }]);
      await backend.users.saveEmailSettings(followers['メールなし']!, {
        ...DEFAULT_EMAIL_SETTINGS,
        followedEvents: false,
      });
      const outsider = await h().signUpAs('無関係');

      await h().signInAs(organizer);
      const eventId = await backend.organizing.create(
        eventInput({
          title: '週末フットサル',
          teamId,
          teamName: '世田谷フットサルクラブ',
          date: dayFromToday(5),
        }),
      );
      await sideEffectsSettled();

      for (const name of ['主催者だけ', '両方', 'メールなし']) {
        const [notice, ...more] = followedNotices(await noticesOf(h(), followers[name]!));
        expect(more).toEqual([]);
        expect(notice!.data).toMatchObject({ eventId, eventTitle: '週末フットサル', via: 'user' });
        expect(notificationText(notice!)).toEqual({
          title: 'フォロー中の主催者が新しいイベントを公開しました',
          body: '主催 太郎さんが「週末フットサル」を公開しました',
        });
      }
      const [teamNotice, ...moreTeam] = followedNotices(
        await noticesOf(h(), followers['チームだけ']!),
      );
      expect(moreTeam).toEqual([]);
      expect(notificationText(teamNotice!)).toEqual({
        title: 'フォロー中のチームが新しいイベントを公開しました',
        body: '「世田谷フットサルクラブ」が「週末フットサル」を公開しました',
      });
      for (const uid of [outsider, organizer]) {
        expect(followedNotices(await noticesOf(h(), uid))).toEqual([]);
      }

      const mails = (await h().notificationOutbox()).filter((m) =>
        m.subject.includes('を公開しました'),
      );
      expect(mails).toHaveLength(3);
      expect(new Set(mails.map((m) => m.to)).size).toBe(3);
      expect(mails[0]!.body).toContain(`/events/${eventId}`);

      // A second call for the same event (a retry) writes nothing new and mails nobody again.
      await h().signInAs(organizer);
      await backend.api.sendNotificationEmail({ type: 'event_published', eventId });
      const again = (await h().notificationOutbox()).filter((m) =>
        m.subject.includes('を公開しました'),
      );
      expect(again).toHaveLength(3);
      expect(followedNotices(await noticesOf(h(), followers['両方']!))).toHaveLength(1);
    });

    it('lets nobody but the organizer cause the notices', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(eventInput({ date: dayFromToday(5) }));
      await sideEffectsSettled();
      await h().signUpAs('他人');
      await expect(
        backend.api.sendNotificationEmail({ type: 'event_published', eventId }),
      ).rejects.toThrow(/^403: /);
      await h().signInAs(organizer);
    });

    it("shows the followed organizers' and teams' upcoming open events on home, soonest first", async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const later = await backend.organizing.create(
        eventInput({ title: '後の回', date: dayFromToday(9) }),
      );
      const sooner = await backend.organizing.create(
        eventInput({ title: '先の回', date: dayFromToday(3) }),
      );
      const teamOwner = await h().signUpAs('代表 次郎');
      const teamId = await backend.teamMembership.create(team('チームA'));
      const teamEvent = await backend.organizing.create(
        eventInput({ title: 'チームの回', teamId, teamName: 'チームA', date: dayFromToday(6) }),
      );
      await backend.organizing.create(eventInput({ title: 'チーム外の回', date: dayFromToday(4) }));
      await sideEffectsSettled();

      await h().signUpAs('フォロー 花子');
      expect(await backend.follows.followedEvents()).toEqual([]);
      await backend.follows.follow({ kind: 'user', id: organizer });
      await backend.follows.follow({ kind: 'team', id: teamId });
      const shown = await backend.follows.followedEvents();
      expect(shown.map((e) => e.id)).toEqual([sooner, teamEvent, later]);
      await backend.follows.unfollow({ kind: 'user', id: organizer });
      expect((await backend.follows.followedEvents()).map((e) => e.id)).toEqual([teamEvent]);
      expect(teamOwner).not.toBe(organizer);
      await h().signOut();
      expect(await backend.follows.followedEvents()).toEqual([]);
    });

    it("reads only the signed-in user's own follows", async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const fan = await h().signUpAs('フォロー 花子');
      await backend.follows.follow({ kind: 'user', id: organizer });
      await h().signUpAs('覗き見');
      expect(await backend.follows.following()).toEqual([]);
      await h().signInAs(fan);
      expect((await backend.follows.following()).map((f) => f.targetId)).toEqual([organizer]);
    });
  });
}
