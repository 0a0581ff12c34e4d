import { describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@/data/ports/auth';
import { checkPasswordPolicy } from '@/domain/auth-forms';
import { AUTH_ERROR_MESSAGES, ERR } from '@/domain/errors';
import { logger } from '@/lib/logger';
import type { HarnessFactory } from './harness';
import { expectAuthCode, oobCodeOf, sleep, useHarness } from './support';

const GOOD = 'goodpass123';
const OTHER_GOOD = 'otherpass456';

function uniqueEmail(tag: string): string {
  return `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export function authContract(makeHarness: HarnessFactory): void {
  describe('auth port', () => {
    const h = useHarness(makeHarness);

    it('reports the restored state once asynchronously, then every sign-in and sign-out', async () => {
      const { auth } = h().backend;
      const seen: (AuthUser | null)[] = [];
      const unsubscribe = auth.onAuthStateChanged((u) => seen.push(u));
      expect(seen).toEqual([]);
      // Waited for, not slept on: a loaded machine may take longer than a fixed pause.
      await vi.waitFor(() => expect(seen).toEqual([null]));

      const email = uniqueEmail('state');
      const created = await auth.signUp(email, GOOD, '状態 太郎');
      await vi.waitFor(() =>
        expect(seen.at(-1)).toMatchObject({
          uid: created.uid,
          email,
          displayName: '状態 太郎',
          emailVerified: false,
        }),
      );
      expect(auth.currentUser()?.uid).toBe(created.uid);

      await auth.signOut();
      await vi.waitFor(() => expect(seen.at(-1)).toBeNull());
      expect(auth.currentUser()).toBeNull();

      const signedIn = await auth.signIn(email, GOOD);
      expect(signedIn.uid).toBe(created.uid);
      await vi.waitFor(() => expect(seen.at(-1)?.uid).toBe(created.uid));
      const delivered = seen.length;

      unsubscribe();
      await auth.signOut();
      await sleep(20);
      expect(seen).toHaveLength(delivered);
    });

    it('signs in with the email in any letter case', async () => {
      const { auth } = h().backend;
      const email = uniqueEmail('case');
      const created = await auth.signUp(email, GOOD, '大文字');
      await auth.signOut();
      const user = await auth.signIn(email.toUpperCase(), GOOD);
      expect(user.uid).toBe(created.uid);
    });

    it('refuses a second account for the same email, whatever its case', async () => {
      const { auth } = h().backend;
      const email = uniqueEmail('dup');
      await auth.signUp(email, GOOD, '一人目');
      await auth.signOut();
      const e = await expectAuthCode(
        auth.signUp(email.toUpperCase(), GOOD, '二人目'),
        'auth/email-already-in-use',
      );
      expect(e.message).toBe(AUTH_ERROR_MESSAGES['auth/email-already-in-use']);
    });

    it('gives the same code and message for an unknown email and for a wrong password', async () => {
      const { auth } = h().backend;
      const email = uniqueEmail('cred');
      await auth.signUp(email, GOOD, '認証');
      await auth.signOut();
      const unknown = await expectAuthCode(
        auth.signIn(uniqueEmail('nobody'), GOOD),
        'auth/invalid-credential',
      );
      const wrong = await expectAuthCode(
        auth.signIn(email, 'wrongpass999'),
        'auth/invalid-credential',
      );
      expect(unknown.message).toBe(wrong.message);
      expect(wrong.message).toBe('メールアドレスまたはパスワードが正しくありません');
      expect(auth.currentUser()).toBeNull();
    });

    it('refuses a malformed email', async () => {
      const { auth } = h().backend;
      await expectAuthCode(auth.signUp('not-an-email', GOOD, '形式'), 'auth/invalid-email');
    });

    it('refuses a password that fails the policy, with the policy message', async () => {
      const { auth } = h().backend;
      for (const weak of ['short1', 'lettersonly', '12345678']) {
        const e = await expectAuthCode(
          auth.signUp(uniqueEmail('weak'), weak, '弱い'),
          'auth/weak-password',
        );
        expect(e.message).toBe(checkPasswordPolicy(weak));
      }
      expect(auth.currentUser()).toBeNull();
    });

    it('verifies the email through the action code in the verification mail', async (ctx) => {
      const { outbox } = h();
      if (!outbox) return ctx.skip();
      const { auth } = h().backend;
      const email = uniqueEmail('verify');
      await auth.signUp(email, GOOD, '確認');
      expect(auth.currentUser()?.emailVerified).toBe(false);

      await auth.sendEmailVerification();
      const mail = (await outbox()).find(
        (m) => m.to === email && m.links.some((l) => l.includes('mode=verifyEmail')),
      );
      expect(mail).toBeDefined();
      const code = oobCodeOf(mail!.links);
      expect(mail!.links.some((l) => l.includes('mode=verifyEmail'))).toBe(true);

      expect(await auth.checkActionCode(code)).toEqual({ operation: 'verifyEmail', email });
      await auth.applyActionCode(code);
      expect((await auth.reload())?.emailVerified).toBe(true);
      expect(auth.currentUser()?.emailVerified).toBe(true);

      await expectAuthCode(auth.applyActionCode(code), 'auth/invalid-action-code');
    });

    it('refuses an unknown action code everywhere', async () => {
      const { auth } = h().backend;
      await expectAuthCode(auth.checkActionCode('no-such-code'), 'auth/invalid-action-code');
      await expectAuthCode(auth.applyActionCode('no-such-code'), 'auth/invalid-action-code');
      await expectAuthCode(
        auth.confirmPasswordReset('no-such-code', OTHER_GOOD),
        'auth/invalid-action-code',
      );
    });

    it('resets the password through the mailed code; the old password stops working and the code is spent', async (ctx) => {
      const { outbox } = h();
      if (!outbox) return ctx.skip();
      const { auth } = h().backend;
      const email = uniqueEmail('reset');
      await auth.signUp(email, GOOD, '再設定');
      await auth.signOut();

      await auth.sendPasswordResetEmail(email);
      const mail = (await outbox()).find(
        (m) => m.to === email && m.links.some((l) => l.includes('mode=resetPassword')),
      );
      expect(mail).toBeDefined();
      const link = mail!.links.find((l) => l.includes('mode=resetPassword'));
      expect(link).toBeDefined();
      expect(new URL(link!).searchParams.get('continueUrl')).toMatch(/\/reset-complete$/);
      const code = oobCodeOf(mail!.links);
      expect(await auth.checkActionCode(code)).toEqual({ operation: 'resetPassword', email });

      const weak = await expectAuthCode(
        auth.confirmPasswordReset(code, 'weak'),
        'auth/weak-password',
      );
      expect(weak.message).toBe(checkPasswordPolicy('weak'));

      await auth.confirmPasswordReset(code, OTHER_GOOD);
      await expectAuthCode(auth.signIn(email, GOOD), 'auth/invalid-credential');
      expect((await auth.signIn(email, OTHER_GOOD)).email).toBe(email);
      await expectAuthCode(
        auth.confirmPasswordReset(code, 'anotherpass789'),
        'auth/invalid-action-code',
      );
    });

    it('accepts a reset request for an unknown email silently, sending nothing', async () => {
      const { auth } = h().backend;
      const before = (await h().outbox?.())?.length ?? 0;
      await expect(auth.sendPasswordResetEmail(uniqueEmail('ghost'))).resolves.toBeUndefined();
      if (h().outbox) expect((await h().outbox!()).length).toBe(before);
    });

    it('changes the password only with the right current password', async () => {
      const { auth } = h().backend;
      const email = uniqueEmail('change');
      await auth.signUp(email, GOOD, '変更');
      await expectAuthCode(
        auth.updatePassword('wrongpass999', OTHER_GOOD),
        'auth/invalid-credential',
      );
      const weak = await expectAuthCode(auth.updatePassword(GOOD, 'weak'), 'auth/weak-password');
      expect(weak.message).toBe(checkPasswordPolicy('weak'));
      // The new password's policy is checked before the current password, on both backends.
      await expectAuthCode(auth.updatePassword('wrongpass999', 'weak'), 'auth/weak-password');

      await auth.updatePassword(GOOD, OTHER_GOOD);
      await auth.signOut();
      await expectAuthCode(auth.signIn(email, GOOD), 'auth/invalid-credential');
      expect((await auth.signIn(email, OTHER_GOOD)).email).toBe(email);
    });

    it('logs password-update and reset-email errors, and rethrows them (docs/domain.md "Errors")', async () => {
      const { auth } = h().backend;
      const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
      await auth.signUp(uniqueEmail('logged'), GOOD, 'ログ');
      await expectAuthCode(
        auth.updatePassword('wrongpass999', OTHER_GOOD),
        'auth/invalid-credential',
      );
      expect(error).toHaveBeenCalledWith('auth.updatePassword', expect.anything());
      error.mockClear();
      await expectAuthCode(auth.sendPasswordResetEmail('not-an-email'), 'auth/invalid-email');
      expect(error).toHaveBeenCalledWith('auth.sendPasswordResetEmail', expect.anything());
      error.mockRestore();
    });

    it('needs a signed-in user to change the password or send a verification mail', async () => {
      const { auth } = h().backend;
      const e = await expectAuthCode(auth.updatePassword(GOOD, OTHER_GOOD), 'auth/unauthenticated');
      expect(e.message).toBe(ERR.passwordAuthRequired);
      expect(e.message).toBe('パスワードを変更するにはログインが必要です');
      await expectAuthCode(auth.sendEmailVerification(), 'auth/unauthenticated');
    });

    it('updates the display name and photo of the signed-in user', async () => {
      const { auth } = h().backend;
      await auth.signUp(uniqueEmail('profile'), GOOD, '旧姓');
      await auth.updateProfile({ displayName: '新姓', photoURL: 'https://example.com/p.png' });
      expect(auth.currentUser()).toMatchObject({
        displayName: '新姓',
        photoURL: 'https://example.com/p.png',
      });
      expect(await auth.reload()).toMatchObject({
        displayName: '新姓',
        photoURL: 'https://example.com/p.png',
      });
    });

    it('reload gives null when signed out', async () => {
      expect(await h().backend.auth.reload()).toBeNull();
    });
  });
}
