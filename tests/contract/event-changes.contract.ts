import { describe, expect, it } from 'vitest';
import type { OutboxMail } from '@/data/ports/backend';
import { DEFAULT_EMAIL_SETTINGS } from '@/domain/entities/email-settings';
import { notificationText, type AppNotification } from '@/domain/entities/notification';
import { ERR } from '@/domain/errors';
import { formatIsoDate } from '@/domain/format';
import { sideEffectsSettled } from '@/lib/side-effects';
import type { ContractHarness, HarnessFactory } from './harness';
import {
  dayFromToday,
  eventInput,
  expectRejection,
  sleep,
  useHarness,
  waitForLive,
} from './support';

/**
 * The organizer's schedule changes and cancellations (src/data/use-cases/events.ts): who is
 * told in the app, and who is mailed, the same on both backends.
 */
export function eventChangesContract(makeHarness: HarnessFactory): void {
  describe('event change notices', () => {
    const h = useHarness(makeHarness);

    /** An organizer's event with two participants and one pending requester; the organizer signed in. */
    async function eventWithPeople(harness: ContractHarness) {
      const { backend } = harness;
      const organizer = await harness.signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(
        eventInput({ title: '週末フットサル', location: '代々木公園', date: dayFromToday(5) }),
      );
      const people: Record<string, string> = {};
      for (const name of ['参加 一郎', '参加 二郎']) {
        const uid = await harness.signUpAs(name);
        const requestId = await backend.participation.request(eventId, '');
        await harness.signInAs(organizer);
        await backend.participation.approve(requestId);
        await sideEffectsSettled();
        people[name] = uid;
      }
      const pending = await harness.signUpAs('保留 花子');
      await backend.participation.request(eventId, '');
      const outsider = await harness.signUpAs('無関係 三郎');
      await harness.signInAs(organizer);
      await sideEffectsSettled();
      return {
        organizer,
        eventId,
        participants: [people['参加 一郎']!, people['参加 二郎']!],
        pending,
        outsider,
      };
    }

    async function noticesOf(uid: string, accept: (n: AppNotification[]) => boolean) {
      await h().signInAs(uid);
      return waitForLive<AppNotification[]>(
        (next, fail) => h().backend.notifications.subscribe(uid, next, fail),
        accept,
      );
    }

    const ofType = (items: AppNotification[], type: string) => items.filter((n) => n.type === type);

    const aboutIt = (mails: OutboxMail[], subject: string) =>
      mails.filter((m) => m.subject.includes(subject));

    it('tells every participant of a moved day, old → new, and mails each once', async () => {
      const { backend } = h();
      const people = await eventWithPeople(h());
      const before = (await backend.events.get(people.eventId))!;
      await backend.organizing.update(people.eventId, {
        date: dayFromToday(12),
        title: '週末フットサル（改）',
      });
      await sideEffectsSettled();
      const after = (await backend.events.get(people.eventId))!;
      expect(after.title).toBe('週末フットサル（改）');

      for (const uid of people.participants) {
        const items = await noticesOf(uid, (n) => ofType(n, 'event_changed').length === 1);
        const [notice] = ofType(items, 'event_changed');
        const { body } = notificationText(notice!);
        const day = (d: Date) =>
          `${d.getMonth() + 1}月${d.getDate()}日(${'日月火水木金土'[d.getDay()]})`;
        expect(body).toBe(
          `開催日時が ${day(before.date)} 10:00〜12:00 から ${day(after.date)} 10:00〜12:00 に変更されました`,
        );
        expect(notice!.data).toMatchObject({
          eventId: people.eventId,
          eventTitle: '週末フットサル（改）',
        });
      }
      for (const uid of [people.pending, people.outsider, people.organizer]) {
        await h().signInAs(uid);
        const items = await noticesOf(uid, () => true);
        expect(ofType(items, 'event_changed')).toEqual([]);
      }

      const changed = aboutIt(await h().notificationOutbox(), '開催日時・場所が変更されました');
      expect(changed).toHaveLength(2);
      expect(new Set(changed.map((m) => m.to)).size).toBe(2);
    });

    it("moves a team's event when the edit names the team it already has (the whole form)", async () => {
      const { backend } = h();
      await h().signUpAs('主催 太郎');
      const teamId = await backend.teamMembership.create({
        name: '世田谷フットサルクラブ',
        description: '',
        sportType: 'フットサル',
        region: '関東',
        level: '誰でも',
        activity: '',
        maxMembers: 20,
        recruiting: true,
        imageURL: '',
        imagePath: '',
      });
      const input = eventInput({
        teamId,
        teamName: '世田谷フットサルクラブ',
        date: dayFromToday(5),
      });
      const eventId = await backend.organizing.create(input);
      const date = dayFromToday(15);
      await backend.organizing.update(eventId, { ...input, title: '新しい名前', date });
      const event = (await backend.events.get(eventId))!;
      expect(formatIsoDate(event.date)).toBe(date);
      expect(event).toMatchObject({ title: '新しい名前', teamId });
    });

    it('tells nobody of a title or description edit alone', async () => {
      const { backend } = h();
      const people = await eventWithPeople(h());
      await backend.organizing.update(people.eventId, { title: '新しい名前', description: '説明' });
      await sideEffectsSettled();
      const items = await noticesOf(people.participants[0]!, () => true);
      // Give a stray write time to arrive.
      await sleep(300);
      expect(items.filter((n) => n.type.startsWith('event_'))).toEqual([]);
      expect(aboutIt(await h().notificationOutbox(), '変更されました')).toEqual([]);
    });

    it('tells the participants and the pending requester of a cancellation, and mails each once', async () => {
      const { backend } = h();
      const people = await eventWithPeople(h());
      await backend.users.saveEmailSettings(people.organizer, DEFAULT_EMAIL_SETTINGS);
      await backend.organizing.changeStatus(people.eventId, 'cancelled');
      await sideEffectsSettled();
      expect((await backend.events.get(people.eventId))!.status).toBe('cancelled');
      for (const uid of [...people.participants, people.pending]) {
        const items = await noticesOf(uid, (n) => ofType(n, 'event_cancelled').length === 1);
        expect(notificationText(ofType(items, 'event_cancelled')[0]!)).toEqual({
          title: 'イベントが中止されました',
          body: '「週末フットサル」は主催者により中止されました',
        });
      }
      const outsider = await noticesOf(people.outsider, () => true);
      expect(ofType(outsider, 'event_cancelled')).toEqual([]);
      const mails = aboutIt(await h().notificationOutbox(), '中止になりました');
      expect(mails).toHaveLength(3);
      expect(new Set(mails.map((m) => m.to)).size).toBe(3);

      // Cancelled again: no change, nobody told twice.
      await h().signInAs(people.organizer);
      await backend.organizing.changeStatus(people.eventId, 'cancelled');
      await sideEffectsSettled();
      expect(aboutIt(await h().notificationOutbox(), '中止になりました')).toHaveLength(3);
    });

    it("refuses the change mail to anyone but the event's organizer", async () => {
      const { backend } = h();
      const people = await eventWithPeople(h());
      await backend.organizing.update(people.eventId, { location: '駒沢公園' });
      await sideEffectsSettled();
      await h().signInAs(people.participants[0]!);
      await expect(
        backend.api.sendNotificationEmail({
          type: 'event_changed',
          eventId: people.eventId,
          seq: 1,
        }),
      ).rejects.toThrow(/^403: /);
      // A participant cannot move the event either.
      await expectRejection(
        backend.organizing.update(people.eventId, { location: '別の場所' }),
        ERR.noEditPermission,
      );
    });
  });
}
