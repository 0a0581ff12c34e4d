import { logger } from '@/lib/logger';
import { safeSessionStorage } from '@/lib/storage-keys';
import type { ActionCodeInfo, AuthPort, AuthUser } from '@/data/ports/auth';
import { checkPasswordPolicy, emailSchema, normalizeEmail } from '@/domain/auth-forms';
import { autoId } from '@/data/storage/storage';
import { AuthError, ERR } from '@/domain/errors';
import type { AccountRow, ActionCodeOperation, LocalDb } from './db';
import { deliverMail } from './outbox';
import { burnPasswordCheck, hashNewPassword, verifyPassword } from './password-hash';

/** Firebase keeps email action links valid for about a day; so do we. */
export const ACTION_CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const SIGN_IN_FAILURE_LIMIT = 5;
export const SIGN_IN_FAILURE_WINDOW_MS = 5 * 60 * 1000;

export interface LocalAuthOptions {
  db: LocalDb;
  /** Base of the links written into mails (`https://host`). */
  origin: string;
  iterations: number;
  /** sessionStorage key of this database's signed-in uid. */
  sessionKey: string;
  now: () => Date;
}

type Listener = (user: AuthUser | null) => void;

/**
 * Accounts with PBKDF2 password hashes, email action codes delivered to the local outbox, and a
 * session per browser tab (sessionStorage), so two tabs can be two different users in a demo.
 */
export class LocalAuth implements AuthPort {
  readonly sessionScope = 'tab' as const;
  private current: AuthUser | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly db: LocalDb;
  private readonly opts: LocalAuthOptions;

  constructor(opts: LocalAuthOptions) {
    this.opts = opts;
    this.db = opts.db;
  }

  /** Restores this tab's session; createLocalBackend awaits it so currentUser() is right at once. */
  async restore(): Promise<void> {
    const uid = safeSessionStorage.get(this.opts.sessionKey);
    const account = uid ? await this.db.accounts.get(uid) : undefined;
    this.current = account ? toAuthUser(account) : null;
    if (uid && !account) safeSessionStorage.remove(this.opts.sessionKey);
  }

  /** The uid every other port acts as. */
  currentUid(): string | null {
    return this.current?.uid ?? null;
  }

  onAuthStateChanged(callback: Listener): () => void {
    let active = true;
    const listener: Listener = (u) => {
      if (active) callback(u);
    };
    // Like Firebase, the first call is asynchronous even when the state is already known.
    queueMicrotask(() => {
      if (!active) return;
      this.listeners.add(listener);
      listener(this.current);
    });
    return () => {
      active = false;
      this.listeners.delete(listener);
    };
  }

  currentUser(): AuthUser | null {
    return this.current;
  }

  async signIn(email: string, password: string): Promise<AuthUser> {
    const normalized = normalizeEmail(email);
    if (!emailSchema.safeParse(normalized).success) throw new AuthError('auth/invalid-email');
    const now = this.opts.now();
    const failures = await this.recentFailures(normalized, now);
    if (failures.length >= SIGN_IN_FAILURE_LIMIT) throw new AuthError('auth/too-many-requests');

    const account = await this.db.accounts.where('email').equals(normalized).first();
    const ok = account
      ? await verifyPassword(password, account)
      : (await burnPasswordCheck(password, this.opts.iterations), false);
    if (!account || !ok) {
      await this.db.meta.put({ key: failureKey(normalized), value: [...failures, now.getTime()] });
      // One code for both cases, so the form never reveals which addresses are registered.
      throw new AuthError('auth/invalid-credential');
    }
    await this.db.meta.delete(failureKey(normalized));
    return this.setCurrent(account);
  }

  async signUp(email: string, password: string, displayName: string): Promise<AuthUser> {
    const normalized = normalizeEmail(email);
    if (!emailSchema.safeParse(normalized).success) throw new AuthError('auth/invalid-email');
    const policy = checkPasswordPolicy(password);
    if (policy) throw new AuthError('auth/weak-password', policy);
    if (await this.db.accounts.where('email').equals(normalized).count()) {
      throw new AuthError('auth/email-already-in-use');
    }
    const account: AccountRow = {
      uid: autoId(28),
      email: normalized,
      ...(await hashNewPassword(password, this.opts.iterations)),
      emailVerified: false,
      displayName: displayName.trim(),
      photoURL: '',
      createdAt: this.opts.now(),
    };
    try {
      await this.db.accounts.add(account);
    } catch (e) {
      // The unique email index is the real guard when two tabs register the same address at once.
      if (e instanceof Error && e.name === 'ConstraintError')
        throw new AuthError('auth/email-already-in-use');
      throw e;
    }
    return this.setCurrent(account);
  }

