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
import { feePath, feesOf, type FeeConfirmation } from './fees';

/** The fees use case's methods; src/data/use-cases/fees.ts documents each one. */
export function feeMethods(ctx: UseCaseContext) {
  const { storage } = ctx;

  return {
    async mine(eventId: string): Promise<FeeRecord | null> {
      const who = await ctx.session();
      if (!who || !eventId) return null;
      return parseDoc(feeRecordSchema, await storage.get(feePath(eventId, who.uid)));
    },

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

    async confirm(eventId: string, userId: string, input: FeeConfirmation): Promise<void> {
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

    async reset(eventId: string, userId: string): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const event = actor ? await readEvent(tx, eventId) : null;
        decideReset({ actor, event, userId });
        tx.delete(feePath(eventId, userId));
      });
    },
  };
}
