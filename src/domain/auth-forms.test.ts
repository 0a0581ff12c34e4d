import type * as z from 'zod/mini';
import {
  checkPasswordPolicy,
  emailSchema,
  loginSchema,
  newPasswordSchema,
  passwordChangeSchema,
  passwordSchema,
  registerSchema,
  resetRequestSchema,
} from '@/domain/auth-forms';
import { EMAIL_MAX } from '@/domain/constants';

/** The first message per field, as react-hook-form shows them. */
function errorsOf(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '(root)';
    out[key] ??= issue.message;
  }
  return out;
}

const GOOD_PASSWORD = 'demo1234';

describe('emailSchema', () => {
  it('accepts and trims a valid address', () => {
    expect(emailSchema.parse('  hanako@example.com ')).toBe('hanako@example.com');
  });

  it('asks for an address when empty', () => {
    expect(errorsOf(emailSchema, '')).toEqual({ '(root)': 'メールアドレスを入力してください' });
    expect(errorsOf(emailSchema, '   ')).toEqual({ '(root)': 'メールアドレスを入力してください' });
  });

  it('refuses an address longer than EMAIL_MAX (firestore.rules agree)', () => {
    const at = '@example.com';
    expect(emailSchema.parse('a'.repeat(EMAIL_MAX - at.length) + at)).toHaveLength(EMAIL_MAX);
    expect(errorsOf(emailSchema, 'a'.repeat(EMAIL_MAX + 1 - at.length) + at)).toEqual({
      '(root)': 'メールアドレスの形式が正しくありません',
    });
  });

  it('reports only one message for an empty field', () => {
    expect(emailSchema.safeParse('').error?.issues).toHaveLength(1);
  });

  it.each(['hanako', 'hanako@', '@example.com', 'hanako@example', 'a b@example.com'])(
    'rejects the malformed %j',
    (value) => {
      expect(errorsOf(emailSchema, value)).toEqual({
        '(root)': 'メールアドレスの形式が正しくありません',
      });
    },
  );
});

describe('password policy', () => {
  it.each(['demo1234', 'Abcdefg1', '1234567a', 'パスワードpass1234'])('accepts %j', (pw) => {
    expect(passwordSchema.safeParse(pw).success).toBe(true);
    expect(checkPasswordPolicy(pw)).toBeNull();
  });

  it('needs at least 8 characters', () => {
    expect(checkPasswordPolicy('abc1234')).toBe('パスワードは8文字以上で入力してください');
    expect(checkPasswordPolicy('')).toBe('パスワードは8文字以上で入力してください');
  });

  it('allows at most 128 characters', () => {
    expect(checkPasswordPolicy(`a1${'x'.repeat(126)}`)).toBeNull();
    expect(checkPasswordPolicy(`a1${'x'.repeat(127)}`)).toBe(
      'パスワードは128文字以内で入力してください',
    );
  });

  it('needs a letter and a digit', () => {
    expect(checkPasswordPolicy('12345678')).toBe(
      'パスワードには英字と数字をそれぞれ1文字以上含めてください',
    );
    expect(checkPasswordPolicy('abcdefgh')).toBe(
      'パスワードには英字と数字をそれぞれ1文字以上含めてください',
    );
    expect(checkPasswordPolicy('パスワードです１２３')).toBe(
      'パスワードには英字と数字をそれぞれ1文字以上含めてください',
    );
  });

  it('does not trim: spaces count as characters', () => {
    expect(passwordSchema.parse(' abc123 ')).toBe(' abc123 ');
  });
});

describe('loginSchema', () => {
  it('accepts an email and any non-empty password', () => {
    expect(loginSchema.parse({ email: 'a@example.com', password: 'old' })).toEqual({
      email: 'a@example.com',
      password: 'old',
    });
  });

  it('asks for both fields', () => {
    expect(errorsOf(loginSchema, { email: '', password: '' })).toEqual({
      email: 'メールアドレスを入力してください',
      password: 'パスワードを入力してください',
    });
  });
});

