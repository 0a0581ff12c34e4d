import { fieldOp } from '@/data/storage/storage';
import { FEE_RECORDS_LIMIT } from '@/domain/constants';
import { DomainError } from '@/domain/errors';
import {
  decideConfirm,
  decideDeclare,
  decideReset,
  decideWithdraw,
  feeRecordSchema,
  type FeeRecord,
} from '@/domain/fees';
import {
  actorTransaction,
  parseDoc,
  parseDocs,
  readEvent,
  readUnlessRefused,
  type UseCaseContext,
} from './context';

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
 * Who has paid an event's 参加費 (docs/fees.md), written once for both backends. firestore.rules accept exactly these writes.
 */
export function feesUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

  return {
    /**
     * The caller's own payment record for the event; null when there is none (未払い) or when
     * signed out. Fails: throws. Caller: anyone, for themself only.
     */
    async mine(eventId: string): Promise<FeeRecord | null> {
      const who = await ctx.session();
      if (!who || !eventId) return null;
      return parseDoc(feeRecordSchema, await storage.get(feePath(eventId, who.uid)));
    },

    /**
     * The payment records of the event, by participant id (未払い is absent; records of people
     * who left are included, the roster leaves them out). Cap: FEE_RECORDS_LIMIT. Refusals:
     * loginRequired, eventNotFound, noFeePermission (not the organizer). Fails: throws.
     * Caller: the event's organizer.
     */
    async forEvent(eventId: string): Promise<Record<string, FeeRecord>> {
      const who = await ctx.session();
      if (!who) throw new DomainError('loginRequired');
      const event = await readEvent(storage, eventId);
      if (!event) throw new DomainError('eventNotFound');
      if (event.organizerId !== who.uid) throw new DomainError('noFeePermission');
      const records = parseDocs(
        feeRecordSchema,
        await storage.query({ collection: feesOf(eventId), limit: FEE_RECORDS_LIMIT }),
        'fees.forEvent',
      );
      const out: Record<string, FeeRecord> = {};
      for (const r of records) if (r.userId === r.id && r.status !== 'unpaid') out[r.id] = r;
      return out;
    },

    /**
     * 「支払いました」: the caller declares their own payment with a method (cash, transfer,
     * other); again, to change the method. Refusals: loginRequired, accountSuspended,
     * eventNotFound, noFeeForEvent (no fee, or cancelled), notParticipating,
     * feeAlreadyConfirmed, invalidPaymentMethod. Fails: throws. Caller: a participant.
     */
    async declare(eventId: string, method: string): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const event = actor ? await readEvent(tx, eventId) : null;
        const before = actor
          ? parseDoc(
              feeRecordSchema,
              await readUnlessRefused(() => tx.get(feePath(eventId, actor.uid))),
            )
          : null;
        const write = decideDeclare({ actor, event, method, before });
        tx.set(feePath(eventId, write.userId), { ...write, updatedAt: fieldOp.serverTime() });
      });
    },

    /**
     * Withdraws the caller's own declaration (back to 未払い); nothing to withdraw is no change.
     * Refusals: loginRequired, accountSuspended, eventNotFound, feeAlreadyConfirmed.
     * Fails: throws. Caller: the participant.
     */
    async withdraw(eventId: string): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const event = actor ? await readEvent(tx, eventId) : null;
        const before = actor
          ? parseDoc(
              feeRecordSchema,
              await readUnlessRefused(() => tx.get(feePath(eventId, actor.uid))),
            )
          : null;
        if (decideWithdraw({ actor, event, before }) && actor) {
          tx.delete(feePath(eventId, actor.uid));
        }
      });
    },

    /**
     * The organizer confirms a participant's payment (declared or not: cash handed over), with
     * the amount received and a note. Refusals: loginRequired, accountSuspended, eventNotFound,
     * noFeePermission, noFeeForEvent, notEventParticipant, invalidPaymentMethod,
     * invalidFeeAmount, feeNoteTooLong. Fails: throws. Caller: the event's organizer.
     */
    async confirm(eventId: string, userId: string, input: FeeConfirmation = {}): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const event = actor ? await readEvent(tx, eventId) : null;
        // Only the organizer may read the record; anyone else is refused by decideConfirm.
        const mayRead = !!event && !!userId && event.organizerId === actor?.uid;
        const before = mayRead
          ? parseDoc(
              feeRecordSchema,
              await readUnlessRefused(() => tx.get(feePath(eventId, userId))),
            )
          : null;
        const write = decideConfirm({ actor, event, userId, ...input, before });
        tx.set(feePath(eventId, userId), { ...write, updatedAt: fieldOp.serverTime() });
      });
    },

    /**
     * The organizer puts a participant back to 未払い (the record is removed). Refusals:
     * loginRequired, accountSuspended, eventNotFound, noFeePermission, noFeeForEvent,
     * notEventParticipant. Fails: throws. Caller: the event's organizer.
     */
    async reset(eventId: string, userId: string): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const event = actor ? await readEvent(tx, eventId) : null;
        decideReset({ actor, event, userId });
        tx.delete(feePath(eventId, userId));
      });
    },
  };
}
