import type { AuthUser } from '@/data/ports/auth';
import type { Backend } from '@/data/ports/backend';
import { logger } from '@/lib/logger';
import { safeStorage, STORAGE_KEYS } from '@/lib/storage-keys';
import { authErrorCode } from './auth-errors';
import { completeRegistration, registering } from './registration';
import { rememberDisplayName } from './session';

export interface SignUpResult {
  user: AuthUser;
  /** False when the account exists but the verification email could not be sent (resend offered). */
  verificationEmailSent: boolean;
}

/**
 * Registration of docs/domain.md "States": creates the account (signed in, display name set by the auth port),
 * sends the verification email, writes the user document with emailVerified false, and keeps the
 * email as the pending verification email. `agreedToTerms` is the spec's optional fourth flag:
 * true writes agreedAt as server time, false (the default) writes null.
 *
 * Auth refusals (weak password…) reject before anything is written. "Address already in use"
 * may be this user's own sign-up that stopped half-way (docs/profile.md): when the password
 * signs in to an account whose address is not verified yet, the sign-up carries on with it.
 */
export async function signUp(
  backend: Backend,
  email: string,
  password: string,
  displayName: string,
  agreedToTerms = false,
): Promise<SignUpResult> {
  const address = email.trim();
  const name = displayName.trim();
  return registering({ email: address, displayName: name, agreedToTerms }, async () => {
    const user = await createOrResumeAccount(backend, address, password, name);
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

    // Writes the document (and the first login stamp) unless it exists already.
    await completeRegistration(backend, user);
    safeStorage.set(STORAGE_KEYS.pendingVerificationEmail, user.email || address);
    return { user, verificationEmailSent };
  });
}

async function createOrResumeAccount(
  backend: Backend,
  email: string,
  password: string,
  name: string,
): Promise<AuthUser> {
  try {
    return await backend.auth.signUp(email, password, name);
  } catch (e) {
    if (authErrorCode(e) !== 'auth/email-already-in-use') throw e;
    let user: AuthUser;
    try {
      user = await backend.auth.signIn(email, password);
    } catch {
      throw e;
    }
    // A verified account finished its registration long ago: the address is simply taken.
    if (user.emailVerified) {
      await backend.auth.signOut();
      throw e;
    }
    return user;
  }
}
