import type { Backend } from '@/data/ports/backend';
import { runSideEffect } from '@/lib/side-effects';

/**
 * Sign-in bookkeeping: lastLoginAt. The product once recorded isActive here too, but that field is the staff's
 * suspension switch (docs/security.md "Suspension"), so signing in only reads it. A failure never
 * fails the sign-in and is only logged.
 */
export function recordLogin(backend: Backend, uid: string): Promise<void> {
  return runSideEffect('users.recordLogin', () => backend.users.recordLogin(uid));
}
