import type { Backend } from '@/data/ports/backend';
import { logger } from '@/lib/logger';

/**
 * SPEC §4 sign-in bookkeeping: lastLoginAt. SPEC also names isActive, but that field is the
 * staff's suspension switch (docs/security.md "Suspension"), so signing in only reads it. A failure is only
 * logged (SPEC §8).
 */
export async function recordLogin(backend: Backend, uid: string): Promise<void> {
  try {
    await backend.users.recordLogin(uid);
  } catch (e) {
    logger.error('users.recordLogin', e);
  }
}
