import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { approvalMail, formatEventDay, rejectionMail } from '@mail/templates';
import type { ApprovalEmail, RejectionEmail } from '@/data/ports/api';
import type { OutboxMail } from '@/data/ports/backend';
import { DEFAULT_EMAIL_SETTINGS } from '@/domain/entities/email-settings';
import { notificationText, type AppNotification } from '@/domain/entities/notification';
import { EVENT_REQUESTS_PAGE_SIZE } from '@/domain/constants';
import type { Page } from '@/domain/entities/common';
import {
  PLACEHOLDER_EVENT_INFO,
  type ParticipationRequest,
} from '@/domain/entities/participation-request';
import { ERR, failureCode } from '@/domain/errors';
import { formatIsoDate } from '@/domain/format';
import { approvalEmailPayload, rejectionEmailPayload } from '@/domain/notification-emails';
import { inOrganizerOrder } from '@/domain/rules/participation';
import { logger } from '@/lib/logger';
import { sideEffectsSettled } from '@/lib/side-effects';
import { APP_ORIGIN, type ContractHarness, type HarnessFactory } from './harness';
import {
  collectLive,
  dayFromToday,
  eventInput,
  expectFailure,
  expectRejection,
  liveFailure,
  LIVE_WAIT,
  sleep,
  useHarness,
  waitForLive,
} from './support';

