import type { Backend } from '@/data/ports/backend';
import { AuthError } from '@/domain/errors';
import { runSideEffect } from '@/lib/side-effects';
import { safeStorage, STORAGE_KEYS } from '@/lib/storage-keys';

/** The navigation state /registration-complete is opened with once an address was confirmed. */
export const JUST_VERIFIED = { verified: true } as const;

export function isJustVerified(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { verified?: unknown }).verified === true
  );
}

export type VerificationCheck = 'verified' | 'notVerified' | 'signedOut';

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The user document follows the auth service; if writing it fails, the next session retries. */
function markVerified(backend: Backend, uid: string): Promise<void> {
  return runSideEffect('users.markEmailVerified', () => backend.users.markEmailVerified(uid));
}

function forgetPendingEmail(email?: string): void {
  const pending = safeStorage.get(STORAGE_KEYS.pendingVerificationEmail);
  if (pending && (email === undefined || sameAddress(pending, email))) {
    safeStorage.remove(STORAGE_KEYS.pendingVerificationEmail);
  }
}

/** The "確認しました" check of docs/domain.md "States": reload the user and, if verified, set emailVerified true. */
export async function checkEmailVerified(backend: Backend): Promise<VerificationCheck> {
  const user = await backend.auth.reload();
  if (!user) return 'signedOut';
  if (!user.emailVerified) return 'notVerified';
  await markVerified(backend, user.uid);
  forgetPendingEmail(user.email);
  return 'verified';
}

/**
 * Completes a verification link. The user document is only marked when the signed-in user is the
 * owner of the link's address: a link opened in a browser where someone else is signed in must
 * not mark that other person verified.
 */
export async function applyVerificationLink(
  backend: Backend,
  code: string,
): Promise<{ email: string }> {
  const info = await backend.auth.checkActionCode(code);
  if (info.operation !== 'verifyEmail') throw new AuthError('auth/invalid-action-code');
  await backend.auth.applyActionCode(code);
  const user = await backend.auth.reload();
  if (user && sameAddress(user.email, info.email)) await markVerified(backend, user.uid);
  forgetPendingEmail(info.email);
  return { email: info.email };
}

/** Checks a reset link before the new password is asked for; returns the account's address. */
export async function checkResetLink(backend: Backend, code: string): Promise<{ email: string }> {
  const info = await backend.auth.checkActionCode(code);
  if (info.operation !== 'resetPassword') throw new AuthError('auth/invalid-action-code');
  return { email: info.email };
}