  async signOut(): Promise<void> {
    this.current = null;
    safeSessionStorage.remove(this.opts.sessionKey);
    this.emit();
  }

  async updateProfile(patch: { displayName?: string; photoURL?: string }): Promise<void> {
    const account = await this.requireAccount('auth/unauthenticated');
    const changes: Partial<AccountRow> = {};
    if (patch.displayName !== undefined) changes.displayName = patch.displayName.trim();
    if (patch.photoURL !== undefined) changes.photoURL = patch.photoURL;
    await this.db.accounts.update(account.uid, changes);
    // Firebase changes the user object in place without an auth-state event; so do we.
    this.current = toAuthUser({ ...account, ...changes });
  }

  async sendEmailVerification(): Promise<void> {
    const account = await this.requireAccount('auth/unauthenticated');
    const code = await this.issueCode(account, 'verifyEmail');
    const link = `${this.opts.origin}/auth/action?mode=verifyEmail&oobCode=${code}&email=${encodeURIComponent(account.email)}`;
    await deliverMail(
      this.db,
      {
        to: account.email,
        subject: '【スポーツコミュニティ】メールアドレスの確認をお願いします',
        body: [
          `${account.displayName || 'ユーザー'} 様`,
          '',
          'スポーツコミュニティにご登録いただきありがとうございます。',
          '以下のリンクを開いて、メールアドレスの確認を完了してください。',
          '',
          link,
          '',
          'このリンクの有効期限は24時間です。',
          'お心当たりのない場合は、このメールを破棄してください。',
        ].join('\n'),
      },
      this.opts.now(),
    );
  }

  async reload(): Promise<AuthUser | null> {
    if (!this.current) return null;
    const account = await this.db.accounts.get(this.current.uid);
    if (!account) {
      // The account vanished (demo data reset in another tab): this tab is signed out.
      await this.signOut();
      return null;
    }
    this.current = toAuthUser(account);
    return this.current;
  }

  async checkActionCode(code: string): Promise<ActionCodeInfo> {
    const row = await this.usableCode(code);
    return { operation: row.operation, email: row.email };
  }

  async applyActionCode(code: string): Promise<void> {
    const row = await this.usableCode(code);
    // Firebase's applyActionCode only handles verification-type codes; a reset code is refused.
    if (row.operation !== 'verifyEmail') throw new AuthError('auth/invalid-action-code');
    await this.db.transaction('rw', this.db.accounts, this.db.actionCodes, async () => {
      await this.db.accounts.update(row.uid, { emailVerified: true });
      await this.db.actionCodes.update(row.code, { usedAt: this.opts.now() });
    });
  }

  /** docs/domain.md "Errors": reset-email errors are logged and rethrown (as on Firebase). */
  sendPasswordResetEmail(email: string): Promise<void> {
    return logged('auth.sendPasswordResetEmail', () => this.sendResetEmail(email));
  }

  private async sendResetEmail(email: string): Promise<void> {
    const normalized = normalizeEmail(email);
    if (!emailSchema.safeParse(normalized).success) throw new AuthError('auth/invalid-email');
    const account = await this.db.accounts.where('email').equals(normalized).first();
    // Like Firebase with email-enumeration protection: an unknown address succeeds silently.
    if (!account) return;
    const code = await this.issueCode(account, 'resetPassword');
    const continueUrl = encodeURIComponent(`${this.opts.origin}/reset-complete`);
    const link = `${this.opts.origin}/auth/action?mode=resetPassword&oobCode=${code}&continueUrl=${continueUrl}`;
    await deliverMail(
      this.db,
      {
        to: account.email,
        subject: '【スポーツコミュニティ】パスワード再設定のご案内',
        body: [
          `${account.displayName || 'ユーザー'} 様`,
          '',
          'パスワード再設定のリクエストを受け付けました。',
          '以下のリンクを開いて、新しいパスワードを設定してください。',
          '',
          link,
          '',
          'このリンクの有効期限は24時間です。',
          'パスワード再設定をリクエストしていない場合は、このメールを破棄してください。パスワードは変更されません。',
        ].join('\n'),
      },
      this.opts.now(),
    );
  }

