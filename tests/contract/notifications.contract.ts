import { describe, expect, it } from 'vitest';
import type { AppNotification, NewNotification } from '@/domain/entities/notification';
import type { HarnessFactory } from './harness';
import { sleep, useHarness, waitForLive } from './support';

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

    it('delivers only my notifications, newest first, unread by default, and updates live', async () => {
      const { backend } = h();
      const other = await h().signUpAs('他人');
      const me = await h().signUpAs('本人');
      await backend.notifications.add(note(other, '他人宛て'));
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

    it('marks one or all of mine read, leaving other users untouched', async () => {
      const { backend } = h();
      const other = await h().signUpAs('他人');
      await backend.notifications.add(note(other, '他人宛て'));
      const me = await h().signUpAs('本人');
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

    it('deletes one or all of mine, leaving other users untouched', async () => {
      const { backend } = h();
      const other = await h().signUpAs('他人');
      await backend.notifications.add(note(other, '他人宛て'));
      const me = await h().signUpAs('本人');
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
  });
}
