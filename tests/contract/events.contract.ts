import { describe, expect, it } from 'vitest';
import type { EventFilters, EventInput } from '@/data/ports/events';
import { EVENTS_PAGE_SIZE, PROFILE_EVENTS_PAGE_SIZE } from '@/domain/constants';
import type { SportEvent } from '@/domain/entities/event';
import { ERR } from '@/domain/errors';
import { searchTokensOf } from '@/domain/event-search';
import { formatIsoDate } from '@/domain/format';
import type { HarnessFactory } from './harness';
import {
  dayFromToday,
  eventInput,
  expectFailure,
  expectRejection,
  sleep,
  useHarness,
} from './support';

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

    /** Local midnight `days` from today (negative is past), as an event's stored day. */
    const day = (days: number) => {
      const d = new Date();
      return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
    };

    /**
     * An event `days` from today (negative is past). The ports refuse a past start, so it is
     * created for tomorrow and then moved, as only the server could (time passing does the same).
     */
    async function eventOn(days: number, input: Partial<EventInput> = {}): Promise<string> {
      const id = await h().backend.organizing.create(
        eventInput({ ...input, date: dayFromToday(1) }),
      );
      await h().serverUpdate('events', id, { date: day(days) });
      return id;
    }

    describe('create and read', () => {
      it('needs a signed-in user', async () => {
        await expectRejection(h().backend.organizing.create(eventInput()), ERR.authCreateEvents);
        await expectRejection(
          h().backend.organizing.create(eventInput()),
          'User must be authenticated to create events',
        );
      });

      it('makes the creator the organizer of an open event with no participants', async () => {
        const { backend } = h();
        const uid = await h().signUpAs('主催 太郎');
        const date = dayFromToday(9);
        const id = await backend.organizing.create(
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

      it("copies the organizer's name and photo from their profile, the one source of both", async () => {
        const { backend } = h();
        const uid = await h().signUpAs('登録時の名前');
        // The profile changed since sign-up, past the account (which keeps its first name).
        const photoURL = 'https://example.com/organizer.png';
        await h().serverUpdate('users', uid, { displayName: 'プロフィールの名前', photoURL });
        const id = await backend.organizing.create(eventInput({ title: '夕方ラン' }));
        expect(await backend.events.get(id)).toMatchObject({
          organizerName: 'プロフィールの名前',
          organizerPhotoURL: photoURL,
        });
      });

      it('refuses content the form would refuse, on creation and on edit', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        for (const bad of [
          { sportType: 'カーリング' },
          { region: '火星' },
          { level: 'プロ' },
          { title: 'あ'.repeat(101) },
        ]) {
          await expectRejection(backend.organizing.create(eventInput(bad)), ERR.invalidEventInput);
        }
        const id = await backend.organizing.create(eventInput());
        await expectRejection(
          backend.organizing.update(id, { sportType: 'カーリング' }),
          ERR.invalidEventInput,
        );
        expect((await backend.events.get(id))!.sportType).toBe('フットサル');
      });

      it('refuses a start in the past, and moving an event that is over, yet lets it be corrected', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        await expectRejection(
          backend.organizing.create(eventInput({ date: dayFromToday(-1) })),
          ERR.eventStartInPast,
        );
        // Today at a time already gone (today has one unless it is just past midnight).
        const earlier = new Date(Date.now() - 10 * 60_000);
        if (formatIsoDate(earlier) === dayFromToday(0)) {
          const pad = (n: number) => String(n).padStart(2, '0');
          await expectRejection(
            backend.organizing.create(
              eventInput({
                date: dayFromToday(0),
                startTime: `${pad(earlier.getHours())}:${pad(earlier.getMinutes())}`,
                endTime: '',
              }),
            ),
            ERR.eventStartInPast,
          );
        }

        const over = await eventOn(-7, { title: '先週の会' });
        // The edit screen sends every field back, the day and start time as they are.
        await backend.organizing.update(over, {
          ...eventInput({ title: '先週の会', description: 'ご参加ありがとうございました' }),
          date: dayFromToday(-7),
        });
        expect((await backend.events.get(over))!.description).toBe('ご参加ありがとうございました');
        // It took place: it moves neither back nor forward (its participants and marks stand).
        await expectRejection(
          backend.organizing.update(over, { date: dayFromToday(-1) }),
          ERR.moveAfterEnd,
        );
        await expectRejection(
          backend.organizing.update(over, { date: dayFromToday(3), startTime: '09:00' }),
          ERR.moveAfterEnd,
        );
        expect(formatIsoDate((await backend.events.get(over))!.date)).toBe(dayFromToday(-7));
        // An upcoming one moves into the past never, to a later day yes.
        const upcoming = await backend.organizing.create(eventInput({ date: dayFromToday(2) }));
        await expectRejection(
          backend.organizing.update(upcoming, { date: dayFromToday(-1) }),
          ERR.eventStartInPast,
        );
        await backend.organizing.update(upcoming, { date: dayFromToday(3), startTime: '09:00' });
        expect(await backend.events.get(upcoming)).toMatchObject({ startTime: '09:00' });
        expect(formatIsoDate((await backend.events.get(upcoming))!.date)).toBe(dayFromToday(3));
      });

      it('reads a missing level as 誰でも and a missing event as null', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        const id = await backend.organizing.create(eventInput({ level: '' }));
        expect((await backend.events.get(id))!.level).toBe('誰でも');
        expect(await backend.events.get('no-such-event')).toBeNull();
      });
    });

    describe('update', () => {
      it('raises the login, not-found and permission messages', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        const id = await backend.organizing.create(eventInput());
        await h().signUpAs('他人');
        await expectRejection(
          backend.organizing.update(id, { title: '乗っ取り' }),
          ERR.noEditPermission,
        );
        await expectRejection(
          backend.organizing.update('no-such-event', { title: 'x' }),
          ERR.eventNotFound,
        );
        await h().signOut();
        await expectRejection(backend.organizing.update(id, { title: 'x' }), ERR.updateEventLogin);
        await expectRejection(
          backend.organizing.update(id, { title: 'x' }),
          'イベントを更新するにはログインが必要です',
        );
        await h().signInAs(organizer);
        expect((await backend.events.get(id))!.title).toBe('週末フットサル');
      });

      it('lets the organizer change fields and the date', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        const id = await backend.organizing.create(eventInput());
        const date = dayFromToday(20);
        await backend.organizing.update(id, {
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
        const id = await backend.organizing.create(
          eventInput({ entryMethod: 'firstCome', capacity: 5 }),
        );
        await h().signUpAs('参加A');
        await backend.roster.join(id);
        await h().signUpAs('参加B');
        await backend.roster.join(id);
        await h().signInAs(organizer);
        await expectRejection(
          backend.organizing.update(id, { capacity: 1 }),
          ERR.capacityBelowParticipants,
        );
        await backend.organizing.update(id, { capacity: 2 });
        expect((await backend.events.get(id))!.capacity).toBe(2);
      });
    });

    describe('image', () => {
      it("refuses an image outside the organizer's own folder, and keeps one in it", async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('写真の主催');
        const own = `events/${organizer}/1_e.png`;
        const outside = 'events/someone-else/1_e.png';
        await expectFailure(
          backend.organizing.create(eventInput({ imagePath: outside })),
          'permission-denied',
        );
        const id = await backend.organizing.create(eventInput({ imagePath: own }));
        await expectFailure(
          backend.organizing.update(id, { imagePath: outside }),
          'permission-denied',
        );
        await expectFailure(
          backend.organizing.update(id, { imagePath: `events/${organizer}/x/1_e.png` }),
          'permission-denied',
        );
        expect((await backend.events.get(id))!.imagePath).toBe(own);
        await backend.organizing.update(id, { imageURL: '', imagePath: '' });
        expect((await backend.events.get(id))!.imagePath).toBe('');
      });
    });

    describe('changeStatus', () => {
      it('raises the login, not-found, permission and transition messages', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        const id = await backend.organizing.create(eventInput({ entryMethod: 'firstCome' }));
        await h().signUpAs('他人');
        await expectRejection(
          backend.organizing.changeStatus(id, 'closed'),
          ERR.noStatusPermission,
        );
        await expectRejection(
          backend.organizing.changeStatus(id, 'closed'),
          'このイベントの募集状態を変更する権限がありません',
        );
        await expectRejection(
          backend.organizing.changeStatus('no-such-event', 'closed'),
          ERR.eventNotFound,
        );
        await h().signOut();
        await expectRejection(backend.organizing.changeStatus(id, 'closed'), ERR.updateEventLogin);

        await h().signInAs(organizer);
        await backend.organizing.changeStatus(id, 'closed');
        expect((await backend.events.get(id))!.status).toBe('closed');
        await backend.organizing.changeStatus(id, 'open');
        await backend.organizing.changeStatus(id, 'cancelled');
        expect((await backend.events.get(id))!.status).toBe('cancelled');
        await expectRejection(backend.organizing.changeStatus(id, 'open'), ERR.invalidStatusChange);
      });

      it('writes nothing when the status is set to the one it has', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        const id = await backend.organizing.create(eventInput({ entryMethod: 'firstCome' }));
        await backend.organizing.changeStatus(id, 'closed');
        const written = await h().storedTime('events', id, 'updatedAt');
        expect(written).not.toBeNull();
        await sleep(20);
        await backend.organizing.changeStatus(id, 'closed');
        expect((await backend.events.get(id))!.status).toBe('closed');
        expect(await h().storedTime('events', id, 'updatedAt')).toBe(written);
      });
    });

    describe('join and leave', () => {
      it('joins once, and refuses anonymous, missing, repeated, closed and full joins', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        const id = await backend.organizing.create(
          eventInput({ entryMethod: 'firstCome', capacity: 1 }),
        );
        const closedId = await backend.organizing.create(
          eventInput({ entryMethod: 'firstCome', title: '締切済み' }),
        );
        await backend.organizing.changeStatus(closedId, 'closed');

        await h().signOut();
        await expectRejection(backend.roster.join(id), ERR.authJoinEvents);
        await expectRejection(backend.roster.join(id), 'User must be authenticated to join events');

        const a = await h().signUpAs('参加A');
        await expectRejection(backend.roster.join('no-such-event'), ERR.eventNotFound);
        await backend.roster.join(id);
        expect((await backend.events.get(id))!.participants).toEqual([a]);
        await expectRejection(backend.roster.join(id), ERR.alreadyJoined);
        await expectRejection(backend.roster.join(id), 'すでにこのイベントに参加しています');
        await expectRejection(backend.roster.join(closedId), ERR.eventNotOpen);

        await h().signUpAs('参加B');
        await expectRejection(backend.roster.join(id), ERR.eventFull);
        expect((await backend.events.get(id))!.participants).toEqual([a]);
        expect(organizer).not.toBe(a);
      });

      it('keeps a waitlist in order and promotes exactly the first in line when seats free', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        const approval = await backend.organizing.create(eventInput({ capacity: 1 }));
        const id = await backend.organizing.create(
          eventInput({ entryMethod: 'firstCome', capacity: 1 }),
        );
        const a = await h().signUpAs('参加A');
        await expectRejection(backend.roster.join(approval), ERR.approvalRequired);
        await expectRejection(backend.roster.joinWaitlist(id), ERR.eventNotFull);
        await backend.roster.join(id);
        const b = await h().signUpAs('待ちB');
        await backend.roster.joinWaitlist(id);
        const c = await h().signUpAs('待ちC');
        await backend.roster.joinWaitlist(id);
        const d = await h().signUpAs('待ちD');
        await backend.roster.joinWaitlist(id);
        // Nobody jumps the line: a direct join while people wait is refused.
        await h().signUpAs('割り込み');
        await expectRejection(backend.roster.join(id), ERR.eventFull);
        expect((await backend.events.get(id))!.waitlist).toEqual([b, c, d]);

        // Two seats freed at once promote exactly the first two, in order, once.
        await h().signInAs(organizer);
        await backend.organizing.update(id, { capacity: 3 });
        const after = (await backend.events.get(id))!;
        expect(after.participants).toEqual([a, b, c]);
        expect(after.waitlist).toEqual([d]);
        await backend.organizing.update(id, { capacity: 3 });
        expect((await backend.events.get(id))!.participants).toEqual([a, b, c]);

        // A leave moves the next one up; a cancelled event promotes nobody.
        await h().signInAs(a);
        await backend.roster.leave(id);
        expect((await backend.events.get(id))!).toMatchObject({
          participants: [b, c, d],
          waitlist: [],
        });
        await h().signInAs(organizer);
        await backend.organizing.changeStatus(id, 'cancelled');
        await h().signInAs(a);
        await expectRejection(backend.roster.joinWaitlist(id), ERR.eventNotOpen);
        // Seven accounts and a dozen transactions: on the emulators of a loaded 2-core machine
        // this takes longer than the default.
      }, 60_000);

      it('leaves, deleting my requests for the event, and refuses anonymous, missing and non-participants', async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        // 承認制: the participant comes in through an approved request.
        const id = await backend.organizing.create(eventInput());
        const otherId = await backend.organizing.create(eventInput({ title: '別イベント' }));

        await h().signOut();
        await expectRejection(backend.roster.leave(id), ERR.authLeaveEvents);
        await expectRejection(
          backend.roster.leave(id),
          'User must be authenticated to leave events',
        );

        const a = await h().signUpAs('参加A');
        await expectRejection(backend.roster.leave('no-such-event'), ERR.eventNotFound);
        await expectRejection(backend.roster.leave(id), ERR.notParticipating);
        await expectRejection(backend.roster.leave(id), 'このイベントに参加していません');

        const requestId = await backend.participation.request(id, 'よろしくお願いします');
        const otherRequestId = await backend.participation.request(otherId, '');
        await h().signInAs(organizer);
        await backend.participation.approve(requestId);

        await h().signInAs(a);
        expect((await backend.events.get(id))!.participants).toEqual([a]);
        await backend.roster.leave(id);
        expect((await backend.events.get(id))!.participants).toEqual([]);
        expect(await backend.participation.myRequestFor(id)).toBeNull();
        // Only the requests for the event left are deleted.
        expect((await backend.participation.myRequestFor(otherId))?.id).toBe(otherRequestId);
        await h().signInAs(organizer);
        expect(await backend.participation.forEvent(id)).toEqual({ items: [], nextCursor: null });
      });
    });

    describe('list', () => {
      it('pages upcoming events by date then start time, 20 a page, with a cursor and no duplicates', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        await eventOn(-1, { title: '昨日の会' });
        await eventOn(-30, { title: '先月の会' });
        const expected: { id: string; date: string; start: string }[] = [];
        // Three a day, created latest start first, so the order has to come from the query.
        for (let i = 0; i < 25; i++) {
          const date = dayFromToday(1 + Math.floor(i / 3));
          const start = `${String(18 - (i % 3) * 4).padStart(2, '0')}:00`;
          const id = await backend.organizing.create(
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
        await eventOn(-2);
        expect(await backend.events.list({})).toEqual({ items: [], nextCursor: null });
      });

      it('filters by sport, region, level, open status, dates and keyword, combined', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        const a = await backend.organizing.create(
          eventInput({
            title: 'Morning Soccer 練習',
            sportType: 'サッカー',
            region: '関東',
            level: '初心者',
            location: '駒沢公園',
            date: dayFromToday(3),
          }),
        );
        const b = await backend.organizing.create(
          eventInput({
            title: '平日テニス',
            sportType: 'テニス',
            region: '近畿',
            level: '中級者',
            location: 'Osaka Dome',
            date: dayFromToday(5),
          }),
        );
        const c = await backend.organizing.create(
          eventInput({
            title: '夜のサッカー',
            sportType: 'サッカー',
            region: '近畿',
            level: '上級者',
            location: '大阪城',
            date: dayFromToday(10),
          }),
        );
        await backend.organizing.changeStatus(c, 'closed');
        const d = await backend.organizing.create(
          eventInput({
            title: '日曜サッカー',
            sportType: 'サッカー',
            region: '関東',
            level: '誰でも',
            location: '駒沢公園',
            date: dayFromToday(20),
          }),
        );
        await eventOn(-2, { title: '昔のサッカー', sportType: 'サッカー' });

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
        // full-width, half-width and hiragana input, every term in one of the searched texts
        // (title, sport, place, organizer's name, team name, description).
        expect(await listIds({ keyword: 'ＳＯＣＣＥＲ' })).toEqual([a]);
        expect(await listIds({ keyword: 'さっかー' })).toEqual([a, c, d]);
        expect(await listIds({ keyword: 'ｻｯｶｰ　駒沢' })).toEqual([a, d]);
        expect(await listIds({ keyword: ' soccer  駒沢 ' })).toEqual([a]);
        expect(await listIds({ keyword: 'サッカー 大阪', openOnly: true })).toEqual([]);
        expect(await listIds({ keyword: 'サッカー 大阪' })).toEqual([c]);
        expect(await listIds({ keyword: 'ぷれー' })).toEqual([a, b, c, d]);
        expect(await listIds({ keyword: '主催 てにす' })).toEqual([b]);
        expect(await listIds({ keyword: '   ' })).toEqual([a, b, c, d]);
      });

      it('lists past events too with includePast, oldest first, and counts what each list holds', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        const lastMonth = await eventOn(-30, { title: '先月の会', sportType: 'サッカー' });
        const yesterday = await eventOn(-1, { title: '昨日の会', sportType: 'テニス' });
        const soon = await backend.organizing.create(
          eventInput({ sportType: 'サッカー', date: dayFromToday(3) }),
        );
        const later = await backend.organizing.create(
          eventInput({ sportType: 'サッカー', date: dayFromToday(8) }),
        );
        await backend.organizing.changeStatus(later, 'closed');

        expect(await listIds({ includePast: true })).toEqual([lastMonth, yesterday, soon, later]);
        expect(await listIds({ includePast: true, sportType: 'サッカー' })).toEqual([
          lastMonth,
          soon,
          later,
        ]);
        expect(await listIds({ includePast: true, from: dayFromToday(-5) })).toEqual([
          yesterday,
          soon,
          later,
        ]);
        expect(await listIds({ includePast: true, to: dayFromToday(0) })).toEqual([
          lastMonth,
          yesterday,
        ]);

        // The count follows the same filters as the list.
        expect(await backend.events.count({})).toBe(2);
        expect(await backend.events.count({ includePast: true })).toBe(4);
        expect(await backend.events.count({ includePast: true, sportType: 'サッカー' })).toBe(3);
        expect(await backend.events.count({ openOnly: true })).toBe(1);
        expect(await backend.events.count({ includePast: true, openOnly: true })).toBe(3);
        expect(await backend.events.count({ from: dayFromToday(5) })).toBe(1);
        expect(await backend.events.count({ region: '北海道' })).toBe(0);
        expect(await backend.events.count({ from: dayFromToday(5), to: dayFromToday(4) })).toBe(0);
        // A keyword is not counted: Firebase could only count a superset of the matches.
        expect(await backend.events.count({ keyword: 'サッカー' })).toBeNull();
        expect(await backend.events.count({ keyword: '   ' })).toBe(2);
      });

      it('pages filtered results without losing or repeating any', async () => {
        const { backend } = h();
        await h().signUpAs('主催');
        const tennis: string[] = [];
        for (let i = 0; i < 46; i++) {
          const sportType = i % 2 === 0 ? 'テニス' : 'ヨガ';
          const id = await backend.organizing.create(
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
      it('pages a keyword search whose token many other events hold, in bounded reads', async () => {
        const { backend, queriedDocuments } = h();
        await h().signUpAs('主催');
        // Every title holds 'サッ', the token 'サッカー' is looked up by on Firebase; half match.
        const soccer: string[] = [];
        for (let i = 0; i < 60; i++) {
          const title = i % 2 === 0 ? `サッカー練習${i}` : `サッポロ散歩${i}`;
          const id = await backend.organizing.create(
            eventInput({ title, date: dayFromToday(1 + (i % 20)) }),
          );
          if (i % 2 === 0) soccer.push(id);
        }
        const inListOrder = (await allPages({})).flat().map((e) => e.id);
        const reads: number[] = [];
        const pages: SportEvent[][] = [];
        let cursor: string | null = null;
        do {
          const before = queriedDocuments?.() ?? 0;
          const page = await backend.events.list({ keyword: 'サッカー' }, cursor);
          reads.push((queriedDocuments?.() ?? 0) - before);
          pages.push(page.items);
          cursor = page.nextCursor;
        } while (cursor && pages.length < 10);
        const ids = pages.flat().map((e) => e.id);
        expect(ids).toEqual(inListOrder.filter((id) => soccer.includes(id)));
        expect(pages.every((p) => p.length <= EVENTS_PAGE_SIZE)).toBe(true);
        // No page reads more than about twice the page size (KEYWORD_SCAN_BUDGET): Firestore
        // from its composite index, the local store from its [token, date, startTime, id] entries.
        if (queriedDocuments) {
          expect(Math.max(...reads)).toBeLessThanOrEqual(2 * EVENTS_PAGE_SIZE + 1);
        }
      });

      it('finds by kana, width and organizer in bounded reads among 5,000 events', async () => {
        const { backend, queriedDocuments } = h();
        const organizer = await h().signUpAs('主催');
        // 5,000 upcoming events: 60 futsal ones, 20 of them organized by 山田 太郎, and 4,940
        // runs that hold neither フットサル nor 山田 (nor their lookup tokens フッ and 山田). The
        // runs carry few words (13 tokens, no place): the Firestore emulator has no indexes and
        // sorts every event's search tokens again for each page query, so their count is its
        // time (42 tokens an event took twice as long as 22), while the reads counted here do
        // not depend on it.
        const futsal: string[] = [];
        const yamada: string[] = [];
        const docs = Array.from({ length: 5000 }, (_, i) => {
          const id = `bulk${String(i).padStart(4, '0')}`;
          const isFutsal = i % 83 === 0 && futsal.length < 60;
          const byYamada = isFutsal && futsal.length % 3 === 0;
          if (isFutsal) futsal.push(id);
          if (byYamada) yamada.push(id);
          const searched = {
            title: isFutsal ? `夜の部${i}` : '朝ラン',
            sportType: isFutsal ? 'フットサル' : 'ランニング',
            location: isFutsal ? '代々木公園' : '',
            organizerName: byYamada ? '山田 太郎' : '主催',
            teamName: '',
            description: isFutsal ? 'どなたでもどうぞ' : '',
          };
          return {
            path: `events/${id}`,
            data: {
              ...searched,
              region: '関東',
              level: '誰でも',
              teamId: '',
              organizerId: organizer,
              organizerPhotoURL: '',
              participants: [],
              status: 'open',
              date: day(1 + (i % 40)),
              startTime: `${String(6 + (i % 12)).padStart(2, '0')}:00`,
              endTime: '20:00',
              fee: 0,
              capacity: 10,
              imageURL: '',
              imagePath: '',
              searchTokens: searchTokensOf(searched),
              createdAt: day(-1),
            },
          };
        });
        // Slow on the Firestore emulator of a loaded 2-core machine (minutes), hence the timeout.
        for (let i = 0; i < docs.length; i += 500) await h().putDocuments(docs.slice(i, i + 500));
        const inListOrder = (ids: string[]) =>
          [...ids].sort((x, y) => {
            const [a, b] = [
              docs.find((d) => d.path.endsWith(x))!,
              docs.find((d) => d.path.endsWith(y))!,
            ];
            return (
              a.data.date.getTime() - b.data.date.getTime() ||
              a.data.startTime.localeCompare(b.data.startTime) ||
              x.localeCompare(y)
            );
          });
        // Half-width kana once, with a second term (each pass over the 5,000 costs the
        // emulator seconds; src/domain's tests fold every spelling to the same token).
        for (const [keyword, expected] of [
          ['ふっとさる', futsal],
          ['山田', yamada],
          ['ﾌｯﾄｻﾙ 山田', yamada],
        ] as const) {
          const reads: number[] = [];
          const ids: string[] = [];
          let cursor: string | null = null;
          do {
            const before = queriedDocuments?.() ?? 0;
            const page = await backend.events.list({ keyword }, cursor);
            reads.push((queriedDocuments?.() ?? 0) - before);
            ids.push(...page.items.map((e) => e.id));
            cursor = page.nextCursor;
          } while (cursor && reads.length < 20);
          expect(ids, keyword).toEqual(inListOrder(expected));
          // Each page reads at most twice the page size and one (KEYWORD_SCAN_BUDGET), and all
          // pages together only the events holding the lookup token (a page re-reads the one it
          // looked ahead to): nothing grows with the 5,000, on either store.
          if (queriedDocuments) {
            const holders = keyword === '山田' ? yamada : futsal;
            expect(Math.max(...reads), keyword).toBeLessThanOrEqual(2 * EVENTS_PAGE_SIZE + 1);
            expect(
              reads.reduce((n, r) => n + r, 0),
              keyword,
            ).toBeLessThanOrEqual(holders.length + reads.length);
          }
        }
      }, 420_000);
    });

    describe('profile lists: byOrganizer, byParticipant, participationRecord', () => {
      const hhmm = (d: Date) =>
        `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

      /** Creates an upcoming event, then moves it (as the server could) to the given fields. */
      async function eventAt(title: string, fields: Record<string, unknown>): Promise<string> {
        const id = await h().backend.organizing.create(
          eventInput({ title, date: dayFromToday(1) }),
        );
        await h().serverUpdate('events', id, fields);
        return id;
      }

      async function pages(
        read: (
          cursor: string | null,
        ) => Promise<{ items: SportEvent[]; nextCursor: string | null }>,
      ): Promise<string[][]> {
        const out: string[][] = [];
        let cursor: string | null = null;
        do {
          const page = await read(cursor);
          out.push(page.items.map((e) => e.title));
          cursor = page.nextCursor;
        } while (cursor && out.length < 10);
        return out;
      }

      it("pages an organizer's events: upcoming soonest first, past newest first", async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        for (let i = 11; i >= 1; i--) {
          await backend.organizing.create(
            eventInput({ title: `先${String(i).padStart(2, '0')}`, date: dayFromToday(i) }),
          );
        }
        await eventAt('昨日', { date: day(-1) });
        await eventAt('一か月前', { date: day(-30) });
        await eventAt('先週', { date: day(-7) });
        await h().signUpAs('他の主催');
        await backend.organizing.create(eventInput({ title: '他人の' }));

        const upcoming = await pages((c) => backend.events.byOrganizer(organizer, 'upcoming', c));
        expect(upcoming).toHaveLength(2);
        expect(upcoming[0]).toHaveLength(PROFILE_EVENTS_PAGE_SIZE);
        expect(upcoming.flat()).toEqual(
          Array.from({ length: 11 }, (_, i) => `先${String(i + 1).padStart(2, '0')}`),
        );
        expect(await pages((c) => backend.events.byOrganizer(organizer, 'past', c))).toEqual([
          ['昨日', '先週', '一か月前'],
        ]);
        expect(await backend.events.byOrganizer('no-such-user', 'upcoming')).toEqual({
          items: [],
          nextCursor: null,
        });
      });

      it("pages a participant's events the same way, and an organizer is no participant", async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('主催');
        const later = await backend.organizing.create(
          eventInput({ entryMethod: 'firstCome', title: '来月', date: dayFromToday(30) }),
        );
        const soon = await backend.organizing.create(
          eventInput({
            entryMethod: 'firstCome',
            title: '夕方',
            date: dayFromToday(2),
            startTime: '18:00',
            endTime: '20:00',
          }),
        );
        // The same day, earlier in it: the start time orders the two.
        const morning = await backend.organizing.create(
          eventInput({
            entryMethod: 'firstCome',
            title: '朝',
            date: dayFromToday(2),
            startTime: '07:00',
          }),
        );
        const past = await backend.organizing.create(
          eventInput({ entryMethod: 'firstCome', title: '先月' }),
        );
        await backend.organizing.create(
          eventInput({ entryMethod: 'firstCome', title: '参加しない' }),
        );
        const player = await h().signUpAs('参加者');
        for (const id of [later, soon, morning, past]) await backend.roster.join(id);
        await h().serverUpdate('events', past, { date: day(-30) });

        expect(await pages((c) => backend.events.byParticipant(player, 'upcoming', c))).toEqual([
          ['朝', '夕方', '来月'],
        ]);
        expect(await pages((c) => backend.events.byParticipant(player, 'past', c))).toEqual([
          ['先月'],
        ]);
        expect((await backend.events.byParticipant(organizer, 'upcoming')).items).toEqual([]);
      });

      it('counts every ended, not cancelled participation and lists the newest 10 with labels', async () => {
        const { backend } = h();
        const player = await h().signUpAs('常連さん');
        const newcomer = await h().signUpAs('新人さん');
        await h().signUpAs('主催');
        const now = new Date();
        const started = new Date(now.getTime() - 3 * 3_600_000);
        const runningStart = new Date(now.getTime() - 30 * 60_000);
        const sameDay = (d: Date) => (d.getDate() === now.getDate() ? 0 : -1);
        const players = { participants: [player] };
        const both = { participants: [player, newcomer] };
        await eventAt('さっき終了', {
          ...players,
          date: day(sameDay(started)),
          startTime: hhmm(started),
          endTime: hhmm(new Date(now.getTime() - 3_600_000)),
        });
        await eventAt('開催中', {
          ...players,
          date: day(sameDay(runningStart)),
          startTime: hhmm(runningStart),
          endTime: '',
        });
        await eventAt('来週', { ...players, date: day(7) });
        await eventAt('中止', { ...players, date: day(-3), status: 'cancelled' });
        for (let i = 0; i < 12; i++) {
          const fields = i === 0 || i === 5 ? both : players;
          await eventAt(`過去${i + 2}日前`, { ...fields, date: day(-(i + 2)) });
        }

        const record = await backend.events.participationRecord(player);
        expect(record.count).toBe(13);
        expect(record.history.map((e) => e.event.title)).toEqual([
          'さっき終了',
          ...Array.from({ length: 9 }, (_, i) => `過去${i + 2}日前`),
        ]);
        expect(new Set(record.history.map((e) => e.label))).toEqual(new Set(['常連']));

        // A newcomer's labels say which participation each one was.
        const first = await backend.events.participationRecord(newcomer);
        expect(first.count).toBe(2);
        expect(first.history.map((e) => [e.event.title, e.label])).toEqual([
          ['過去2日前', '２回目'],
          ['過去7日前', '初参加'],
        ]);
        expect(await backend.events.participationRecord('no-such-user')).toEqual({
          count: 0,
          history: [],
        });
      });

      it("copies the organizer's new name onto their own events only", async () => {
        const { backend } = h();
        const organizer = await h().signUpAs('旧い名前');
        const mine = [
          await backend.organizing.create(eventInput({ title: '一つ目' })),
          await backend.organizing.create(eventInput({ title: '二つ目' })),
        ];
        await h().signUpAs('別の主催');
        const theirs = await backend.organizing.create(eventInput({ title: '他人の' }));
        expect(await backend.organizing.syncOrganizerProfile()).toBe(0);

        await h().signInAs(organizer);
        await backend.users.saveProfile(organizer, {
          displayName: '新しい名前',
          bio: '',
          location: '',
          gender: '',
          birthDate: '',
          genderVisibility: 'private',
          birthDateVisibility: 'private',
          photoURL: '',
          photoPath: '',
        });
        expect(await backend.organizing.syncOrganizerProfile()).toBe(2);
        for (const id of mine) {
          expect((await backend.events.get(id))!.organizerName).toBe('新しい名前');
        }
        expect((await backend.events.get(theirs))!.organizerName).toBe('別の主催');
        // Found by the new name, no longer by the old (on Firebase: the tokens moved with it).
        expect((await listIds({ keyword: '新しい' })).sort()).toEqual([...mine].sort());
        expect(await listIds({ keyword: '旧い' })).toEqual([]);
        expect(await backend.organizing.syncOrganizerProfile()).toBe(0);
        await h().signOut();
        expect(await backend.organizing.syncOrganizerProfile()).toBe(0);
      });
    });

    it('throws when events cannot be read, so the screens show their error state', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('読めない');
      const id = await backend.organizing.create(eventInput());
      h().failReads({ collection: 'events', code: 'unavailable' });
      await expectFailure(backend.events.list({}), 'unavailable');
      await expectFailure(backend.events.list({ keyword: 'フットサル' }), 'unavailable');
      await expectFailure(backend.events.get(id), 'unavailable');
      await expectFailure(backend.events.byOrganizer(uid, 'upcoming'), 'unavailable');
      await expectFailure(backend.events.byParticipant(uid, 'past'), 'unavailable');
      await expectFailure(backend.events.participationRecord(uid), 'unavailable');
    });
  });
}