  async confirmPasswordReset(code: string, newPassword: string): Promise<void> {
    const row = await this.usableCode(code);
    if (row.operation !== 'resetPassword') throw new AuthError('auth/invalid-action-code');
    const policy = checkPasswordPolicy(newPassword);
    if (policy) throw new AuthError('auth/weak-password', policy);
    // Hash before the transaction: IndexedDB transactions end when they wait on anything else.
    const hash = await hashNewPassword(newPassword, this.opts.iterations);
    await this.db.transaction(
      'rw',
      this.db.accounts,
      this.db.actionCodes,
      this.db.meta,
      async () => {
        const fresh = await this.db.actionCodes.get(row.code);
        if (!fresh || fresh.usedAt) throw new AuthError('auth/invalid-action-code');
        await this.db.accounts.update(row.uid, hash);
        await this.db.actionCodes.update(row.code, { usedAt: this.opts.now() });
        // A successful reset proves ownership of the address, so earlier lockout no longer applies.
        await this.db.meta.delete(failureKey(row.email));
      },
    );
  }

  /**
   * docs/domain.md "Errors": errors are logged and rethrown. The checks run in the Firebase port's order: signed
   * in, the new password's policy, then the current password.
   */
  updatePassword(currentPassword: string, newPassword: string): Promise<void> {
    return logged('auth.updatePassword', async () => {
      const account = await this.requireAccount('auth/unauthenticated', ERR.passwordAuthRequired);
      const policy = checkPasswordPolicy(newPassword);
      if (policy) throw new AuthError('auth/weak-password', policy);
      if (!(await verifyPassword(currentPassword, account)))
        throw new AuthError('auth/invalid-credential');
      await this.db.accounts.update(
        account.uid,
        await hashNewPassword(newPassword, this.opts.iterations),
      );
    });
  }

  private setCurrent(account: AccountRow): AuthUser {
    this.current = toAuthUser(account);
    safeSessionStorage.set(this.opts.sessionKey, account.uid);
    this.emit();
    return this.current;
  }

  private emit(): void {
    for (const l of [...this.listeners]) l(this.current);
  }

  private async requireAccount(
    code: 'auth/unauthenticated',
    message?: string,
  ): Promise<AccountRow> {
    const uid = this.currentUid();
    const account = uid ? await this.db.accounts.get(uid) : undefined;
    if (!account) throw new AuthError(code, message);
    return account;
  }

  private async issueCode(account: AccountRow, operation: ActionCodeOperation): Promise<string> {
    // A bearer secret in a link: more entropy than a document id.
    const code = autoId(40);
    await this.db.actionCodes.add({
      code,
      uid: account.uid,
      email: account.email,
      operation,
      expiresAt: new Date(this.opts.now().getTime() + ACTION_CODE_TTL_MS),
      usedAt: null,
    });
    return code;
  }

  private async usableCode(code: string) {
    const row = code ? await this.db.actionCodes.get(code) : undefined;
    if (!row || row.usedAt) throw new AuthError('auth/invalid-action-code');
    if (row.expiresAt.getTime() <= this.opts.now().getTime())
      throw new AuthError('auth/expired-action-code');
    return row;
  }

  private async recentFailures(email: string, now: Date): Promise<number[]> {
    const row = await this.db.meta.get(failureKey(email));
    const times = Array.isArray(row?.value) ? (row.value as unknown[]) : [];
    return times.filter(
      (t): t is number => typeof t === 'number' && now.getTime() - t < SIGN_IN_FAILURE_WINDOW_MS,
    );
  }
}

function toAuthUser(a: AccountRow): AuthUser {
  return {
    uid: a.uid,
    email: a.email,
    displayName: a.displayName,
    photoURL: a.photoURL,
    emailVerified: a.emailVerified,
  };
}

function failureKey(email: string): string {
  return `signInFailures:${email}`;
}

async function logged(name: string, action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (e) {
    logger.error(name, e);
    throw e;
  }
}