describe('registerSchema', () => {
  const valid = {
    displayName: ' 佐藤 花子 ',
    email: 'hanako@example.com',
    password: GOOD_PASSWORD,
    passwordConfirm: GOOD_PASSWORD,
    agreedToTerms: true,
  };

  it('accepts a complete form and trims the display name', () => {
    expect(registerSchema.parse(valid)).toEqual({ ...valid, displayName: '佐藤 花子' });
  });

  it('asks for a display name', () => {
    expect(errorsOf(registerSchema, { ...valid, displayName: '  ' })).toEqual({
      displayName: 'お名前（表示名）を入力してください',
    });
  });

  it('limits the display name to 30 characters', () => {
    expect(registerSchema.safeParse({ ...valid, displayName: 'あ'.repeat(30) }).success).toBe(true);
    expect(errorsOf(registerSchema, { ...valid, displayName: 'あ'.repeat(31) })).toEqual({
      displayName: '表示名は30文字以内で入力してください',
    });
  });

  it('applies the password policy', () => {
    expect(
      errorsOf(registerSchema, { ...valid, password: 'short1', passwordConfirm: 'short1' }),
    ).toEqual({
      password: 'パスワードは8文字以上で入力してください',
    });
  });

  it('reports a mismatch on passwordConfirm', () => {
    expect(errorsOf(registerSchema, { ...valid, passwordConfirm: 'demo12345' })).toEqual({
      passwordConfirm: 'パスワードが一致しません',
    });
  });

  it('asks for the confirmation when it is empty', () => {
    expect(errorsOf(registerSchema, { ...valid, passwordConfirm: '' })).toEqual({
      passwordConfirm: '確認用のパスワードを入力してください',
    });
  });

  it('needs the terms accepted', () => {
    expect(errorsOf(registerSchema, { ...valid, agreedToTerms: false })).toEqual({
      agreedToTerms: '利用規約とプライバシーポリシーへの同意が必要です',
    });
    expect(errorsOf(registerSchema, { ...valid, agreedToTerms: undefined })).toEqual({
      agreedToTerms: '利用規約とプライバシーポリシーへの同意が必要です',
    });
  });

  it('reports every problem at once, the mismatch included', () => {
    expect(
      errorsOf(registerSchema, {
        displayName: '',
        email: 'x',
        password: 'abc',
        passwordConfirm: 'abd',
        agreedToTerms: false,
      }),
    ).toEqual({
      displayName: 'お名前（表示名）を入力してください',
      email: 'メールアドレスの形式が正しくありません',
      password: 'パスワードは8文字以上で入力してください',
      passwordConfirm: 'パスワードが一致しません',
      agreedToTerms: '利用規約とプライバシーポリシーへの同意が必要です',
    });
  });
});

describe('resetRequestSchema', () => {
  it('needs a valid email', () => {
    expect(resetRequestSchema.parse({ email: 'a@example.com' })).toEqual({
      email: 'a@example.com',
    });
    expect(errorsOf(resetRequestSchema, { email: '' })).toEqual({
      email: 'メールアドレスを入力してください',
    });
  });
});

describe('newPasswordSchema', () => {
  it('accepts a policy-conforming password typed twice', () => {
    expect(
      newPasswordSchema.safeParse({ password: GOOD_PASSWORD, passwordConfirm: GOOD_PASSWORD })
        .success,
    ).toBe(true);
  });

  it('applies the policy and the mismatch rule', () => {
    expect(
      errorsOf(newPasswordSchema, { password: 'abcdefgh', passwordConfirm: 'abcdefgh' }),
    ).toEqual({
      password: 'パスワードには英字と数字をそれぞれ1文字以上含めてください',
    });
    expect(
      errorsOf(newPasswordSchema, { password: GOOD_PASSWORD, passwordConfirm: 'demo4321' }),
    ).toEqual({
      passwordConfirm: 'パスワードが一致しません',
    });
  });
});

describe('passwordChangeSchema', () => {
  const valid = {
    currentPassword: 'old',
    newPassword: 'newpass99',
    newPasswordConfirm: 'newpass99',
  };

  it('accepts a complete form', () => {
    expect(passwordChangeSchema.parse(valid)).toEqual(valid);
  });

  it('asks for the current password', () => {
    expect(errorsOf(passwordChangeSchema, { ...valid, currentPassword: '' })).toEqual({
      currentPassword: '現在のパスワードを入力してください',
    });
  });

  it('applies the policy to the new password', () => {
    expect(
      errorsOf(passwordChangeSchema, {
        ...valid,
        newPassword: 'short',
        newPasswordConfirm: 'short',
      }),
    ).toEqual({
      newPassword: 'パスワードは8文字以上で入力してください',
    });
  });

  it('reports a mismatch on newPasswordConfirm', () => {
    expect(errorsOf(passwordChangeSchema, { ...valid, newPasswordConfirm: 'newpass98' })).toEqual({
      newPasswordConfirm: 'パスワードが一致しません',
    });
  });
});
