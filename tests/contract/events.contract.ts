import { describe, expect, it } from 'vitest';
import type { EventFilters } from '@/data/ports/events';
import { EVENTS_PAGE_SIZE } from '@/domain/constants';
import type { SportEvent } from '@/domain/entities/event';
import { ERR } from '@/domain/errors';
import { formatIsoDate } from '@/domain/format';
import type { HarnessFactory } from './harness';
import { dayFromToday, eventInput, expectFailure, expectRejection, useHarness } from './support';

export function eventsContract(makeHarness: HarnessFactory): void {
  describe('events port', () => {
    const h = useHarness(makeHarness);

    /** Every page of a list, following the cursors. */
    async function allPages(filters: EventFilters): Promise<SportEvent[][]> {
      const pages: SportEvent[][] = [];
      let cursor: string | null = null;
      do {
        const page = await h().backend.events.list(filters, cursor);
        pages.push(page.items);
        cursor = page.nextCursor;
      } while (cursor && pages.length < 20);
      return pages;
    }

    async function listIds(filters: EventFilters): Promise<string[]> {
      return (await allPages(filters)).flat().map((e) => e.id);
    }

    describe('create and read', () => {
      it('needs a signed-in user', async () => {
        await expectRejection(h().backend.events.create(eventInput()), ERR.authCreateEvents);
        await expectRejection(
          h().backend.events.create(eventInput()),
          'User must be authenticated to create events',
        );
      });

      it('makes the creator the organizer of an open event with no participants', async () => {
        const { backend } = h();
        const uid = await h().signUpAs('主催 太郎');
        const date = dayFromToday(9);
        const id = await backend.events.create(
          eventInput({ title: '朝ラン', date, capacity: 12, fee: 500 }),
        );
        const event = await backend.events.get(id);
        expect(event).toMatchObject({
          id,
          title: '朝ラン',
          organizerId: uid,
          organizerName: '主催 太郎',
          status: 'open',
          participants: [],
          capacity: 12,
          fee: 500,
          startTime: '10:00',
          endTime: '12:00',
          sportType: 'フットサル',
          region: '関東',
        });
        expect(formatIsoDate(event!.date)).toBe(date);
        expect(event!.createdAt).toBeInstanceOf(Date);
      });

      it('reads a missing level as 誰でも and a missing event as null', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        const id = await backend.events.create(eventInput({ level: '' }));
        expect((await backend.events.get(id))!.level).toBe('誰でも');
        expect(await backend.events.get('no-such-event')).toBeNull();
      });
    });

    describe('update', () => {
      it('raises the login, not-found and permission messages', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        const id = await backend.events.create(eventInput());
        await h().signUpAs('他人');
        await expectRejection(
          backend.events.update(id, { title: '乗っ取り' }),
          ERR.noEditPermission,
        );
        await expectRejection(
          backend.events.update('no-such-event', { title: 'x' }),
          ERR.eventNotFound,
        );
        await h().signOut();
        await expectRejection(backend.events.update(id, { title: 'x' }), ERR.updateEventLogin);
        await expectRejection(
          backend.events.update(id, { title: 'x' }),
          'イベントを更新するにはログインが必要です',
        );
        await h().signInAs(organizer);
        expect((await backend.events.get(id))!.title).toBe('週末フットサル');
      });

      it('lets the organizer change fields and the date', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        const id = await backend.events.create(eventInput());
        const date = dayFromToday(20);
        await backend.events.update(id, {
          title: '平日フットサル',
          date,
          capacity: 14,
          description: '',
        });
        const event = await backend.events.get(id);
        expect(event).toMatchObject({
          title: '平日フットサル',
          capacity: 14,
          description: '',
          location: '世田谷区総合運動場',
        });
        expect(formatIsoDate(event!.date)).toBe(date);
      });

      it('refuses a capacity below the current participants', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        const id = await backend.events.create(eventInput({ capacity: 5 }));
        await h().signUpAs('参加A');
        await backend.events.join(id);
        await h().signUpAs('参加B');
        await backend.events.join(id);
        await h().signInAs(organizer);
        await expectRejection(
          backend.events.update(id, { capacity: 1 }),
          ERR.capacityBelowParticipants,
        );
        await backend.events.update(id, { capacity: 2 });
        expect((await backend.events.get(id))!.capacity).toBe(2);
      });
    });

    describe('changeStatus', () => {
      it('raises the login, not-found, permission and transition messages', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        const id = await backend.events.create(eventInput());
        await h().signUpAs('他人');
        await expectRejection(backend.events.changeStatus(id, 'closed'), ERR.noStatusPermission);
        await expectRejection(
          backend.events.changeStatus(id, 'closed'),
          'このイベントの募集状態を変更する権限がありません',
        );
        await expectRejection(
          backend.events.changeStatus('no-such-event', 'closed'),
          ERR.eventNotFound,
        );
        await h().signOut();
        await expectRejection(backend.events.changeStatus(id, 'closed'), ERR.updateEventLogin);

        await h().signInAs(organizer);
        await backend.events.changeStatus(id, 'closed');
        expect((await backend.events.get(id))!.status).toBe('closed');
        await backend.events.changeStatus(id, 'open');
        await backend.events.changeStatus(id, 'cancelled');
        expect((await backend.events.get(id))!.status).toBe('cancelled');
        await expectRejection(backend.events.changeStatus(id, 'open'), ERR.invalidStatusChange);
      });
    });

    describe('join and leave', () => {
      it('joins once, and refuses anonymous, missing, repeated, closed and full joins', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        const id = await backend.events.create(eventInput({ capacity: 1 }));
        const closedId = await backend.events.create(eventInput({ title: '締切済み' }));
        await backend.events.changeStatus(closedId, 'closed');

        await h().signOut();
        await expectRejection(backend.events.join(id), ERR.authJoinEvents);
        await expectRejection(backend.events.join(id), 'User must be authenticated to join events');

        const a = await h().signUpAs('参加A');
        await expectRejection(backend.events.join('no-such-event'), ERR.eventNotFound);
        await backend.events.join(id);
        expect((await backend.events.get(id))!.participants).toEqual([a]);
        await expectRejection(backend.events.join(id), ERR.alreadyJoined);
        await expectRejection(backend.events.join(id), 'すでにこのイベントに参加しています');
        await expectRejection(backend.events.join(closedId), ERR.eventNotOpen);

        await h().signUpAs('参加B');
        await expectRejection(backend.events.join(id), ERR.eventFull);
        expect((await backend.events.get(id))!.participants).toEqual([a]);
        expect(organizer).not.toBe(a);
      });

      it('leaves, deleting my requests for the event, and refuses anonymous, missing and non-participants', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        const id = await backend.events.create(eventInput());
        const otherId = await backend.events.create(eventInput({ title: '別イベント' }));

        await h().signOut();
        await expectRejection(backend.events.leave(id), ERR.authLeaveEvents);
        await expectRejection(
          backend.events.leave(id),
          'User must be authenticated to leave events',
        );

        const a = await h().signUpAs('参加A');
        await expectRejection(backend.events.leave('no-such-event'), ERR.eventNotFound);
        await expectRejection(backend.events.leave(id), ERR.notParticipating);
        await expectRejection(backend.events.leave(id), 'このイベントに参加していません');

        const requestId = await backend.participation.request(id, 'よろしくお願いします');
        const otherRequestId = await backend.participation.request(otherId, '');
        await h().signInAs(organizer);
        await backend.participation.approve(requestId);

        await h().signInAs(a);
        expect((await backend.events.get(id))!.participants).toEqual([a]);
        await backend.events.leave(id);
        expect((await backend.events.get(id))!.participants).toEqual([]);
        expect(await backend.participation.myRequestFor(id)).toBeNull();
        // Only the requests for the event left are deleted.
        expect((await backend.participation.myRequestFor(otherId))?.id).toBe(otherRequestId);
        await h().signInAs(organizer);
        expect(await backend.participation.forEvent(id)).toEqual([]);
      });
    });

    describe('list', () => {
      it('pages upcoming events by date then start time, 20 a page, with a cursor and no duplicates', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        await backend.events.create(eventInput({ title: '昨日の会', date: dayFromToday(-1) }));
        await backend.events.create(eventInput({ title: '先月の会', date: dayFromToday(-30) }));
        const expected: { id: string; date: string; start: string }[] = [];
        // Three a day, created latest start first, so the order has to come from the query.
        for (let i = 0; i < 25; i++) {
          const date = dayFromToday(Math.floor(i / 3));
          const start = `${String(18 - (i % 3) * 4).padStart(2, '0')}:00`;
          const id = await backend.events.create(
            eventInput({ title: `イベント${i}`, date, startTime: start, endTime: '' }),
          );
          expected.push({ id, date, start });
        }
        expected.sort((x, y) => x.date.localeCompare(y.date) || x.start.localeCompare(y.start));

        const first = await backend.events.list({});
        expect(first.items).toHaveLength(EVENTS_PAGE_SIZE);
        expect(first.nextCursor).toEqual(expect.any(String));
        const second = await backend.events.list({}, first.nextCursor);
        expect(second.items).toHaveLength(5);
        expect(second.nextCursor).toBeNull();

        const ids = [...first.items, ...second.items].map((e) => e.id);
        expect(new Set(ids).size).toBe(25);
        expect(ids).toEqual(expected.map((e) => e.id));
      });

      it('gives one empty page when nothing is upcoming', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        await backend.events.create(eventInput({ date: dayFromToday(-2) }));
        expect(await backend.events.list({})).toEqual({ items: [], nextCursor: null });
      });

      it('filters by sport, region, level, open status, dates and keyword, combined', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        const a = await backend.events.create(
          eventInput({
            title: 'Morning Soccer 練習',
            sportType: 'サッカー',
            region: '関東',
            level: '初心者',
            location: '駒沢公園',
            date: dayFromToday(3),
          }),
        );
        const b = await backend.events.create(
          eventInput({
            title: '平日テニス',
            sportType: 'テニス',
            region: '近畿',
            level: '中級者',
            location: 'Osaka Dome',
            date: dayFromToday(5),
          }),
        );
        const c = await backend.events.create(
          eventInput({
            title: '夜のサッカー',
            sportType: 'サッカー',
            region: '近畿',
            level: '上級者',
            location: '大阪城',
            date: dayFromToday(10),
          }),
        );
        await backend.events.changeStatus(c, 'closed');
        const d = await backend.events.create(
          eventInput({
            title: '日曜サッカー',
            sportType: 'サッカー',
            region: '関東',
            level: '誰でも',
            location: '駒沢公園',
            date: dayFromToday(20),
          }),
        );
        await backend.events.create(
          eventInput({ title: '昔のサッカー', sportType: 'サッカー', date: dayFromToday(-2) }),
        );

        expect(await listIds({ sportType: 'サッカー' })).toEqual([a, c, d]);
        expect(await listIds({ region: '近畿' })).toEqual([b, c]);
        expect(await listIds({ level: '初心者' })).toEqual([a]);
        expect(await listIds({ openOnly: true })).toEqual([a, b, d]);
        expect(await listIds({ from: dayFromToday(4), to: dayFromToday(10) })).toEqual([b, c]);
        expect(await listIds({ to: dayFromToday(3) })).toEqual([a]);
        expect(await listIds({ keyword: 'soccer' })).toEqual([a]);
        expect(await listIds({ keyword: 'OSAKA' })).toEqual([b]);
        expect(await listIds({ keyword: '駒沢' })).toEqual([a, d]);
        expect(await listIds({ sportType: 'サッカー', region: '関東', openOnly: true })).toEqual([
          a,
          d,
        ]);
        expect(await listIds({ keyword: '存在しない' })).toEqual([]);
        // The domain's keyword rule (src/domain/event-search.ts) on both backends: folded
        // full-width input, every term in the title or the place, nothing else searched.
        expect(await listIds({ keyword: 'ＳＯＣＣＥＲ' })).toEqual([a]);
        expect(await listIds({ keyword: 'サッカー　駒沢' })).toEqual([d]);
        expect(await listIds({ keyword: ' soccer  駒沢 ' })).toEqual([a]);
        expect(await listIds({ keyword: 'サッカー 大阪', openOnly: true })).toEqual([]);
        expect(await listIds({ keyword: 'サッカー 大阪' })).toEqual([c]);
        expect(await listIds({ keyword: 'プレー' })).toEqual([]);
        expect(await listIds({ keyword: '   ' })).toEqual([a, b, c, d]);
      });

      it('pages filtered results without losing or repeating any', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        const tennis: string[] = [];
        for (let i = 0; i < 46; i++) {
          const sportType = i % 2 === 0 ? 'テニス' : 'ヨガ';
          const id = await backend.events.create(
            eventInput({
              title: `会${i}`,
              sportType,
              date: dayFromToday(1 + (i % 23)),
              startTime: `${String(6 + Math.floor(i / 23)).padStart(2, '0')}:00`,
            }),
          );
          if (sportType === 'テニス') tennis.push(id);
        }
        const pages = await allPages({ sportType: 'テニス' });
        expect(pages.map((p) => p.length)).toEqual([20, 3]);
        const ids = pages.flat().map((e) => e.id);
        expect(new Set(ids).size).toBe(23);
        expect([...ids].sort()).toEqual([...tennis].sort());
      });
    });

    describe('byOrganizer and byParticipant', () => {
      it('returns the events of an organizer and of a participant ordered by date', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        const late = await backend.events.create(
          eventInput({ title: '遅い', date: dayFromToday(30) }),
        );
        const past = await backend.events.create(
          eventInput({ title: '過去', date: dayFromToday(-10) }),
        );
        const soon = await backend.events.create(
          eventInput({ title: '近い', date: dayFromToday(2), startTime: '18:00' }),
        );
        // The same day, earlier in it: the start time orders the two.
        const morning = await backend.events.create(
          eventInput({ title: '朝', date: dayFromToday(2), startTime: '07:00' }),
        );
        await h().signUpAs('他の主催');
        const foreign = await backend.events.create(
          eventInput({ title: '他人の', date: dayFromToday(1) }),
        );

        const player = await h().signUpAs('参加者');
        await backend.events.join(late);
        await backend.events.join(foreign);
        await backend.events.join(soon);

        expect((await backend.events.byOrganizer(organizer)).map((e) => e.id)).toEqual([
          past,
          morning,
          soon,
          late,
        ]);
        expect((await backend.events.byParticipant(player)).map((e) => e.id)).toEqual([
          foreign,
          soon,
          late,
        ]);
        expect(await backend.events.byParticipant(organizer)).toEqual([]);
      });
    });

    it('throws when events cannot be read, so the screens show their error state', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('読めない');
      const id = await backend.events.create(eventInput());
      h().failReads({ collection: 'events', code: 'unavailable' });
      await expectFailure(backend.events.list({}), 'unavailable');
      await expectFailure(backend.events.list({ keyword: 'フットサル' }), 'unavailable');
      await expectFailure(backend.events.get(id), 'unavailable');
      await expectFailure(backend.events.byOrganizer(uid), 'unavailable');
      await expectFailure(backend.events.byParticipant(uid), 'unavailable');
    });
  });
}
