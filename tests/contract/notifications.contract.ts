import { describe, expect, it } from 'vitest';
import { notificationText, type AppNotification } from '@/domain/entities/notification';
import { failureCode } from '@/domain/errors';
import type { HarnessFactory } from './harness';
import { eventInput, expectFailure, liveFailure, useHarness, waitForLive } from './support';

/** A stored notification as the operations that cause one write it (ids, no words). */
function stored(userId: string, minutesAgo: number, extra: Record<string, unknown> = {}) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  return {
    userId,
    type: 'participation_approved',
    data: { eventId: 'e1', requestId: `e1_${userId}`, eventTitle: '朝のテニス' },
    read: false,
    timestamp: at,
    clientTimestamp: at,
    ...extra,
  };
}

export function notificationsContract(makeHarness: HarnessFactory): void {
  describe('notifications port', () => {
    const h = useHarness(makeHarness);

    function live(uid: string, accept: (items: AppNotification[]) => boolean) {
      return waitForLive<AppNotification[]>(
        (next, fail) => h().backend.notifications.subscribe(uid, next, fail),
        accept,
      );
    }

    /** Another user with one notification of their own, then me, signed in. */
    async function otherAndMe() {
      const other = await h().signUpAs('他人');
      await h().seedNotification('n-other', stored(other, 1));
      const [theirs] = await live(other, (items) => items.length === 1);
      const me = await h().signUpAs('本人');
      return { other, theirs: theirs!, me };
    }

    it('delivers only my notifications, newest first, unread by default, and updates live', async () => {
      const other = await h().signUpAs('他人');
      const me = await h().signUpAs('本人');
      await h().seedNotification('n-other', stored(other, 1));
      await h().seedNotification('n-old', stored(me, 30));
      // Written before notifications stopped carrying words: it shows what it stored.
      await h().seedNotification('n-legacy', {
        userId: me,
        type: 'system',
        title: 'メンテナンスのお知らせ',
        content: '明日の午前2時から停止します',
        data: {},
        timestamp: new Date(Date.now() - 10 * 60_000),
      });

      const list = await live(me, (items) => items.length === 2);
      expect(list.map((n) => n.id)).toEqual(['n-legacy', 'n-old']);
      expect(list.every((n) => n.userId === me && n.read === false)).toBe(true);
      expect(notificationText(list[0]!)).toEqual({
        title: 'メンテナンスのお知らせ',
        body: '明日の午前2時から停止します',
      });
      expect(notificationText(list[1]!)).toEqual({
        title: '参加リクエストが承認されました',
        body: '「朝のテニス」への参加が承認されました',
      });
      expect(list[0]!.timestamp.getTime()).toBeGreaterThan(list[1]!.timestamp.getTime());

      // A listener already open sees a later notification arrive.
      const arrived = live(me, (items) => items.length === 3);
      await h().seedNotification('n-new', stored(me, 0));
      expect((await arrived)[0]!.id).toBe('n-new');
    });

    it("refuses someone else's list", async () => {
      const { backend } = h();
      const { other } = await otherAndMe();
      const error = await liveFailure((next, fail) =>
        backend.notifications.subscribe(other, next, fail),
      );
      expect(failureCode(error)).toBe('permission-denied');
      await h().signInAs(other);
      expect(await live(other, (items) => items.length === 1)).toHaveLength(1);
    });

    it('marks one or all of mine read, leaving other users untouched', async () => {
      const { backend } = h();
      const other = await h().signUpAs('他人');
      const me = await h().signUpAs('本人');
      await h().seedNotification('n-other', stored(other, 1));
      for (const [i, id] of ['A', 'B', 'C'].entries()) {
        await h().seedNotification(id, stored(me, i + 1));
      }
      await live(me, (items) => items.length === 3);

      await backend.notifications.markRead('B');
      const afterOne = await live(me, (items) => items.some((n) => n.read));
      expect(afterOne.filter((n) => n.read).map((n) => n.id)).toEqual(['B']);

      await backend.notifications.markAllRead(me);
      const afterAll = await live(me, (items) => items.every((n) => n.read));
      expect(afterAll).toHaveLength(3);

      await h().signInAs(other);
      const theirs = await live(other, (items) => items.length === 1);
      expect(theirs[0]!.read).toBe(false);
    });

    it('marks all read and deletes all beyond one page of 500', async () => {
      const { backend } = h();
      const me = await h().signUpAs('本人');
      // n500 is the newest and the last by id: a page of 500 in id order would leave it out.
      for (let i = 0; i <= 500; i++) {
        await h().seedNotification(`n${String(i).padStart(3, '0')}`, stored(me, 1000 - i * 2));
      }
      await backend.notifications.markAllRead(me);
      const read = await live(me, (items) => items.length > 0 && items[0]!.id === 'n500');
      expect(read.every((n) => n.read)).toBe(true);
      await backend.notifications.removeAll(me);
      await live(me, (items) => items.length === 0);
      // 501 documents seeded one by one: minutes on a loaded emulator.
    }, 120_000);

    it("refuses to mark someone else's or a missing notification read", async () => {
      const { backend } = h();
      const { other, theirs } = await otherAndMe();
      await expectFailure(backend.notifications.markRead(theirs.id), 'permission-denied');
      await expectFailure(
        backend.notifications.markRead('no-such-notification'),
        'permission-denied',
      );
      await expectFailure(backend.notifications.markAllRead(other), 'permission-denied');
      await h().signInAs(other);
      expect((await live(other, (items) => items.length === 1))[0]!.read).toBe(false);
    });

    it('deletes one or all of mine, leaving other users untouched', async () => {
      const { backend } = h();
      const other = await h().signUpAs('他人');
      const me = await h().signUpAs('本人');
      await h().seedNotification('n-other', stored(other, 1));
      for (const [i, id] of ['A', 'B', 'C'].entries()) {
        await h().seedNotification(id, stored(me, i + 1));
      }
      await live(me, (items) => items.length === 3);

      await backend.notifications.remove('A');
      const afterOne = await live(me, (items) => items.length === 2);
      expect(afterOne.map((n) => n.id).sort()).toEqual(['B', 'C']);

      await backend.notifications.removeAll(me);
      await live(me, (items) => items.length === 0);

      await h().signInAs(other);
      expect((await live(other, (items) => items.length === 1))[0]!.id).toBe('n-other');
    });

    describe('a notification cannot be forged', () => {
      it('offers no way to write one: only the operation that causes it does', () => {
        expect('add' in h().backend.notifications).toBe(false);
      });

      it('stores ids and checked values, never what the requester typed', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催 太郎');
        const eventId = await backend.organizing.create(eventInput({ title: '朝のテニス' }));
        const requester = await h().signUpAs('参加 花子');
        const requestId = await backend.participation.request(
          eventId,
          'パスワードの再設定はこちら http://phish.example/',
        );

        await h().signInAs(organizer);
        const [n] = await live(organizer, (items) => items.length === 1);
        expect(n).toMatchObject({
          id: `${requestId}_participation_request`,
          userId: organizer,
          type: 'participation_request',
          title: '',
          content: '',
          data: { eventId, requestId, eventTitle: '朝のテニス', requesterName: '参加 花子' },
        });
        expect(JSON.stringify(n)).not.toContain('phish');
        expect(notificationText(n!)).toEqual({
          title: '参加リクエストが届きました',
          body: '参加 花子さんが「朝のテニス」への参加をリクエストしました',
        });
        expect(requestId).toBe(`${eventId}_${requester}`);
      });

      it('makes one notification per cause: asking again after a rejection replaces the first', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催 太郎');
        const eventId = await backend.organizing.create(eventInput({ title: '朝のテニス' }));
        const requester = await h().signUpAs('参加 花子');
        const requestId = await backend.participation.request(eventId, '');
        await h().signInAs(organizer);
        await backend.participation.reject(requestId);
        await h().signInAs(requester);
        expect(await backend.participation.request(eventId, 'もう一度')).toBe(requestId);

        await h().signInAs(organizer);
        const list = await live(organizer, (items) => items.length > 0);
        expect(list.map((n) => n.id)).toEqual([`${requestId}_participation_request`]);
        await h().signInAs(requester);
        const mine = await live(requester, (items) => items.length > 0);
        expect(mine.map((n) => n.type)).toEqual(['participation_rejected']);
      });
    });

    it("refuses to delete someone else's notifications, or one already deleted", async () => {
      const { backend } = h();
      const { other, theirs, me } = await otherAndMe();
      await expectFailure(backend.notifications.remove(theirs.id), 'permission-denied');
      await expectFailure(backend.notifications.removeAll(other), 'permission-denied');
      await h().seedNotification('n-mine', stored(me, 1));
      await live(me, (items) => items.length === 1);
      await backend.notifications.remove('n-mine');
      await expectFailure(backend.notifications.remove('n-mine'), 'permission-denied');
      await h().signInAs(other);
      expect(await live(other, (items) => items.length === 1)).toHaveLength(1);
    });
  });
}
