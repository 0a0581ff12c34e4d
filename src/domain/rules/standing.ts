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

export type WriteRefusal = 'accountSuspended' | 'emailNotVerified';

/**
 * Why a signed-in actor may not make a write of this need, or null when they may. Screens ask
 * it in advance to say why instead of offering an action that would fail.
 */
export function standingRefusal(
  actor: Pick<Actor, 'emailVerified' | 'suspended'>,
  need: WriteNeed,
): WriteRefusal | null {
  if (actor.suspended) return 'accountSuspended';
  if (need === 'verified' && !actor.emailVerified) return 'emailNotVerified';
  return null;
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
  const refusal = standingRefusal(actor, need);
  if (refusal) throw new DomainError(refusal);
  return actor;
}

/** A write to a user's own documents (profile, private settings): the owner, active. */
export function assertMayWriteOwn(actor: Actor | null, uid: string): Actor {
  const me = assertMayWrite(actor, 'active');
  if (me.uid !== uid) throw new DomainError('noProfileEditPermission');
  return me;
}
