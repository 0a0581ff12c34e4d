import type { FeeRecord } from '@/domain/fees';
import { loadOnce } from '@/lib/load-once';
import type { UseCaseContext } from './context';

export const feesOf = (eventId: string) => `events/${eventId}/fees`;
export const feePath = (eventId: string, userId: string) => `${feesOf(eventId)}/${userId}`;

/** What the organizer records with a confirmation; each left out takes the default. */
export interface FeeConfirmation {
  /** Default: the declared method, else 現金. */
  method?: string;
  /** Yen received. Default: the event's fee. */
  amount?: number;
  note?: string;
}

/**
 * Who has paid an event's 参加費 (docs/fees.md), written once for both backends. The methods load
 * with their first call (./fees-methods.ts), so the backend's first page carries only this shell;
 * a failed load is tried again on the next call. firestore.rules accept exactly these writes.
 */
export function feesUseCases(ctx: UseCaseContext) {
  const methods = loadOnce(() => import('./fees-methods').then((m) => m.feeMethods(ctx)));

  return {
    /**
     * The caller's own payment record for the event; null when there is none (未払い) or when
     * signed out. Fails: throws. Caller: anyone, for themself only.
     */
    async mine(eventId: string): Promise<FeeRecord | null> {
      return (await methods()).mine(eventId);
    },

    /**
     * The payment records of the event, by participant id (未払い is absent; records of people
     * who left are included, the roster leaves them out). Cap: FEE_RECORDS_LIMIT. Refusals:
     * loginRequired, eventNotFound, noFeePermission (not the organizer). Fails: throws.
     * Caller: the event's organizer.
     */
    async forEvent(eventId: string): Promise<Record<string, FeeRecord>> {
      return (await methods()).forEvent(eventId);
    },

    /**
     * 「支払いました」: the caller declares their own payment with a method (cash, transfer,
     * other); again, to change the method. Refusals: loginRequired, accountSuspended,
     * eventNotFound, noFeeForEvent (no fee, or cancelled), notParticipating,
     * feeAlreadyConfirmed, invalidPaymentMethod. Fails: throws. Caller: a participant.
     */
    async declare(eventId: string, method: string): Promise<void> {
      return (await methods()).declare(eventId, method);
    },

    /**
     * Withdraws the caller's own declaration (back to 未払い); nothing to withdraw is no change.
     * Refusals: loginRequired, accountSuspended, eventNotFound, feeAlreadyConfirmed.
     * Fails: throws. Caller: the participant.
     */
    async withdraw(eventId: string): Promise<void> {
      return (await methods()).withdraw(eventId);
    },

    /**
     * The organizer confirms a participant's payment (declared or not: cash handed over), with
     * the amount received and a note. Refusals: loginRequired, accountSuspended, eventNotFound,
     * noFeePermission, noFeeForEvent, notEventParticipant, invalidPaymentMethod,
     * invalidFeeAmount, feeNoteTooLong. Fails: throws. Caller: the event's organizer.
     */
    async confirm(eventId: string, userId: string, input: FeeConfirmation = {}): Promise<void> {
      return (await methods()).confirm(eventId, userId, input);
    },

    /**
     * The organizer puts a participant back to 未払い (the record is removed). Refusals:
     * loginRequired, accountSuspended, eventNotFound, noFeePermission, noFeeForEvent,
     * notEventParticipant. Fails: throws. Caller: the event's organizer.
     */
    async reset(eventId: string, userId: string): Promise<void> {
      return (await methods()).reset(eventId, userId);
    },
  };
}
