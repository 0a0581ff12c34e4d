import {
  AUTH_ERROR_MESSAGES,
  AuthError,
  DomainError,
  ERR,
  errorMessage,
  type ErrorKey,
  isDomainError,
  normalizeAuthCode,
} from '@/domain/errors';

describe('error catalogue', () => {
  it('shows every refusal to the user as its catalogue text, in Japanese or as quoted', () => {
    for (const key of Object.keys(ERR) as ErrorKey[]) {
      const shown = errorMessage(new DomainError(key));
      expect(shown, key).toBe(ERR[key]);
      expect(shown.trim(), key).not.toBe('');
      expect(shown, key).not.toBe(errorMessage(new Error('x')));
    }
  });
});

describe('DomainError', () => {
  it('carries the catalogue message and its key', () => {
    const e = new DomainError('alreadyProcessed');
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('DomainError');
    expect(e.key).toBe('alreadyProcessed');
    expect(e.message).toBe('このリクエストは既に処理されています');
  });

  it('isDomainError checks the class and, when given, the key', () => {
    const e = new DomainError('eventNotFound');
    expect(isDomainError(e)).toBe(true);
    expect(isDomainError(e, 'eventNotFound')).toBe(true);
    expect(isDomainError(e, 'alreadyJoined')).toBe(false);
    expect(isDomainError(new Error('イベントが見つかりません'))).toBe(false);
    expect(isDomainError(null)).toBe(false);
  });
});

describe('normalizeAuthCode', () => {
  it('maps wrong password and unknown user to the same code, so neither reveals which was wrong', () => {
    expect(normalizeAuthCode('auth/wrong-password')).toBe('auth/invalid-credential');
    expect(normalizeAuthCode('auth/user-not-found')).toBe('auth/invalid-credential');
    expect(normalizeAuthCode('auth/invalid-login-credentials')).toBe('auth/invalid-credential');
    expect(normalizeAuthCode('auth/missing-password')).toBe('auth/invalid-credential');
  });

  it("maps a project password policy's refusal to the password policy message", () => {
    expect(normalizeAuthCode('auth/password-does-not-meet-requirements')).toBe(
      'auth/weak-password',
    );
  });

  it('keeps every code it knows', () => {
    for (const code of Object.keys(AUTH_ERROR_MESSAGES)) expect(normalizeAuthCode(code)).toBe(code);
  });

  it('maps anything else, including prototype property names, to auth/unknown', () => {
    for (const code of [undefined, '', 'auth/made-up', 'constructor', 'toString', '__proto__']) {
      expect(normalizeAuthCode(code)).toBe('auth/unknown');
    }
  });
});

describe('AuthError', () => {
  it('takes its Japanese message from the code unless one is given', () => {
    const e = new AuthError('auth/invalid-credential');
    expect(e.name).toBe('AuthError');
    expect(e.code).toBe('auth/invalid-credential');
    expect(e.message).toBe('メールアドレスまたはパスワードが正しくありません');
    expect(new AuthError('auth/unknown', '独自の文言').message).toBe('独自の文言');
  });
});

describe('errorMessage', () => {
  it('shows domain and auth messages as they are', () => {
    expect(errorMessage(new DomainError('alreadyJoined'))).toBe(
      'すでにこのイベントに参加しています',
    );
    expect(errorMessage(new AuthError('auth/email-already-in-use'))).toBe(
      'このメールアドレスは既に登録されています',
    );
  });

  it('shows other errors already written in Japanese', () => {
    expect(errorMessage(new Error('画像のアップロードに失敗しました'))).toBe(
      '画像のアップロードに失敗しました',
    );
  });

  it('replaces English or non-Error values with the generic Japanese message', () => {
    expect(errorMessage(new Error('Network down'))).toBe(
      'エラーが発生しました。もう一度お試しください',
    );
    expect(errorMessage('boom')).toBe('エラーが発生しました。もう一度お試しください');
    expect(errorMessage(undefined, '読み込めませんでした')).toBe('読み込めませんでした');
  });
});
