import type { Backend } from '@/data/ports/backend';
import { runSideEffect } from '@/lib/side-effects';

/**
 * Sign-in bookkeeping: lastLoginAt only. isActive is the staff's suspension switch
 * (docs/security.md "Suspension"), which signing in reads and never writes. A failure never fails
 * the sign-in and is only logged.
 */
export function recordLogin(backend: Backend, uid: string): Promise<void> {
  return runSideEffect('users.recordLogin', () => backend.users.recordLogin(uid));
}
