import { DomainError, type ErrorKey } from '@/domain/errors';

/**
 * Who is acting, as a backend knows them at the moment of a write: the auth service's
 * verified-email flag and the profile's standing (isActive false = suspended by staff).
 */
export interface Actor {
  uid: string;
  emailVerified: boolean;
  suspended: boolean;
}

/**
 * What a write needs of its actor (docs/rules.md "Who may write"):
 * - 'active': signed in and not suspended (profile edits, notifications, cancelling, leaving…);
 * - 'verified': also a verified email address (creating events and teams, join requests,
 *   direct joins, messages, reports).
 */
export type WriteNeed = 'active' | 'verified';

/** A profile's standing: only an explicit isActive false suspends; a missing field is active. */
export function isSuspended(profile: { isActive?: boolean | null } | null | undefined): boolean {
  return profile?.isActive === false;
}

/**
 * Refuses a write the actor may not make and returns the actor otherwise. `signedOut` is the
 * catalogue message for a visitor (each operation has its own, e.g. authCreateEvents).
 */
export function assertMayWrite(
  actor: Actor | null,
  need: WriteNeed,
  signedOut: ErrorKey = 'loginRequired',
): Actor {
  if (!actor) throw new DomainError(signedOut);
  if (actor.suspended) throw new DomainError('accountSuspended');
  if (need === 'verified' && !actor.emailVerified) throw new DomainError('emailNotVerified');
  return actor;
}
