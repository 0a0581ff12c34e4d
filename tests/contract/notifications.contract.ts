import { describe, expect, it } from 'vitest';
import type { AppNotification, NewNotification } from '@/domain/entities/notification';
import { failureCode } from '@/domain/errors';
import type { HarnessFactory } from './harness';
import { expectFailure, liveFailure, sleep, useHarness, waitForLive } from './support';

function note(
  userId: string,
  title: string,
  overrides: Partial<NewNotification> = {},
): NewNotification {
  return { userId, title, content: `${title}の本文`, type: 'system', data: {}, ...overrides };
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
      const { backend } = h();
      const other = await h().signUpAs('他人');
      await backend.notifications.add(note(other, '他人宛て'));
      const [theirs] = await live(other, (items) => items.length === 1);
      const me = await h().signUpAs('本人');
      return { other, theirs: theirs!, me };
    }

    it('delivers only my notifications, newest first, unread by default, and updates live', async () => {
      const { backend } = h();
      const { me } = await otherAndMe();
      await backend.notifications.add(
        note(me, '一通目', { data: { eventId: 'e1' }, type: 'participation_approved' }),
      );
      await sleep(5);
      await backend.notifications.add(note(me, '二通目'));

      const list = await live(me, (items) => items.length === 2);
      expect(list.map((n) => n.title)).toEqual(['二通目', '一通目']);
      expect(list.every((n) => n.userId === me && n.read === false)).toBe(true);
      expect(list[1]).toMatchObject({
        type: 'participation_approved',
        data: { eventId: 'e1' },
        content: '一通目の本文',
      });
      expect(list[0]!.timestamp).toBeInstanceOf(Date);
      expect(list[0]!.timestamp.getTime()).toBeGreaterThanOrEqual(list[1]!.timestamp.getTime());

      // A listener already open sees a later notification arrive.
      const arrived = live(me, (items) => items.length === 3);
      await sleep(20);
      await backend.notifications.add(note(me, '三通目'));
      expect((await arrived)[0]!.title).toBe('三通目');
    });

    it("refuses someone else's list, and adding to someone else's", async () => {
      const { backend } = h();
      const { other } = await otherAndMe();
      const error = await liveFailure((next, fail) =>
        backend.notifications.subscribe(other, next, fail),
      );
      expect(failureCode(error)).toBe('permission-denied');
      await expectFailure(backend.notifications.add(note(other, '押し付け')), 'permission-denied');
      await h().signInAs(other);
      expect(await live(other, (items) => items.length === 1)).toHaveLength(1);
    });

    it('marks one or all of mine read, leaving other users untouched', async () => {
      const { backend } = h();
      const { other, me } = await otherAndMe();
      for (const t of ['A', 'B', 'C']) await backend.notifications.add(note(me, t));
      const initial = await live(me, (items) => items.length === 3);

      await backend.notifications.markRead(initial.find((n) => n.title === 'B')!.id);
      const afterOne = await live(me, (items) => items.some((n) => n.read));
      expect(afterOne.filter((n) => n.read).map((n) => n.title)).toEqual(['B']);

      await backend.notifications.markAllRead(me);
      const afterAll = await live(me, (items) => items.every((n) => n.read));
      expect(afterAll).toHaveLength(3);

      await h().signInAs(other);
      const theirs = await live(other, (items) => items.length === 1);
      expect(theirs[0]!.read).toBe(false);
    });

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
      const { other, me } = await otherAndMe();
      for (const t of ['A', 'B', 'C']) await backend.notifications.add(note(me, t));
      const initial = await live(me, (items) => items.length === 3);

      await backend.notifications.remove(initial.find((n) => n.title === 'A')!.id);
      const afterOne = await live(me, (items) => items.length === 2);
      expect(afterOne.map((n) => n.title).sort()).toEqual(['B', 'C']);

      await backend.notifications.removeAll(me);
      await live(me, (items) => items.length === 0);

      await h().signInAs(other);
      expect((await live(other, (items) => items.length === 1))[0]!.title).toBe('他人宛て');
    });

    it("refuses to delete someone else's notifications, or one already deleted", async () => {
      const { backend } = h();
      const { other, theirs, me } = await otherAndMe();
      await expectFailure(backend.notifications.remove(theirs.id), 'permission-denied');
      await expectFailure(backend.notifications.removeAll(other), 'permission-denied');
      await backend.notifications.add(note(me, '消す'));
      const [mine] = await live(me, (items) => items.length === 1);
      await backend.notifications.remove(mine!.id);
      await expectFailure(backend.notifications.remove(mine!.id), 'permission-denied');
      await h().signInAs(other);
      expect(await live(other, (items) => items.length === 1)).toHaveLength(1);
    });
  });
}
