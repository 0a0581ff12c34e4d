import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RegisterForm } from '@/domain/auth-forms';
import { useBackend } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { isExpectedAuthError } from './auth-errors';
import { useSession } from './session';
import { signUp } from './sign-up';

/*
 * Account actions are plain async functions driven by react-hook-form's submit state rather than
 * React Query mutations: a wrong password is an answer for the form, not an application error,
 * so it must not go through the mutation cache's "Mutation error" log and global toast. The form
 * shows every failure inline, next to the field it concerns; unexpected ones are logged here.
 */

function logUnexpected(context: string, e: unknown): void {
  if (!isExpectedAuthError(e)) logger.error(context, e);
}

/** Signs in and resolves once the session shows the user (so the next screen sees it). */
export function useSignIn() {
  const backend = useBackend();
  const { settle } = useSession();
  return useCallback(
    async (email: string, password: string) => {
      try {
        await backend.auth.signIn(email.trim(), password);
      } catch (e) {
        logUnexpected('auth.signIn', e);
        throw e;
      }
      await settle();
    },
    [backend, settle],
  );
}

/** Location state /verify-email reads to start the resend cooldown at once. */
export interface VerifyEmailLocationState {
  sentAt?: number | null;
  email?: string;
}

/** Registration, then on to /verify-email with the verification email's send time. */
export function useSignUp() {
  const backend = useBackend();
  const { settle } = useSession();
  const navigate = useNavigate();
  return useCallback(
    async (values: RegisterForm) => {
      let sentAt: number | null;
      try {
        const result = await signUp(
          backend,
          values.email,
          values.password,
          values.displayName,
          values.agreedToTerms,
        );
        sentAt = result.verificationEmailSent ? Date.now() : null;
      } catch (e) {
        logUnexpected('signUp', e);
        throw e;
      }
      // The profile exists only now; the session loaded before it was written.
      await settle();
      const state: VerifyEmailLocationState = { sentAt };
      navigate('/verify-email', { state });
    },
    [backend, settle, navigate],
  );
}
