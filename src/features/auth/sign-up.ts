import type { AuthUser } from '@/data/ports/auth';
import type { Backend } from '@/data/ports/backend';
import { newUserDocument } from '@/domain/entities/user';
import { logger } from '@/lib/logger';
import { safeStorage, STORAGE_KEYS } from '@/lib/storage-keys';
import { recordLogin } from './record-login';
import { rememberDisplayName } from './session';

export interface SignUpResult {
  user: AuthUser;
  /** False when the account exists but the verification email could not be sent (resend offered). */
  verificationEmailSent: boolean;
}

/**
 * Registration of SPEC §4: creates the account (signed in, display name set by the auth port),
 * sends the verification email, writes the user document with emailVerified false, and keeps the
 * email as the pending verification email. `agreedToTerms` is the spec's optional fourth flag:
 * true writes agreedAt as server time, false (the default) writes null.
 *
 * Auth refusals (address taken, weak password…) reject before anything is written.
 */
export async function signUp(
  backend: Backend,
  email: string,
  password: string,
  displayName: string,
  agreedToTerms = false,
): Promise<SignUpResult> {
  const name = displayName.trim();
  const user = await backend.auth.signUp(email.trim(), password, name);
  // The session's fallback until the profile below exists.
  rememberDisplayName(user.uid, name);

  let verificationEmailSent = true;
  try {
    await backend.auth.sendEmailVerification();
  } catch (e) {
    // The account already exists, so the user continues to the verification screen and resends.
    verificationEmailSent = false;
    logger.error('signUp: sendEmailVerification', e);
  }

  const doc = newUserDocument({
    uid: user.uid,
    email: user.email || email.trim(),
    displayName: name,
    agreedToTerms,
  });
  await backend.users.create(user.uid, doc);
  // The session skipped the sign-in stamp while the document did not exist; creating the account
  // was this user's sign-in.
  await recordLogin(backend, user.uid);

  safeStorage.set(STORAGE_KEYS.pendingVerificationEmail, doc.email);
  return { user, verificationEmailSent };
}
