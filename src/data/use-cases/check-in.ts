import { loadOnce } from '@/lib/load-once';
import type { UseCaseContext } from './context';

export const tokensOf = (eventId: string) => `events/${eventId}/checkInTokens`;
export const tokenPath = (eventId: string, userId: string) => `${tokensOf(eventId)}/${userId}`;
export const checkInsOf = (eventId: string) => `events/${eventId}/checkIns`;
export const checkInPath = (eventId: string, userId: string) => `${checkInsOf(eventId)}/${userId}`;

/** What the organizer's reception reads once: whose token is which, and who is checked in. */
export interface Reception {
  /** token → user id, for every participant who has a code. */
  tokens: Record<string, string>;
  /** user id → when they were checked in (null: the time is not known yet). */
  checkIns: Record<string, Date | null>;
}

/**
 * QR check-in at the venue (docs/fees.md "Check-in"), written once for both backends. The
 * methods load with their first call (./check-in-methods.ts). firestore.rules accept exactly
 * these writes.
 */
export function checkInUseCases(ctx: UseCaseContext) {
  const methods = loadOnce(() => import('./check-in-methods').then((m) => m.checkInMethods(ctx)));

  return {
    /**
     * The caller's check-in code for the event (what the QR code says: the event and a random
     * token, not the user id), made on the first call. Refusals: loginRequired,
     * accountSuspended (first call), eventNotFound, checkInCancelled, notParticipating.
     * Fails: throws. Caller: a participant.
     */
    async myCode(eventId: string): Promise<string> {
      return (await methods()).myCode(eventId);
    },

    /**
     * Whether the caller is checked in (false when signed out). Fails: throws.
     */
    async mine(eventId: string): Promise<boolean> {
      return (await methods()).mine(eventId);
    },

    /**
     * The event's tokens and check-ins. Cap: FEE_RECORDS_LIMIT each. Refusals: loginRequired,
     * eventNotFound, noCheckInPermission. Fails: throws. Caller: the organizer.
     */
    async reception(eventId: string): Promise<Reception> {
      return (await methods()).reception(eventId);
    },

    /**
     * A new token for a participant: their old code stops working. Refusals: loginRequired,
     * accountSuspended, eventNotFound, checkInCancelled, notEventParticipant,
     * noCheckInPermission. Fails: throws. Caller: the organizer.
     */
    async reissue(eventId: string, userId: string): Promise<void> {
      return (await methods()).reissue(eventId, userId);
    },

    /**
     * Checks a participant in. Refusals: loginRequired, accountSuspended, eventNotFound,
     * noCheckInPermission, checkInCancelled, checkInClosed (outside an hour before the start
     * until the end), notEventParticipant, alreadyCheckedIn (already done). Fails: throws.
     * Caller: the organizer.
     */
    async checkIn(eventId: string, userId: string): Promise<void> {
      return (await methods()).checkIn(eventId, userId, false);
    },

    /** Undoes a check-in; the refusals of checkIn but alreadyCheckedIn. Caller: the organizer. */
    async undo(eventId: string, userId: string): Promise<void> {
      return (await methods()).checkIn(eventId, userId, true);
    },
  };
}
