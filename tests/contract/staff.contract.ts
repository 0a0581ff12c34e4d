import { describe, expect, it } from 'vitest';
import { notificationText, type AppNotification } from '@/domain/entities/notification';
import { ERR, failureCode } from '@/domain/errors';
import { requestIdFor } from '@/domain/entities/participation-request';
import { SPECIAL_ADMIN_EMAIL } from '@/domain/entities/user';
import type { ContractHarness, HarnessFactory } from './harness';
import { eventInput, expectRejection, useHarness, waitForLive } from './support';

/**
 * The staff and reports ports (docs/staff.md): who may call them, what each write changes and
 * records in the audit log, and the order and pages of the lists.
 */

/** The set-up account becomes the first admin through /admin-init's port call. */
async function firstAdmin(h: ContractHarness): Promise<string> {
  const uid = await h.signUpAs('運営 管理者', SPECIAL_ADMIN_EMAIL);
  await h.backend.staff.initializeAdmin();
  return uid;
}

/** Each case signs up several accounts: on the emulators that takes seconds on a busy machine. */
const SLOW = { timeout: 30_000 };

export function staffContract(makeHarness: HarnessFactory): void {
  describe('staff port', SLOW, () => {
    const h = useHarness(makeHarness);

    it('refuses every read and write to a non-staff user, and reads to a visitor', async () => {
      const { backend } = h();
      const target = await h().signUpAs('対象');
      await h().signUpAs('一般');
      const staff = backend.staff;
      const calls: [string, () => Promise<unknown>][] = [
        ['dashboard', () => staff.dashboard()],
        ['searchUsers', () => staff.searchUsers('')],
        ['userByCustomId', () => staff.userByCustomId('user_x')],
        ['userActivity', () => staff.userActivity(target)],
        ['recentEvents', () => staff.recentEvents('')],
        ['reports', () => staff.reports('open')],
        ['auditLog', () => staff.auditLog()],
        ['adminSetup', () => staff.adminSetup()],
        ['setRole', () => staff.setRole(target, 'admin')],
        ['setActive', () => staff.setActive(target, false, '')],
        ['cancelEvent', () => staff.cancelEvent('no-event', 'fraud', '')],
        ['resolveReport', () => staff.resolveReport('no-report', 'x')],
      ];
      for (const [name, call] of calls) {
        await expectRejection(call(), ERR.staffOnly).catch((e: Error) => {
          throw new Error(`${name}: ${e.message}`);
        });
      }
      await expectRejection(staff.initializeAdmin(), ERR.setupAccountOnly);
      await h().signOut();
      await expectRejection(staff.dashboard(), ERR.loginRequired);
      await expectRejection(staff.reports('open'), ERR.loginRequired);
    });

    it('passes a failed read on to the screen instead of an empty list', async () => {
      const { backend } = h();
      await firstAdmin(h());
      h().failReads({ collection: 'reports', code: 'unavailable' });
      h().failReads({ collection: 'auditLog', code: 'unavailable' });
      for (const read of [() => backend.staff.reports('open'), () => backend.staff.auditLog()]) {
        let caught: unknown = null;
        await read().catch((e: unknown) => (caught = e));
        expect(failureCode(caught)).toBe('unavailable');
      }
    });

    it('lets the set-up account become the first admin once, and records it', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('運営 管理者', SPECIAL_ADMIN_EMAIL);
      // Before set-up it is staff (moderator rank) but no admin exists.
      expect(await backend.staff.adminSetup()).toEqual({ adminExists: false });
      await backend.staff.initializeAdmin();
      expect(await backend.staff.adminSetup()).toEqual({ adminExists: true });
      expect((await backend.users.get(uid))!.role).toBe('admin');
      await expectRejection(backend.staff.initializeAdmin(), ERR.adminAlreadyExists);
      const log = await backend.staff.auditLog();
      expect(log.items).toHaveLength(1);
      expect(log.items[0]).toMatchObject({
        actorId: uid,
        action: 'admin_initialized',
        targetType: 'user',
        targetId: uid,
        targetLabel: '運営 管理者',
        from: 'user',
        to: 'admin',
      });
      expect(log.items[0]!.createdAt).toBeInstanceOf(Date);
    });

    it('lets only admins change roles; a moderator cannot grant admin; the last admin stays', async () => {
      const { backend } = h();
      const mod = await h().signUpAs('モデ 太郎');
      const other = await h().signUpAs('一般 花子');
      const admin = await firstAdmin(h());
      await backend.staff.setRole(mod, 'moderator');
      expect((await backend.users.get(mod))!.role).toBe('moderator');
      await expectRejection(backend.staff.setRole(admin, 'user'), ERR.lastAdmin);
      await expectRejection(backend.staff.setRole('no-such-user', 'moderator'), ERR.userNotFound);
      // A role the user already has changes nothing and records nothing.
      await backend.staff.setRole(mod, 'moderator');

      await h().signInAs(mod);
      expect((await backend.staff.dashboard()).users).toBe(3);
      await expectRejection(backend.staff.setRole(other, 'admin'), ERR.rolesAdminOnly);
      await expectRejection(backend.staff.setRole(mod, 'admin'), ERR.rolesAdminOnly);
      await expectRejection(backend.staff.setRole(admin, 'user'), ERR.rolesAdminOnly);
      expect((await backend.users.get(other))!.role).toBe('user');

      await h().signInAs(admin);
      await backend.staff.setRole(other, 'admin');
      await backend.staff.setRole(admin, 'moderator');
      expect((await backend.users.get(admin))!.role).toBe('moderator');
      const actions = (await backend.staff.auditLog()).items.map((e) => [
        e.action,
        e.targetId,
        e.to,
      ]);
      expect(actions).toEqual([
        ['role_changed', admin, 'moderator'],
        ['role_changed', other, 'admin'],
        ['role_changed', mod, 'moderator'],
        ['admin_initialized', admin, 'admin'],
      ]);
    });

    it('suspends and reactivates by rank: a moderator never suspends an admin; a suspended user cannot report', async () => {
      const { backend } = h();
      const mod = await h().signUpAs('モデ 太郎');
      const user = await h().signUpAs('一般 花子');
      await h().signUpAs('主催 次郎');
      const eventId = await backend.organizing.create(eventInput());
      const admin = await firstAdmin(h());
      await backend.staff.setRole(mod, 'moderator');

      await h().signInAs(mod);
      await expectRejection(backend.staff.setActive(admin, false, ''), ERR.noStandingPermission);
      await expectRejection(backend.staff.setActive(mod, false, ''), ERR.noStandingPermission);
      await backend.staff.setActive(user, false, '迷惑行為のため');
      expect((await backend.users.get(user))!.isActive).toBe(false);

      await h().signInAs(user);
      await expectRejection(
        backend.reports.file({ type: 'event', id: eventId }, { reason: 'spam', detail: '' }),
        ERR.accountSuspended,
      );

      await h().signInAs(mod);
      await backend.staff.setActive(user, true, '');
      expect((await backend.users.get(user))!.isActive).toBe(true);
      const log = (await backend.staff.auditLog()).items;
      expect(log.slice(0, 2).map((e) => [e.action, e.actorId, e.targetId, e.note])).toEqual([
        ['account_reactivated', mod, user, ''],
        ['account_suspended', mod, user, '迷惑行為のため'],
      ]);
    });

    it('finds users by display-name or customUserId prefix (no address in the list) and one by its exact id with the address', async () => {
      const { backend } = h();
      const yamada = await h().signUpAs('山田 太郎');
      await h().signUpAs('山本 花子');
      await h().signUpAs('佐藤 次郎');
      await firstAdmin(h());
      const yamadaProfile = (await backend.users.get(yamada))!;

      const byName = await backend.staff.searchUsers('山');
      expect(byName.items.map((u) => u.displayName)).toEqual(['山本 花子', '山田 太郎']);
      expect(byName.items.every((u) => u.email === '')).toBe(true);
      expect(byName.nextCursor).toBeNull();

      const byId = await backend.staff.searchUsers(yamadaProfile.customUserId.slice(0, 9));
      expect(byId.items.map((u) => u.id)).toContain(yamada);

      const newest = await backend.staff.searchUsers('');
      expect(newest.items[0]!.displayName).toBe('運営 管理者');
      expect(newest.items).toHaveLength(4);

      const found = await backend.staff.userByCustomId(yamadaProfile.customUserId);
      expect(found).toMatchObject({ id: yamada, displayName: '山田 太郎' });
      expect(found!.email).toMatch(/@example\.com$/);
      expect(await backend.staff.userByCustomId('user_nobody00')).toBeNull();
      // A cursor from elsewhere starts the list again.
      expect((await backend.staff.searchUsers('山', 'not-a-cursor')).items).toHaveLength(2);
    });

    it('counts the dashboard and a user activity', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const joined = await backend.organizing.create(eventInput({ entryMethod: 'firstCome' }));
      const requested = await backend.organizing.create(eventInput({ title: '二つ目' }));
      await backend.organizing.create(eventInput({ title: '三つ目' }));
      const joiner = await h().signUpAs('参加 花子');
      await backend.roster.join(joined);
      await backend.participation.request(requested, 'よろしくお願いします');
      await backend.reports.file({ type: 'user', id: organizer }, { reason: 'spam', detail: '' });
      await firstAdmin(h());

      expect(await backend.staff.dashboard()).toEqual({
        users: 3,
        newUsers: 3,
        openEvents: 3,
        pendingRequests: 1,
        openReports: 1,
      });
      expect(await backend.staff.userActivity(organizer)).toEqual({
        organizedEvents: 3,
        joinedEvents: 0,
        openReportsAbout: 1,
        reportsFiled: 0,
      });
      expect(await backend.staff.userActivity(joiner)).toEqual({
        organizedEvents: 0,
        joinedEvents: 1,
        openReportsAbout: 0,
        reportsFiled: 1,
      });
      expect(await backend.staff.userActivity('nobody')).toEqual({
        organizedEvents: 0,
        joinedEvents: 0,
        openReportsAbout: 0,
        reportsFiled: 0,
      });
    });

    it('counts pending requests as the request writes move them, without reading any', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const first = await backend.organizing.create(eventInput());
      const second = await backend.organizing.create(eventInput({ title: '二つ目' }));
      await h().signUpAs('参加 花子');
      const approved = await backend.participation.request(first, 'よろしく');
      const cancelled = await backend.participation.request(second, 'よろしく');
      await backend.participation.cancel(cancelled);
      const again = await backend.participation.request(second, 'もう一度');
      await h().signInAs(organizer);
      await backend.participation.approve(approved);
      const admin = await firstAdmin(h());
      expect((await backend.staff.dashboard()).pendingRequests).toBe(1);
      await h().signInAs(organizer);
      await backend.participation.reject(again);
      await h().signInAs(admin);
      expect((await backend.staff.dashboard()).pendingRequests).toBe(0);
    });

    it('leaves a request made for someone moving up from the line out of the count', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 次郎');
      const id = await backend.organizing.create(eventInput());
      const other = await backend.organizing.create(eventInput({ title: '別の回' }));
      await h().signUpAs('参加 一郎');
      await backend.participation.request(other, 'よろしく');
      const moved = await h().signUpAs('待ち 二郎');
      await backend.participation.request(id, '');
      // As the request a seat freed on the line makes for its first (roster's writeRoster):
      // approving it takes nothing off the count, which it never joined.
      await h().serverUpdate('participationRequests', requestIdFor(id, moved), {
        fromWaitlist: true,
      });
      await h().signInAs(organizer);
      await backend.participation.approve(requestIdFor(id, moved));
      expect((await backend.events.get(id))!.participants).toEqual([moved]);
      await firstAdmin(h());
      expect((await backend.staff.dashboard()).pendingRequests).toBe(2);
    });

    it('lists events newest created first in pages, and by keyword', async () => {
      const { backend } = h();
      await h().signUpAs('主催 太郎');
      for (let i = 1; i <= 22; i++) {
        await backend.organizing.create(
          eventInput({ title: i % 2 === 0 ? `朝ヨガ ${i}` : `フットサル ${i}` }),
        );
      }
      await firstAdmin(h());
      // Several may share a creation time; the order is still total (then by id) and pages
      // neither repeat nor skip an event.
      const first = await backend.staff.recentEvents('');
      expect(first.items).toHaveLength(20);
      const second = await backend.staff.recentEvents('', first.nextCursor);
      expect(second.items).toHaveLength(2);
      expect(second.nextCursor).toBeNull();
      const all = [...first.items, ...second.items];
      expect(new Set(all.map((e) => e.id)).size).toBe(22);
      const times = all.map((e) => e.createdAt!.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const readBefore = h().queriedDocuments?.() ?? 0;
      const yoga = await backend.staff.recentEvents('ヨガ');
      expect(yoga.items.map((e) => e.title).sort()).toEqual(
        [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22].map((i) => `朝ヨガ ${i}`).sort(),
      );
      expect(yoga.nextCursor).toBeNull();
      // The keyword is looked up by its search token: only the 11 events holding it are read.
      if (h().queriedDocuments) expect(h().queriedDocuments!() - readBefore).toBe(11);
    });

    it('examines up to STAFF_EVENT_SCAN_MAX events for a keyword page, then continues by cursor', async () => {
      const { backend } = h();
      await h().signUpAs('主催 太郎');
      // The oldest matches; the 45 newer share the token 'サッ' the keyword is looked up by.
      const match = await backend.organizing.create(eventInput({ title: 'サッカー教室' }));
      for (let i = 1; i <= 45; i++) {
        await backend.organizing.create(eventInput({ title: `サッポロ散歩 ${i}` }));
      }
      await firstAdmin(h());
      const page = await backend.staff.recentEvents('サッカー');
      expect(page.items.map((e) => e.id)).toEqual([match]);
      expect(page.nextCursor).toBeNull();
    });

    it('cancels an event with a reason, notifying the organizer and participants, once', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(
        eventInput({ entryMethod: 'firstCome', title: '怪しいイベント' }),
      );
      const participant = await h().signUpAs('参加 花子');
      await backend.roster.join(eventId);
      await firstAdmin(h());

      await backend.staff.cancelEvent(eventId, 'fraud', '参加費の詐取の疑い');
      expect((await backend.events.get(eventId))!.status).toBe('cancelled');
      await expectRejection(backend.staff.cancelEvent(eventId, 'fraud', ''), ERR.eventAlreadyOver);
      await expectRejection(backend.staff.cancelEvent('no-event', 'fraud', ''), ERR.eventNotFound);
      const [entry] = (await backend.staff.auditLog()).items;
      expect(entry).toMatchObject({
        action: 'event_cancelled',
        targetId: eventId,
        targetLabel: '怪しいイベント',
        reason: 'fraud',
        note: '参加費の詐取の疑い',
      });

      for (const uid of [organizer, participant]) {
        await h().signInAs(uid);
        const items = await waitForLive<AppNotification[]>(
          (next, fail) => backend.notifications.subscribe(uid, next, fail),
          (list) => list.some((n) => n.type === 'staff_event_cancelled'),
        );
        const notice = items.find((n) => n.type === 'staff_event_cancelled')!;
        expect(notice.data).toEqual({ eventId, eventTitle: '怪しいイベント', reason: 'fraud' });
        expect(notificationText(notice).body).toBe(
          '「怪しいイベント」は運営により中止されました（理由：虚偽・詐欺の疑い）',
        );
      }

      // Its organizer can no longer reword what staff judged.
      await h().signInAs(organizer);
      await expectRejection(
        backend.organizing.update(eventId, { description: '返金は次の口座へ…' }),
        ERR.eventFrozenByStaff,
      );
      expect((await backend.events.get(eventId))!.title).toBe('怪しいイベント');
    });

    it('lists reports by status newest first and resolves one once, with a note', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(eventInput({ title: '通報されるイベント' }));
      const reporter = await h().signUpAs('通報 花子');
      await backend.reports.file(
        { type: 'event', id: eventId },
        { reason: 'fraud', detail: ' 怪しい ' },
      );
      await backend.reports.file(
        { type: 'user', id: organizer },
        { reason: 'harassment', detail: '' },
      );
      const admin = await firstAdmin(h());

      const open = await backend.staff.reports('open');
      expect(open.items.map((r) => [r.targetType, r.targetId])).toEqual([
        ['user', organizer],
        ['event', eventId],
      ]);
      expect(open.items[1]).toMatchObject({
        reporterId: reporter,
        targetLabel: '通報されるイベント',
        subjectUserId: organizer,
        reason: 'fraud',
        detail: '怪しい',
        status: 'open',
      });
      const reportId = open.items[1]!.id;
      await expectRejection(
        backend.staff.resolveReport(reportId, '  '),
        ERR.resolutionNoteRequired,
      );
      await backend.staff.resolveReport(reportId, 'イベントを中止しました');
      await expectRejection(
        backend.staff.resolveReport(reportId, 'もう一度'),
        ERR.reportAlreadyResolved,
      );
      await expectRejection(backend.staff.resolveReport('no-report', 'x'), ERR.reportNotFound);
      const resolved = await backend.staff.reports('resolved');
      expect(resolved.items).toHaveLength(1);
      expect(resolved.items[0]).toMatchObject({
        id: reportId,
        status: 'resolved',
        resolvedBy: admin,
        resolutionNote: 'イベントを中止しました',
      });
      expect(resolved.items[0]!.resolvedAt).toBeInstanceOf(Date);
      expect((await backend.staff.reports('open')).items).toHaveLength(1);
      expect((await backend.staff.auditLog()).items[0]).toMatchObject({
        action: 'report_resolved',
        targetType: 'report',
        targetId: reportId,
        note: 'イベントを中止しました',
      });
    });
  });

  describe('reports port', SLOW, () => {
    const h = useHarness(makeHarness);

    it('files a report once per person and target, never about oneself or nothing', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(eventInput());
      await expectRejection(
        backend.reports.file({ type: 'event', id: eventId }, { reason: 'spam', detail: '' }),
        ERR.cannotReportOwn,
      );
      await expectRejection(
        backend.reports.file({ type: 'user', id: organizer }, { reason: 'spam', detail: '' }),
        ERR.cannotReportOwn,
      );
      await h().signUpAs('通報 花子');
      const target = { type: 'event' as const, id: eventId };
      await backend.reports.file(target, { reason: 'spam', detail: '宣伝ばかりです' });
      await expectRejection(
        backend.reports.file(target, { reason: 'other', detail: '' }),
        ERR.alreadyReported,
      );
      await expectRejection(
        backend.reports.file({ type: 'event', id: 'no-event' }, { reason: 'spam', detail: '' }),
        ERR.reportTargetNotFound,
      );
      await expectRejection(
        backend.reports.file({ type: 'user', id: organizer }, { reason: 'x' as never, detail: '' }),
        ERR.reportReasonRequired,
      );
      await expectRejection(
        backend.reports.file(
          { type: 'user', id: organizer },
          { reason: 'spam', detail: 'あ'.repeat(1001) },
        ),
        ERR.reportDetailTooLong,
      );
      // The reporter cannot read reports afterwards, their own included.
      await expectRejection(backend.staff.reports('open'), ERR.staffOnly);
      await h().signOut();
      await expectRejection(
        backend.reports.file({ type: 'user', id: organizer }, { reason: 'spam', detail: '' }),
        ERR.loginRequired,
      );
    });

    it('reports a message only from its own conversation, naming it by its text', async () => {
      const { backend } = h();
      const sender = await h().signUpAs('送信 太郎');
      const recipient = await h().signUpAs('受信 花子');
      const outsider = await h().signUpAs('部外 次郎');
      await h().signInAs(sender);
      const conversation = await backend.conversations.getOrCreate(recipient);
      const message = await backend.conversations.send(conversation.id, '失礼なメッセージ');
      const target = {
        type: 'message' as const,
        conversationId: conversation.id,
        messageId: message.id,
      };
      await expectRejection(
        backend.reports.file(target, { reason: 'harassment', detail: '' }),
        ERR.cannotReportOwn,
      );
      await h().signInAs(outsider);
      await expectRejection(
        backend.reports.file(target, { reason: 'harassment', detail: '' }),
        ERR.reportTargetNotFound,
      );
      await h().signInAs(recipient);
      await backend.reports.file(target, { reason: 'harassment', detail: '' });
      await firstAdmin(h());
      const [report] = (await backend.staff.reports('open')).items;
      expect(report).toMatchObject({
        targetType: 'message',
        targetId: message.id,
        conversationId: conversation.id,
        targetLabel: '失礼なメッセージ',
        subjectUserId: sender,
        reporterId: recipient,
      });
    });
  });
}
