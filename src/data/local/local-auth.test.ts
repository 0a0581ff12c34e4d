import { describe, expect, it } from 'vitest';
import { AuthError } from '@/domain/errors';
import { localBackendsPerTest } from '@/test/local-backends';
import type { LocalBackend } from './create-local-backend';
import { ACTION_CODE_TTL_MS, SIGN_IN_FAILURE_WINDOW_MS } from './local-auth';

const ORIGIN = 'https://demo.example';
const backend = localBackendsPerTest('auth', { origin: ORIGIN });

async function codeOf(b: LocalBackend): Promise<string> {
  const [mail] = await b.dev.outbox();
  return new URL(mail!.links[0]!).searchParams.get('oobCode')!;
}

async function authCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AuthError) return e.code;
    throw e;
  }
  throw new Error('expected an AuthError');
}

describe('local auth', () => {
  it('mails a verification link to /auth/action with the code and the encoded email', async () => {
    const b = await backend();
    await b.auth.signUp('Mixed.Case+tag@Example.com', 'goodpass123', '確認 太郎');
    await b.auth.sendEmailVerification();
    const [mail] = await b.dev.outbox();
    expect(mail!.to).toBe('mixed.case+tag@example.com');
    expect(mail!.subject).toBe('【スポーツコミュニティ】メールアドレスの確認をお願いします');
    expect(mail!.body).toContain('確認 太郎 様');
    const code = await codeOf(b);
    expect(mail!.links[0]).toBe(
      `${ORIGIN}/auth/action?mode=verifyEmail&oobCode=${code}&email=${encodeURIComponent('mixed.case+tag@example.com')}`,
    );
    expect(code).toMatch(/^[A-Za-z0-9]{40}$/);
  });

  it('mails a reset link that continues to /reset-complete', async () => {
    const b = await backend();
    await b.auth.signUp('reset@example.com', 'goodpass123', '再設定');
    await b.auth.sendPasswordResetEmail('RESET@example.com');
    const [mail] = await b.dev.outbox();
    const code = await codeOf(b);
    expect(mail!.subject).toBe('【スポーツコミュニティ】パスワード再設定のご案内');
    expect(mail!.links[0]).toBe(
      `${ORIGIN}/auth/action?mode=resetPassword&oobCode=${code}&continueUrl=${encodeURIComponent(`${ORIGIN}/reset-complete`)}`,
    );
  });

  it('refuses a code after 24 hours as expired, and a code of the other kind as invalid', async () => {
    let now = new Date(2030, 0, 1, 12);
    const b = await backend({ now: () => now });
    await b.auth.signUp('expire@example.com', 'goodpass123', '期限');
    await b.auth.sendEmailVerification();
    const code = await codeOf(b);
    await expect(authCode(b.auth.confirmPasswordReset(code, 'newpass123'))).resolves.toBe(
      'auth/invalid-action-code',
    );

    now = new Date(now.getTime() + ACTION_CODE_TTL_MS);
    await expect(authCode(b.auth.checkActionCode(code))).resolves.toBe('auth/expired-action-code');
    await expect(authCode(b.auth.applyActionCode(code))).resolves.toBe('auth/expired-action-code');
    expect((await b.auth.reload())!.emailVerified).toBe(false);
  });

  it('locks an email out after 5 failed sign-ins within 5 minutes, even for the right password', async () => {
    let now = new Date(2030, 0, 1, 12);
    const b = await backend({ now: () => now });
    await b.auth.signUp('lock@example.com', 'goodpass123', 'ロック');
    await b.auth.signUp('other@example.com', 'goodpass123', '別人');
    await b.auth.signOut();
    for (let i = 0; i < 5; i++) {
      await expect(authCode(b.auth.signIn('lock@example.com', 'wrongpass1'))).resolves.toBe(
        'auth/invalid-credential',
      );
    }
    await expect(authCode(b.auth.signIn('lock@example.com', 'goodpass123'))).resolves.toBe(
      'auth/too-many-requests',
    );
    // Other addresses are not affected.
    expect((await b.auth.signIn('other@example.com', 'goodpass123')).email).toBe(
      'other@example.com',
    );

    now = new Date(now.getTime() + SIGN_IN_FAILURE_WINDOW_MS);
    expect((await b.auth.signIn('lock@example.com', 'goodpass123')).email).toBe('lock@example.com');
  });

  it('counts failures for unknown emails too, so lockout does not reveal registration', async () => {
    const b = await backend();
    for (let i = 0; i < 5; i++) await authCode(b.auth.signIn('ghost@example.com', 'whatever1'));
    await expect(authCode(b.auth.signIn('ghost@example.com', 'whatever1'))).resolves.toBe(
      'auth/too-many-requests',
    );
  });

  it('stores a salted PBKDF2 hash, never the password, with 100,000 iterations by default', async () => {
    const b = await backend({ passwordIterations: undefined });
    const user = await b.auth.signUp('hash@example.com', 'goodpass123', 'ハッシュ');
    const row = (await b.db.accounts.get(user.uid))!;
    expect(row.iterations).toBe(100_000);
    expect(JSON.stringify(row)).not.toContain('goodpass123');
    expect(atob(row.salt)).toHaveLength(16);
    expect(atob(row.passwordHash)).toHaveLength(32);
    const again = await b.auth.signUp('hash2@example.com', 'goodpass123', '同じパスワード');
    expect((await b.db.accounts.get(again.uid))!.passwordHash).not.toBe(row.passwordHash);
  });

  it('keeps the session per tab: a reload restores it, another tab starts signed out', async () => {
    const dbName = `tab-${crypto.randomUUID()}`;
    const first = await backend({ dbName });
    const user = await first.auth.signUp('tab@example.com', 'goodpass123', 'タブ');

    // Same tab (same sessionStorage), new page load.
    const reloaded = await backend({ dbName });
    expect(reloaded.auth.currentUser()?.uid).toBe(user.uid);
    const seen: unknown[] = [];
    reloaded.auth.onAuthStateChanged((u) => seen.push(u?.uid ?? null));
    expect(seen).toEqual([]);
    await Promise.resolve();
    await Promise.resolve();
    expect(seen).toEqual([user.uid]);

    // A second tab has its own, empty sessionStorage.
    const key = `sc.local-session:${dbName}`;
    const saved = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
    const otherTab = await backend({ dbName });
    expect(otherTab.auth.currentUser()).toBeNull();
    window.sessionStorage.setItem(key, saved!);
  });

  it('signs the tab out when its account no longer exists', async () => {
    const dbName = `gone-${crypto.randomUUID()}`;
    const first = await backend({ dbName });
    const user = await first.auth.signUp('gone@example.com', 'goodpass123', '消える');
    await first.db.accounts.delete(user.uid);
    expect(await first.auth.reload()).toBeNull();
    expect(first.auth.currentUser()).toBeNull();
  });
});
