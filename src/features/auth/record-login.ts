import type { Backend } from '@/data/ports/backend';
import { runSideEffect } from '@/lib/side-effects';

/** Sign-in bookkeeping (lastLoginAt): a failure never fails the sign-in and is only logged. */
export function recordLogin(backend: Backend, uid: string): Promise<void> {
  return runSideEffect('users.recordLogin', () => backend.users.recordLogin(uid));
}
