import * as z from 'zod/mini';
import { EMAIL_MAX, PASSWORD_MIN_LENGTH } from '@/domain/constants';

export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 30;

export const AUTH_FORM_MESSAGES = {
  emailRequired: 'メールアドレスを入力してください',
  emailInvalid: 'メールアドレスの形式が正しくありません',
  passwordRequired: 'パスワードを入力してください',
  passwordTooShort: `パスワードは${PASSWORD_MIN_LENGTH}文字以上で入力してください`,
  passwordTooLong: `パスワードは${PASSWORD_MAX_LENGTH}文字以内で入力してください`,
  passwordNeedsLetterAndDigit: 'パスワードには英字と数字をそれぞれ1文字以上含めてください',
  passwordConfirmRequired: '確認用のパスワードを入力してください',
  passwordMismatch: 'パスワードが一致しません',
  currentPasswordRequired: '現在のパスワードを入力してください',
  displayNameRequired: 'お名前（表示名）を入力してください',
  displayNameTooLong: `表示名は${DISPLAY_NAME_MAX_LENGTH}文字以内で入力してください`,
  termsRequired: '利用規約とプライバシーポリシーへの同意が必要です',
  /** Shown under every new-password field: the policy checkPasswordPolicy enforces. */
  passwordPolicyHint: `${PASSWORD_MIN_LENGTH}文字以上で、英字と数字をそれぞれ1文字以上含めてください。`,
} as const;

const M = AUTH_FORM_MESSAGES;

/** The pipe stops at "required", so an empty field shows one message, not two. */
/** Addresses compare trimmed and lower-cased (both backends, every auth call). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z.lazy(() =>
  z.pipe(
    z
      .string({ error: M.emailRequired })
      .check(z.trim(), z.minLength(1, M.emailRequired), z.maxLength(EMAIL_MAX, M.emailInvalid)),
    z.email(M.emailInvalid),
  ),
);

/**
 * The one password policy of both backends: Firebase enforces it through the project's
 * password policy, the local backend through checkPasswordPolicy.
 */
export const passwordSchema = z.lazy(() =>
  z
    .string({ error: M.passwordRequired })
    .check(
      z.minLength(PASSWORD_MIN_LENGTH, M.passwordTooShort),
      z.maxLength(PASSWORD_MAX_LENGTH, M.passwordTooLong),
      z.regex(/[A-Za-z]/, M.passwordNeedsLetterAndDigit),
      z.regex(/[0-9]/, M.passwordNeedsLetterAndDigit),
    ),
);

/** First policy violation in Japanese, or null when the password is acceptable. */
export function checkPasswordPolicy(password: string): string | null {
  const result = passwordSchema.safeParse(password);
  return result.success ? null : (result.error.issues[0]?.message ?? M.passwordTooShort);
}

const passwordConfirm = z.lazy(() =>
  z.string({ error: M.passwordConfirmRequired }).check(z.minLength(1, M.passwordConfirmRequired)),
);

/**
 * Zod skips object refinements once a field has a hard failure (an unticked terms box, say);
 * `when` keeps the mismatch visible as long as both passwords are there to compare.
 */
function mismatchCheck<K extends string, C extends string>(
  field: K,
  confirm: C,
): [
  (v: Record<K | C, unknown>) => boolean,
  { message: string; path: PropertyKey[]; when: (payload: { value: unknown }) => boolean },
] {
  return [
    (v: Record<K | C, unknown>) => v[field] === v[confirm],
    {
      message: M.passwordMismatch,
      path: [confirm],
      when: (payload: { value: unknown }) => {
        const v = payload.value as Record<string, unknown> | null | undefined;
        return typeof v?.[field] === 'string' && typeof v?.[confirm] === 'string';
      },
    },
  ];
}

export const loginSchema = z.lazy(() =>
  z.object({
    email: emailSchema,
    // Only presence: an old password that predates the policy must still sign in.
    password: z.string({ error: M.passwordRequired }).check(z.minLength(1, M.passwordRequired)),
  }),
);
export type LoginForm = z.infer<typeof loginSchema>;

export const registerSchema = z.lazy(() =>
  z
    .object({
      displayName: z
        .string({ error: M.displayNameRequired })
        .check(
          z.trim(),
          z.minLength(1, M.displayNameRequired),
          z.maxLength(DISPLAY_NAME_MAX_LENGTH, M.displayNameTooLong),
        ),
      email: emailSchema,
      password: passwordSchema,
      passwordConfirm,
      agreedToTerms: z
        .boolean({ error: M.termsRequired })
        .check(z.refine((v) => v, M.termsRequired)),
    })
    .check(z.refine(...mismatchCheck('password', 'passwordConfirm'))),
);
export type RegisterForm = z.infer<typeof registerSchema>;

export const resetRequestSchema = z.lazy(() => z.object({ email: emailSchema }));
export type ResetRequestForm = z.infer<typeof resetRequestSchema>;

export const newPasswordSchema = z.lazy(() =>
  z
    .object({ password: passwordSchema, passwordConfirm })
    .check(z.refine(...mismatchCheck('password', 'passwordConfirm'))),
);
export type NewPasswordForm = z.infer<typeof newPasswordSchema>;

export const passwordChangeSchema = z.lazy(() =>
  z
    .object({
      currentPassword: z
        .string({ error: M.currentPasswordRequired })
        .check(z.minLength(1, M.currentPasswordRequired)),
      newPassword: passwordSchema,
      newPasswordConfirm: passwordConfirm,
    })
    .check(z.refine(...mismatchCheck('newPassword', 'newPasswordConfirm'))),
);
export type PasswordChangeForm = z.infer<typeof passwordChangeSchema>;
