import { fieldOp } from '@/data/storage/storage';
import {
  checkInCode,
  checkInSchema,
  checkInTokenSchema,
  decideCheckIn,
  decideIssueToken,
  newCheckInToken,
} from '@/domain/check-in';
import { FEE_RECORDS_LIMIT } from '@/domain/constants';
import { DomainError } from '@/domain/errors';
import {
  actorTransaction,
  parseDoc,
  parseDocs,
  readEvent,
  readUnlessRefused,
  type UseCaseContext,
} from './context';
import { checkInPath, checkInsOf, tokenPath, tokensOf, type Reception } from './check-in';

const newToken = () => newCheckInToken(crypto.getRandomValues(new Uint8Array(16)));

/** The check-in use case's methods; src/data/use-cases/check-in.ts documents each one. */
export function checkInMethods(ctx: UseCaseContext) {
  const { storage } = ctx;

  return {
    async myCode(eventId: string): Promise<string> {
      const who = await ctx.session();
      if (!who) throw new DomainError('loginRequired');
      const stored = parseDoc(checkInTokenSchema, await storage.get(tokenPath(eventId, who.uid)));
      if (stored?.token) return checkInCode(eventId, stored.token);
      const token = await actorTransaction(ctx, async (tx, actor) => {
        const event = await readEvent(tx, eventId);
        const before = parseDoc(checkInTokenSchema, await tx.get(tokenPath(eventId, who.uid)));
        if (before?.token) return before.token;
        decideIssueToken({ actor, event, userId: who.uid, hasToken: false });
        const made = newToken();
        tx.set(tokenPath(eventId, who.uid), { userId: who.uid, token: made });
        return made;
      });
      return checkInCode(eventId, token);
    },

    async mine(eventId: string): Promise<boolean> {
      const who = await ctx.session();
      if (!who) return false;
      return (await storage.get(checkInPath(eventId, who.uid))) !== null;
    },

    async reception(eventId: string): Promise<Reception> {
      const who = await ctx.session();
      if (!who) throw new DomainError('loginRequired');
      const event = await readEvent(storage, eventId);
      if (!event) throw new DomainError('eventNotFound');
      if (event.organizerId !== who.uid) throw new DomainError('noCheckInPermission');
      const [tokenDocs, checkInDocs] = await Promise.all([
        storage.query({ collection: tokensOf(eventId), limit: FEE_RECORDS_LIMIT }),
        storage.query({ collection: checkInsOf(eventId), limit: FEE_RECORDS_LIMIT }),
      ]);
      const tokens: Record<string, string> = {};
      for (const t of parseDocs(checkInTokenSchema, tokenDocs, 'checkIn.tokens')) {
        if (t.token && t.userId === t.id) tokens[t.token] = t.id;
      }
      const checkIns: Record<string, Date | null> = {};
      for (const c of parseDocs(checkInSchema, checkInDocs, 'checkIn.checkIns')) {
        if (c.userId === c.id) checkIns[c.id] = c.checkedInAt;
      }
      return { tokens, checkIns };
    },

    async reissue(eventId: string, userId: string): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const event = actor ? await readEvent(tx, eventId) : null;
        decideIssueToken({ actor, event, userId, hasToken: true });
        tx.set(tokenPath(eventId, userId), { userId, token: newToken() });
      });
    },

    async checkIn(eventId: string, userId: string, undo: boolean): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const event = actor ? await readEvent(tx, eventId) : null;
        const mayRead = !!event && !!userId && event.organizerId === actor?.uid;
        const before = mayRead
          ? await readUnlessRefused(() => tx.get(checkInPath(eventId, userId)))
          : null;
        decideCheckIn({ actor, event, userId, checkedIn: before !== null, undo, now: ctx.now() });
        if (undo) tx.delete(checkInPath(eventId, userId));
        else tx.set(checkInPath(eventId, userId), { userId, checkedInAt: fieldOp.serverTime() });
      });
    },
  };
}
