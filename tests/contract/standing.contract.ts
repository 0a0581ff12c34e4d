import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_SETTINGS } from '@/domain/entities/email-settings';
import { ERR } from '@/domain/errors';
import type { HarnessFactory } from './harness';
import { eventInput, expectRejection, oobCodeOf, useHarness } from './support';

/** An 'active' write of the user's own: every mail switched off. */
const MAIL_OFF = Object.fromEntries(
  Object.keys(DEFAULT_EMAIL_SETTINGS).map((k) => [k, false]),
) as typeof DEFAULT_EMAIL_SETTINGS;

/** Who may write (docs/security.md), the same on every backend: the domain decides. */
export function standingContract(makeHarness: HarnessFactory): void {
  describe('who may write', () => {
    const h = useHarness(makeHarness);

    it('lets a suspended account sign in and read, and refuses its every write but the sign-in stamp', async () => {
      const { backend } = h();
      await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(eventInput({ title: '朝のテニス' }));
      const other = await backend.organizing.create(eventInput({ title: '夜のテニス' }));
      const user = await h().signUpAs('停止 される人');
      const requestId = await backend.participation.request(eventId, '');
      const ownEvent = await backend.organizing.create(eventInput({ title: '自分の会' }));
      await h().setSuspended(user, true);

      await h().signOut();
      await h().signInAs(user);
      const before = (await backend.users.get(user))!.lastLoginAt?.getTime() ?? 0;
      await backend.users.recordLogin(user);
      const profile = (await backend.users.get(user))!;
      expect(profile.isActive).toBe(false);
      expect(profile.lastLoginAt!.getTime()).toBeGreaterThan(before);

      // Reading goes on as before.
      expect((await backend.events.get(eventId))!.title).toBe('朝のテニス');
      expect(await backend.participation.myRequestFor(eventId)).toMatchObject({
        id: requestId,
        status: 'pending',
      });

      const suspended = ERR.accountSuspended;
      await expectRejection(backend.organizing.create(eventInput()), suspended);
      await expectRejection(backend.organizing.update(ownEvent, { title: '変更' }), suspended);
      await expectRejection(backend.organizing.changeStatus(ownEvent, 'closed'), suspended);
      await expectRejection(backend.roster.join(other), suspended);
      await expectRejection(backend.participation.request(other, ''), suspended);
      await expectRejection(backend.participation.cancel(requestId), suspended);
      await expectRejection(backend.users.saveEmailSettings(user, MAIL_OFF), suspended);
      expect((await backend.events.get(ownEvent))!.title).toBe('自分の会');
      expect((await backend.participation.myRequestFor(eventId))!.status).toBe('pending');

      // Staff lift the suspension: writing works again.
      await h().setSuspended(user, false);
      await backend.participation.cancel(requestId);
      expect(await backend.participation.myRequestFor(eventId)).toBeNull();
    });

    it('refuses a suspended organizer the processing of requests', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(eventInput());
      await h().signUpAs('参加 花子');
      const requestId = await backend.participation.request(eventId, '');
      await h().setSuspended(organizer, true);
      await h().signInAs(organizer);
      await expectRejection(backend.participation.approve(requestId), ERR.accountSuspended);
      await expectRejection(backend.participation.reject(requestId), ERR.accountSuspended);
      expect((await backend.participation.forEvent(eventId)).items[0]!.status).toBe('pending');
    });

    it('refuses an unverified account the creation of events, requests and joins until it verifies', async () => {
      const { backend } = h();
      await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(eventInput({ title: '朝のテニス' }));
      const user = await h().signUpUnverifiedAs('未確認 さん');

      const unverified = ERR.emailNotVerified;
      await expectRejection(backend.organizing.create(eventInput()), unverified);
      await expectRejection(backend.participation.request(eventId, ''), unverified);
      await expectRejection(backend.roster.join(eventId), unverified);
      expect((await backend.events.get(eventId))!.participants).toEqual([]);
      expect(await backend.participation.myRequestFor(eventId)).toBeNull();
      // What needs only an active account stays open to it.
      await backend.users.saveEmailSettings(user, MAIL_OFF);
      expect(await backend.users.getEmailSettings(user)).toEqual(MAIL_OFF);

      const email = backend.auth.currentUser()!.email;
      await backend.auth.sendEmailVerification();
      const mail = (await h().outbox!()).find((m) => m.to === email);
      await backend.auth.applyActionCode(oobCodeOf(mail!.links));
      await backend.auth.reload();
      const requestId = await backend.participation.request(eventId, '');
      expect(await backend.participation.myRequestFor(eventId)).toMatchObject({
        id: requestId,
        status: 'pending',
      });
    });
  });
}
