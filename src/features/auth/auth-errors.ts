import {
  AUTH_ERROR_MESSAGES,
  AuthError,
  ERR,
  errorMessage,
  normalizeAuthCode,
  type AuthErrorCode,
} from '@/domain/errors';

/** The normalized code of any thrown value; errors that are not from the auth service are 'auth/unknown'. */
export function authErrorCode(e: unknown): AuthErrorCode {
  if (e instanceof AuthError) return e.code;
  // Ports normalize their codes; this is only a safety net for a raw service error.
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/')
    ? normalizeAuthCode(code)
    : 'auth/unknown';
}

/**
 * The Japanese text for an auth failure. Known codes use the catalogue; a weak password keeps the
 * port's own message (it names the rule that failed). Anything else gets the generic text.
 */
export function authErrorMessage(e: unknown): string {
  const code = authErrorCode(e);
  if (code === 'auth/weak-password' && e instanceof AuthError) return e.message;
  if (code !== 'auth/unknown') return AUTH_ERROR_MESSAGES[code];
  return errorMessage(e, AUTH_ERROR_MESSAGES['auth/unknown']);
}

/** Password change: signed out is the docs/domain.md "Validation" Japanese "must be authenticated". */
export function passwordChangeErrorMessage(e: unknown): string {
  const code = authErrorCode(e);
  if (code === 'auth/unauthenticated') return ERR.passwordAuthRequired;
  if (code === 'auth/invalid-credential') return '現在のパスワードが正しくありません';
  return authErrorMessage(e);
}

/** True for failures the user can fix or wait out; everything else is worth a log line. */
export function isExpectedAuthError(e: unknown): boolean {
  return authErrorCode(e) !== 'auth/unknown';
}