export function participationContract(makeHarness: HarnessFactory): void {
  describe('participation port', () => {
    const h = useHarness(makeHarness);

    /** An organizer with one open event, and a second user signed in afterwards. */
    async function eventWithRequester(h: ContractHarness, capacity = 10) {
      const organizer = await h.signUpAs('主催 太郎');
      const date = dayFromToday(6);
      const eventId = await h.backend.organizing.create(
        eventInput({ title: '朝のテニス', location: '有明テニスの森', date, capacity }),
      );
      const requester = await h.signUpAs('参加 花子');
      return { organizer, requester, eventId, date };
    }

    /** A participant who took part before the event became 承認制 (written past the rules). */
    async function joinedEarlier(eventId: string, uid: string) {
      const event = await h().backend.events.get(eventId);
      await h().serverUpdate('events', eventId, { participants: [...event!.participants, uid] });
    }

    function notificationsOf(uid: string, accept: (items: AppNotification[]) => boolean) {
      return waitForLive<AppNotification[]>(
        (next, fail) => h().backend.notifications.subscribe(uid, next, fail),
        accept,
      );
    }

    /** The user's own address, read while signed in as them (everyone may read their own). */
    async function profileEmail(uid: string): Promise<string> {
      const email = (await h().backend.users.get(uid))!.email;
      expect(email).toMatch(/@example\.com$/);
      return email;
    }

    describe('request', () => {
      it('creates a pending request and tells the organizer', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        const id = await backend.participation.request(
          eventId,
          '  初めてですがよろしくお願いします  ',
        );
        const mine = await backend.participation.myRequestFor(eventId);
        expect(mine).toMatchObject({
          id,
          userId: requester,
          eventId,
          status: 'pending',
          message: '初めてですがよろしくお願いします',
        });
        expect(mine!.createdAt).toBeInstanceOf(Date);

        await h().signInAs(organizer);
        const list = await notificationsOf(organizer, (items) => items.length > 0);
        expect(list[0]).toMatchObject({
          userId: organizer,
          type: 'participation_request',
          read: false,
          data: expect.objectContaining({ eventId }),
        });
        expect(notificationText(list[0]!).body).toContain('参加 花子');
      });

      it('raises every refusal message', async () => {
        const { backend } = h();
        const { organizer, eventId } = await eventWithRequester(h(), 1);
        await expectRejection(
          backend.participation.request('no-such-event', ''),
          ERR.eventNotFound,
        );
        await expectRejection(
          backend.participation.request(eventId, 'あ'.repeat(501)),
          'メッセージは500文字以内で入力してください',
        );
        await backend.participation.request(eventId, '');
        await expectRejection(backend.participation.request(eventId, ''), ERR.alreadyRequested);
        await expectRejection(
          backend.participation.request(eventId, ''),
          '既に参加リクエストを送信済みです。主催者の承認をお待ちください。',
        );

        await joinedEarlier(eventId, await h().signUpAs('直接参加'));
        await expectRejection(backend.participation.request(eventId, ''), ERR.alreadyJoined);

        await h().signUpAs('満員で断られる');
        await expectRejection(backend.participation.request(eventId, ''), ERR.eventFull);

        await h().signInAs(organizer);
        const closed = await backend.organizing.create(eventInput({ title: '締切' }));
        await backend.organizing.changeStatus(closed, 'closed');
        await h().signUpAs('締切で断られる');
        await expectRejection(backend.participation.request(closed, ''), ERR.eventNotOpen);

        await h().signOut();
        await expectRejection(backend.participation.request(eventId, ''), ERR.authJoinEvents);
      });
    });

    describe('anonymous reads', () => {
      it('gives no pending requests and no request for an event', async () => {
        const { backend } = h();
        const { eventId } = await eventWithRequester(h());
        await backend.participation.request(eventId, '');
        await h().signOut();
        expect(await backend.participation.myPending()).toEqual([]);
        expect(await backend.participation.myRequestFor(eventId)).toBeNull();
      });
    });

    describe('myPending', () => {
      it('lists my pending requests with their event info', async () => {
        const { backend } = h();
        const { eventId, date } = await eventWithRequester(h());
        const id = await backend.participation.request(eventId, '');
        const pending = await backend.participation.myPending();
        expect(pending).toHaveLength(1);
        expect(pending[0]).toMatchObject({
          id,
          eventId,
          status: 'pending',
          event: { title: '朝のテニス', location: '有明テニスの森' },
        });
        expect(formatIsoDate(pending[0]!.event.date)).toBe(date);
      });

      it('lists them newest first', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        await h().signInAs(organizer);
        const second = await backend.organizing.create(eventInput({ title: '二つ目' }));
        await h().signInAs(requester);
        const older = await backend.participation.request(eventId, '');
        await sleep(2);
        const newer = await backend.participation.request(second, '');
        expect((await backend.participation.myPending()).map((p) => p.id)).toEqual([newer, older]);
      });

      it('falls back to a read without the status filter when the main one fails, and logs it', async () => {
        const harness = h();
        const { backend } = harness;
        const { organizer, requester, eventId } = await eventWithRequester(harness);
        const approvedId = await backend.participation.request(eventId, '');
        await harness.signInAs(organizer);
        await backend.participation.approve(approvedId);
        const second = await backend.organizing.create(eventInput({ title: '二つ目' }));
        await harness.signInAs(requester);
        const pendingId = await backend.participation.request(second, '');

        const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
        harness.failReads({
          collection: 'participationRequests',
          field: 'status',
          code: 'failed-precondition',
        });
        const pending = await backend.participation.myPending();
        expect(pending.map((p) => p.id)).toEqual([pendingId]);
        expect(pending[0]).toMatchObject({
          status: 'pending',
          eventId: second,
          event: { ...PLACEHOLDER_EVENT_INFO },
        });
        expect(logged).toHaveBeenCalled();
      });

      it('throws when the fallback fails too', async () => {
        const { backend } = h();
        const { eventId } = await eventWithRequester(h());
        await backend.participation.request(eventId, '');
        vi.spyOn(logger, 'error').mockImplementation(() => {});
        h().failReads({ collection: 'participationRequests', code: 'unavailable' });
        await expectFailure(backend.participation.myPending(), 'unavailable');
      });
    });

    describe('live requests', () => {
      it('keeps my request for an event current on one listener, whoever changes it', async () => {
        const { requester, eventId } = await eventWithRequester(h());
        const mine = collectLive<ParticipationRequest | null>((next, fail) =>
          h().backend.participation.subscribeMyRequest(requester, eventId, next, fail),
        );
        await vi.waitFor(() => expect(mine.seen).toEqual([null]), LIVE_WAIT);
        const id = await h().backend.participation.request(eventId, 'よろしくお願いします');
        await vi.waitFor(
          () => expect(mine.latest()).toMatchObject({ id, status: 'pending' }),
          LIVE_WAIT,
        );
        // The organizer answers in another browser.
        await h().serverUpdate('participationRequests', id, { status: 'rejected' });
        await vi.waitFor(
          () => expect(mine.latest()).toMatchObject({ id, status: 'rejected' }),
          LIVE_WAIT,
        );
        mine.stop();
        expect(mine.error()).toBeNull();
      });

      it("refuses a listener on someone else's request", async () => {
        const { organizer, eventId } = await eventWithRequester(h());
        const error = await liveFailure((next, fail) =>
          h().backend.participation.subscribeMyRequest(organizer, eventId, next, fail),
        );
        expect(failureCode(error)).toBe('permission-denied');
      });

      it("keeps the organizer's first page current as requests arrive and are answered", async () => {
        const { organizer, eventId } = await eventWithRequester(h());
        const first = await h().backend.participation.request(eventId, '');
        // Anyone but the organizer: one empty page, and no listener on the requests.
        const theirs = await waitForLive<Page<ParticipationRequest>>(
          (next, fail) => h().backend.participation.subscribeForEvent(eventId, next, fail),
          () => true,
        );
        expect(theirs).toEqual({ items: [], nextCursor: null });

        await h().signInAs(organizer);
        const page = collectLive<Page<ParticipationRequest>>((next, fail) =>
          h().backend.participation.subscribeForEvent(eventId, next, fail),
        );
        const shown = () => page.latest()?.items.map((r) => [r.id, r.status]);
        await vi.waitFor(() => expect(shown()).toEqual([[first, 'pending']]), LIVE_WAIT);
        // A second request arrives from another browser.
        const late = `${eventId}_late-requester`;
        const at = new Date();
        await h().putDocuments([
          {
            path: `participationRequests/${late}`,
            data: {
              userId: 'late-requester',
              eventId,
              message: '',
              status: 'pending',
              createdAt: at,
              updatedAt: at,
            },
          },
        ]);
        await vi.waitFor(
          () =>
            expect(shown()).toEqual([
              [first, 'pending'],
              [late, 'pending'],
            ]),
          LIVE_WAIT,
        );
        // The first is answered elsewhere: in the organizer's order it follows the pending one.
        await h().serverUpdate('participationRequests', first, {
          status: 'approved',
          updatedAt: new Date(),
        });
        await vi.waitFor(
          () =>
            expect(shown()).toEqual([
              [late, 'pending'],
              [first, 'approved'],
            ]),
          LIVE_WAIT,
        );
        expect(page.latest()?.nextCursor).toBeNull();
        // A page's worth more: the live first page ends with a cursor forEvent continues from.
        const more = Array.from({ length: EVENT_REQUESTS_PAGE_SIZE }, (_, i) => {
          const created = new Date(at.getTime() + (i + 1) * 1000);
          return {
            path: `participationRequests/${eventId}_more-${String(i).padStart(2, '0')}`,
            data: {
              userId: `more-${i}`,
              eventId,
              message: '',
              status: 'pending',
              createdAt: created,
              updatedAt: created,
            },
          };
        });
        await h().putDocuments(more);
        await vi.waitFor(() => expect(page.latest()?.nextCursor).toBeTruthy(), LIVE_WAIT);
        const firstPage = page.latest()!.items.map((r) => r.id);
        expect(firstPage).toHaveLength(EVENT_REQUESTS_PAGE_SIZE);
        const rest = await h().backend.participation.forEvent(eventId, page.latest()!.nextCursor);
        expect([...firstPage, ...rest.items.map((r) => r.id)]).toEqual([
          late,
          ...more.map((d) => d.path.split('/')[1]),
          first,
        ]);
        expect(rest.nextCursor).toBeNull();
        page.stop();
        expect(page.error()).toBeNull();
      });
    });

    describe('myRequestFor', () => {
      it('gives the request that counts: the pending one, else the newest', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        const first = await backend.participation.request(eventId, '一回目');
        await h().signInAs(organizer);
        await backend.participation.reject(first);
        await h().signInAs(requester);
        expect(await backend.participation.myRequestFor(eventId)).toMatchObject({
          id: first,
          status: 'rejected',
        });
        const second = await backend.participation.request(eventId, '二回目');
        expect(await backend.participation.myRequestFor(eventId)).toMatchObject({
          id: second,
          status: 'pending',
        });
        await h().signInAs(organizer);
        await backend.participation.approve(second);
        await h().signInAs(requester);
        expect(await backend.participation.myRequestFor(eventId)).toMatchObject({
          id: second,
          status: 'approved',
        });
        expect(await backend.participation.myRequestFor('no-such-event')).toBeNull();
      });

      it('throws when the read fails', async () => {
        const { backend } = h();
        const { eventId } = await eventWithRequester(h());
        h().failReads({ collection: 'participationRequests', code: 'unavailable' });
        await expectFailure(backend.participation.myRequestFor(eventId), 'unavailable');
      });
    });

    describe('cancel', () => {
      it('deletes my own request, and raises the login, not-found and permission messages', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        const id = await backend.participation.request(eventId, '');

        // The organizer sees the request but may not cancel it for the requester.
        await h().signInAs(organizer);
        await expectRejection(backend.participation.cancel(id), ERR.noCancelPermission);
        await expectRejection(
          backend.participation.cancel(id),
          'このリクエストをキャンセルする権限がありません',
        );
        // To anyone else another user's request does not exist.
        await h().signUpAs('他人');
        await expectRejection(backend.participation.cancel(id), ERR.requestNotFound);
        await expectRejection(backend.participation.cancel('no-such-request'), ERR.requestNotFound);
        await expectRejection(
          backend.participation.cancel('no-such-request'),
          '参加リクエストが見つかりません',
        );
        await h().signOut();
        await expectRejection(backend.participation.cancel(id), ERR.loginRequired);
        await expectRejection(backend.participation.cancel(id), '操作にはログインが必要です');

        await h().signInAs(requester);
        await backend.participation.cancel(id);
        expect(await backend.participation.myRequestFor(eventId)).toBeNull();
        await expectRejection(backend.participation.cancel(id), ERR.requestNotFound);
        // With the request gone the user may ask again.
        await expect(backend.participation.request(eventId, '')).resolves.toEqual(
          expect.any(String),
        );
      });
    });

    describe('approve', () => {
      it('refuses to cancel a request once the organizer has processed it', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        const id = await backend.participation.request(eventId, '');
        await h().signInAs(organizer);
        await backend.participation.reject(id);
        await h().signInAs(requester);
        await expectRejection(backend.participation.cancel(id), ERR.alreadyProcessed);
        await expectRejection(
          backend.participation.cancel(id),
          'このリクエストは既に処理されています',
        );
        expect(await backend.participation.myRequestFor(eventId)).toMatchObject({
          id,
          status: 'rejected',
        });
      });

      it('refuses to add anyone to a cancelled event, and approves into a closed one', async () => {
        const { backend } = h();
        const { organizer, eventId } = await eventWithRequester(h());
        const first = await backend.participation.request(eventId, '');
        const second = await h().signUpAs('二人目');
        const secondId = await backend.participation.request(eventId, '');
        await h().signInAs(organizer);

        await backend.organizing.changeStatus(eventId, 'closed');
        await backend.participation.approve(first);
        await backend.organizing.changeStatus(eventId, 'cancelled');
        await expectRejection(backend.participation.approve(secondId), ERR.eventNotOpen);
        await expectRejection(
          backend.participation.approve(secondId),
          'このイベントは現在参加を受け付けていません',
        );
        expect((await backend.events.get(eventId))!.participants).not.toContain(second);
        // Rejecting still works: it tells the requester and adds nobody.
        await backend.participation.reject(secondId);
      });

      it('approves: request status, the participant added once, a participation_approved notification', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        const id = await backend.participation.request(eventId, '');
        await h().signInAs(organizer);
        await backend.participation.approve(id);

        const event = await backend.events.get(eventId);
        expect(event!.participants).toEqual([requester]);
        const {
          items: [request],
        } = await backend.participation.forEvent(eventId);
        expect(request).toMatchObject({ id, status: 'approved' });
        expect(request!.updatedAt!.getTime()).toBeGreaterThanOrEqual(request!.createdAt!.getTime());

        await expectRejection(backend.participation.approve(id), ERR.alreadyProcessed);
        await expectRejection(
          backend.participation.approve(id),
          'このリクエストは既に処理されています',
        );
        await expectRejection(backend.participation.reject(id), ERR.alreadyProcessed);
        expect((await backend.events.get(eventId))!.participants).toEqual([requester]);

        await h().signInAs(requester);
        const list = await notificationsOf(requester, (items) =>
          items.some((n) => n.type === 'participation_approved'),
        );
        expect(list.find((n) => n.type === 'participation_approved')).toMatchObject({
          userId: requester,
          read: false,
          data: expect.objectContaining({ eventId }),
        });
        expect(await backend.participation.myPending()).toEqual([]);
      });

      it('does not add a participant twice when the requester had joined directly', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        const id = await backend.participation.request(eventId, '');
        await joinedEarlier(eventId, requester);
        await h().signInAs(organizer);
        await backend.participation.approve(id);
        expect((await backend.events.get(eventId))!.participants).toEqual([requester]);
      });

      it('refuses approval beyond capacity', async () => {
        const { backend } = h();
        const { organizer, eventId } = await eventWithRequester(h(), 1);
        const id = await backend.participation.request(eventId, '');
        const other = await h().signUpAs('先着');
        await joinedEarlier(eventId, other);
        await h().signInAs(organizer);
        await expectRejection(backend.participation.approve(id), ERR.eventFull);
        expect((await backend.events.get(eventId))!.participants).toEqual([other]);
        expect((await backend.participation.forEvent(eventId)).items[0]!.status).toBe('pending');
      });

      it('raises the login, not-found and permission messages', async () => {
        const { backend } = h();
        const { eventId } = await eventWithRequester(h());
        const id = await backend.participation.request(eventId, '');
        await expectRejection(backend.participation.approve(id), ERR.noProcessPermission);
        await expectRejection(backend.participation.reject(id), ERR.noProcessPermission);
        await expectRejection(
          backend.participation.approve('no-such-request'),
          ERR.requestNotFound,
        );
        await expectRejection(backend.participation.reject('no-such-request'), ERR.requestNotFound);
        await h().signOut();
        await expectRejection(backend.participation.approve(id), ERR.loginRequired);
        await expectRejection(backend.participation.reject(id), ERR.loginRequired);
      });

      it('asks for the approval mail naming only the request and its requester', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        const id = await backend.participation.request(eventId, '');
        await h().signInAs(organizer);
        const send = vi.spyOn(backend.api, 'sendNotificationEmail');
        await backend.participation.approve(id);
        await sideEffectsSettled();

        expect(send).toHaveBeenCalledTimes(1);
        expect(send.mock.calls[0]![0]).toEqual({
          type: 'event_approved',
          recipientId: requester,
          requestId: id,
        });
      });

      it('builds both mail payloads with the domain functions, whose shapes are the port types', () => {
        // Compile-time only: tsc fails when a field is added to one side and not the other.
        expectTypeOf(approvalEmailPayload).returns.toEqualTypeOf<ApprovalEmail>();
        expectTypeOf(rejectionEmailPayload).returns.toEqualTypeOf<RejectionEmail>();
      });

      it('mails the approval and the rejection, rendered from the stored event, once per request, to the requester only', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        const approved = await backend.participation.request(eventId, '');
        const approvedEmail = await profileEmail(requester);
        const other = await h().signUpAs('不承認 次郎');
        const rejected = await backend.participation.request(eventId, '');
        const rejectedEmail = await profileEmail(other);
        await h().signInAs(organizer);
        // The organizer renamed themself: the rejection names them as they are called now.
        await h().serverUpdate('users', organizer, { displayName: '主催 太郎（改名）' });
        await backend.participation.approve(approved);
        await backend.participation.reject(rejected);
        await sideEffectsSettled();

        const event = (await backend.events.get(eventId))!;
        // The local outbox also holds the account mail (verification): only the event's here.
        const aboutTheEvent = (mails: OutboxMail[]) =>
          mails.filter((m) => m.subject.includes('朝のテニス'));
        const outbox = aboutTheEvent(await h().notificationOutbox());
        const approval = outbox.filter((m) => m.to === approvedEmail);
        const rejection = outbox.filter((m) => m.to === rejectedEmail);
        expect(approval.map((m) => m.subject)).toEqual([
          '【スポーツコミュニティ】「朝のテニス」への参加が承認されました',
        ]);
        expect(approval[0]!.body).toBe(approvalMail(event, APP_ORIGIN).text);
        expect(approval[0]!.body).toContain(`開催日時: ${formatEventDay(event.date)} 10:00〜12:00`);
        expect(approval[0]!.body).toContain('場所: 有明テニスの森');
        expect(approval[0]!.links).toEqual([
          `${APP_ORIGIN}/events/${eventId}`,
          `${APP_ORIGIN}/email-settings`,
        ]);
        expect(rejection.map((m) => m.subject)).toEqual([
          '【スポーツコミュニティ】「朝のテニス」への参加リクエストについて',
        ]);
        expect(rejection[0]!.body).toBe(rejectionMail(event, '主催 太郎（改名）', APP_ORIGIN).text);

        // Asked again for the same request: the server answers "not sent" and mails nobody.
        await backend.api.sendNotificationEmail(
          approvalEmailPayload({ id: approved, userId: requester }),
        );
        // Only the organizer of the request's event may cause its mail.
        await h().signInAs(other);
        await expect(
          backend.api.sendNotificationEmail(rejectionEmailPayload({ id: rejected, userId: other })),
        ).rejects.toThrow(/^403: /);
        await sideEffectsSettled();
        expect(aboutTheEvent(await h().notificationOutbox())).toHaveLength(outbox.length);
      });

      it('sends no mail of a kind the recipient turned off, and the other kinds still', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        await backend.users.saveEmailSettings(requester, {
          ...DEFAULT_EMAIL_SETTINGS,
          participationApproved: false,
          participationRejected: true,
          unreadMessages: true,
          eventReminder: true,
        });
        const first = await backend.participation.request(eventId, '');
        const email = await profileEmail(requester);
        await h().signInAs(organizer);
        await backend.participation.approve(first);
        await h().signInAs(requester);
        await backend.roster.leave(eventId);
        const second = await backend.participation.request(eventId, '');
        await h().signInAs(organizer);
        await backend.participation.reject(second);
        await sideEffectsSettled();

        const toRequester = (await h().notificationOutbox()).filter(
          (m) => m.to === email && m.subject.includes('朝のテニス'),
        );
        expect(toRequester.map((m) => m.subject)).toEqual([
          '【スポーツコミュニティ】「朝のテニス」への参加リクエストについて',
        ]);
      });

      it('approves without waiting for the mail, and logs its failure', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        const id = await backend.participation.request(eventId, '');
        await h().signInAs(organizer);
        let answer: (e: Error) => void = () => {};
        vi.spyOn(backend.api, 'sendNotificationEmail').mockImplementation(
          () => new Promise((_, reject) => (answer = reject)),
        );
        const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
        // Resolves while the mail call is still unanswered.
        await backend.participation.approve(id);
        expect((await backend.events.get(eventId))!.participants).toEqual([requester]);
        expect((await backend.participation.forEvent(eventId)).items[0]!.status).toBe('approved');
        answer(new Error('503: Service Unavailable'));
        await sideEffectsSettled();
        expect(logged).toHaveBeenCalledWith('participation.approve: mail', expect.any(Error));
      });
    });

    describe('reject', () => {
      it('rejects: status, a participation_rejected notification, the rejection email; the user may ask again', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        const id = await backend.participation.request(eventId, '');
        await h().signInAs(organizer);
        const send = vi.spyOn(backend.api, 'sendNotificationEmail');
        await backend.participation.reject(id);
        await sideEffectsSettled();

        expect((await backend.participation.forEvent(eventId)).items[0]).toMatchObject({
          id,
          status: 'rejected',
        });
        expect((await backend.events.get(eventId))!.participants).toEqual([]);
        expect(send).toHaveBeenCalledTimes(1);
        expect(send.mock.calls[0]![0]).toEqual({
          type: 'event_rejected',
          recipientId: requester,
          requestId: id,
        });
        await expectRejection(backend.participation.reject(id), ERR.alreadyProcessed);

        await h().signInAs(requester);
        const list = await notificationsOf(requester, (items) =>
          items.some((n) => n.type === 'participation_rejected'),
        );
        expect(list.find((n) => n.type === 'participation_rejected')).toMatchObject({
          userId: requester,
          data: expect.objectContaining({ eventId }),
        });
        // Asking again reopens the same request (one per user and event).
        const again = await backend.participation.request(eventId, 'もう一度お願いします');
        expect(again).toBe(id);
        expect(await backend.participation.myRequestFor(eventId)).toMatchObject({
          id,
          status: 'pending',
          message: 'もう一度お願いします',
        });
      });

      it('still rejects when the email call fails', async () => {
        const { backend } = h();
        const { organizer, eventId } = await eventWithRequester(h());
        const id = await backend.participation.request(eventId, '');
        await h().signInAs(organizer);
        vi.spyOn(backend.api, 'sendNotificationEmail').mockRejectedValue(new Error('network down'));
        const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
        await backend.participation.reject(id);
        expect((await backend.participation.forEvent(eventId)).items[0]!.status).toBe('rejected');
        await sideEffectsSettled();
        expect(logged).toHaveBeenCalledWith('participation.reject: mail', expect.any(Error));
      });
    });

    describe('forEvent', () => {
      it('lists the requests of one event, oldest first', async () => {
        const { backend } = h();
        const { organizer, eventId } = await eventWithRequester(h());
        const first = await backend.participation.request(eventId, '一番');
        await h().signUpAs('二番目');
        const second = await backend.participation.request(eventId, '二番');
        await h().signInAs(organizer);
        const other = await backend.organizing.create(eventInput({ title: '別' }));
        await h().signUpAs('別の人');
        await backend.participation.request(other, '');
        await h().signInAs(organizer);
        expect((await backend.participation.forEvent(eventId)).items.map((r) => r.id)).toEqual([
          first,
          second,
        ]);
      });

      it('pages the requests in the organizer order, pending then decided, in bounded reads', async () => {
        const { backend, queriedDocuments } = h();
        const { organizer, eventId } = await eventWithRequester(h());
        const minute = 60_000;
        const base = Date.now() - 100 * minute;
        // 25 pending and 20 decided; pairs share a time, so ties fall to the id.
        const stored: ParticipationRequest[] = Array.from({ length: 45 }, (_, i) => {
          const userId = `pager-${String(i).padStart(2, '0')}`;
          const status = i < 25 ? 'pending' : i % 2 ? 'approved' : 'rejected';
          const createdAt = new Date(base + Math.floor(i / 2) * minute);
          const decidedAt = new Date(base + (60 + ((i * 7) % 11)) * minute);
          return {
            id: `${eventId}_${userId}`,
            userId,
            eventId,
            message: `依頼${i}`,
            status,
            fromWaitlist: false,
            createdAt,
            updatedAt: status === 'pending' ? createdAt : decidedAt,
          };
        });
        await h().putDocuments(
          stored.map(({ id, ...data }) => ({ path: `participationRequests/${id}`, data })),
        );
        await h().signInAs(organizer);
        const reads: number[] = [];
        const pages: ParticipationRequest[][] = [];
        let cursor: string | null = null;
        do {
          const before = queriedDocuments?.() ?? 0;
          const page = await backend.participation.forEvent(eventId, cursor);
          reads.push((queriedDocuments?.() ?? 0) - before);
          pages.push(page.items);
          cursor = page.nextCursor;
        } while (cursor && pages.length < 5);
        expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
        expect(pages.flat().map((r) => r.id)).toEqual(inOrganizerOrder(stored).map((r) => r.id));
        // The second page crosses from the last pending requests into the decided ones.
        expect(pages[1]!.slice(4, 6).map((r) => r.status === 'pending')).toEqual([true, false]);
        expect(pages[0]![0]).toMatchObject({ message: '依頼0', status: 'pending' });
        // A page reads at most a page plus one, however many requests the event has: the first
        // (pending ones only) on both backends. A decided page reads a page plus one per status
        // locally, where each status of the phase is an index walk of its own; Firestore merges
        // them in one query.
        if (queriedDocuments) {
          expect(reads[0]).toBeGreaterThanOrEqual(EVENT_REQUESTS_PAGE_SIZE);
          expect(reads[0]).toBeLessThanOrEqual(EVENT_REQUESTS_PAGE_SIZE + 1);
          const perStatus = backend.kind === 'firebase' ? 1 : 2;
          expect(Math.max(...reads)).toBeLessThanOrEqual(
            perStatus * (EVENT_REQUESTS_PAGE_SIZE + 1),
          );
        }
        // A cursor this backend did not make starts over.
        expect(
          (await backend.participation.forEvent(eventId, 'not-a-cursor')).items.map((r) => r.id),
        ).toEqual(pages[0]!.map((r) => r.id));
      });

      it("shows an event's requests and their messages to its organizer only", async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        await backend.participation.request(eventId, '個人的なメッセージ');
        const logged = vi.spyOn(logger, 'error');
        expect(await backend.participation.forEvent(eventId)).toEqual({
          items: [],
          nextCursor: null,
        });
        await h().signUpAs('無関係');
        expect(await backend.participation.forEvent(eventId)).toEqual({
          items: [],
          nextCursor: null,
        });
        await h().signOut();
        expect(await backend.participation.forEvent(eventId)).toEqual({
          items: [],
          nextCursor: null,
        });
        // An answer, not a swallowed refusal.
        expect(logged).not.toHaveBeenCalled();
        await h().signInAs(organizer);
        expect(await backend.participation.forEvent('no-such-event')).toEqual({
          items: [],
          nextCursor: null,
        });
        expect((await backend.participation.forEvent(eventId)).items[0]).toMatchObject({
          message: '個人的なメッセージ',
        });
        await h().signInAs(requester);
        // The requester still sees their own request.
        expect(await backend.participation.myRequestFor(eventId)).toMatchObject({
          message: '個人的なメッセージ',
        });
      });

      it("throws when the requests can't be read, so the organizer sees an error", async () => {
        const { backend } = h();
        const { organizer, eventId } = await eventWithRequester(h());
        await backend.participation.request(eventId, '');
        await h().signInAs(organizer);
        h().failReads({ collection: 'participationRequests', code: 'unavailable' });
        await expectFailure(backend.participation.forEvent(eventId), 'unavailable');
      });
    });

    describe('pendingCount', () => {
      it('counts the pending requests of an event for its organizer only', async () => {
        const { backend } = h();
        const { organizer, requester, eventId } = await eventWithRequester(h());
        const first = await backend.participation.request(eventId, '');
        await h().signUpAs('二人目');
        await backend.participation.request(eventId, '');
        await h().signInAs(organizer);
        expect(await backend.participation.pendingCount(eventId)).toBe(2);
        await backend.participation.approve(first);
        expect(await backend.participation.pendingCount(eventId)).toBe(1);

        await h().signInAs(requester);
        await expectRejection(backend.participation.pendingCount(eventId), ERR.noProcessPermission);
        await expectRejection(
          backend.participation.pendingCount('no-such-event'),
          ERR.eventNotFound,
        );
        await h().signOut();
        await expectRejection(backend.participation.pendingCount(eventId), ERR.loginRequired);
      });

      it('throws when the requests cannot be counted', async () => {
        const { backend } = h();
        const { organizer, eventId } = await eventWithRequester(h());
        await h().signInAs(organizer);
        h().failReads({ collection: 'participationRequests', code: 'unavailable' });
        await expectFailure(backend.participation.pendingCount(eventId), 'unavailable');
      });
    });
  });
}
