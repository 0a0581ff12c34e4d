import { isAlreadyDone, isDomainError, type ErrorKey } from '@/domain/errors';
import type { Actor } from '@/domain/rules/standing';

/** An actor for domain tests: verified and active unless told otherwise. */
export function actorOf(uid: string, over: Partial<Omit<Actor, 'uid'>> = {}): Actor {
  return { uid, emailVerified: true, suspended: false, ...over };
}

/**
 * Which domain refusal `fn` raised: its ErrorKey; 'none' when it did not throw; 'other: …' for
 * anything that is not a DomainError.
 */
export function refusal(fn: () => unknown): ErrorKey | 'none' | `other: ${string}` {
  try {
    fn();
  } catch (e) {
    return isDomainError(e) ? e.key : `other: ${String(e)}`;
  }
  return 'none';
}

/** Whether `fn` refused as the repeat of something already done (isAlreadyDone). */
export function refusedAsDone(fn: () => unknown): boolean {
  try {
    fn();
  } catch (e) {
    return isAlreadyDone(e);
  }
  return false;
}
