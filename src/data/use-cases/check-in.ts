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

const newToken = () => newCheckInToken(crypto.getRandomValues(new Uint8Array(16)));

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
 * QR check-in at the venue (docs/fees.md "Check-in"), written once for both backends.
 * firestore.rules accept exactly these writes.
 */
export function checkInUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

  /** A check-in, or its undoing, in one transaction with the domain's decision. */
  const record = (eventId: string, userId: string, undo: boolean) =>
    actorTransaction(ctx, async (tx, actor) => {
      const event = actor ? await readEvent(tx, eventId) : null;
      const mayRead = !!event && !!userId && event.organizerId === actor?.uid;
      const before = mayRead
        ? await readUnlessRefused(() => tx.get(checkInPath(eventId, userId)))
        : null;
      decideCheckIn({ actor, event, userId, checkedIn: before !== null, undo, now: ctx.now() });
      if (undo) tx.delete(checkInPath(eventId, userId));
      else tx.set(checkInPath(eventId, userId), { userId, checkedInAt: fieldOp.serverTime() });
    });

  return {
    /**
     * The caller's check-in code for the event (what the QR code says: the event and a random
     * token, not the user id), made on the first call. Refusals: loginRequired,
     * accountSuspended (first call), eventNotFound, checkInCancelled, notParticipating.
     * Fails: throws. Caller: a participant.
     */
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

    /**
     * Whether the caller is checked in (false when signed out). Fails: throws.
     */
    async mine(eventId: string): Promise<boolean> {
      const who = await ctx.session();
      if (!who) return false;
      return (await storage.get(checkInPath(eventId, who.uid))) !== null;
    },

    /**
     * The event's tokens and check-ins. Cap: FEE_RECORDS_LIMIT each. Refusals: loginRequired,
     * eventNotFound, noCheckInPermission. Fails: throws. Caller: the organizer.
     */
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

    /**
     * A new token for a participant: their old code stops working. Refusals: loginRequired,
     * accountSuspended, eventNotFound, checkInCancelled, notEventParticipant,
     * noCheckInPermission. Fails: throws. Caller: the organizer.
     */
    async reissue(eventId: string, userId: string): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const event = actor ? await readEvent(tx, eventId) : null;
        decideIssueToken({ actor, event, userId, hasToken: true });
        tx.set(tokenPath(eventId, userId), { userId, token: newToken() });
      });
    },

    /**
     * Checks a participant in. Refusals: loginRequired, accountSuspended, eventNotFound,
     * noCheckInPermission, checkInCancelled, checkInClosed (outside an hour before the start
     * until the end), notEventParticipant, alreadyCheckedIn (already done). Fails: throws.
     * Caller: the organizer.
     */
    async checkIn(eventId: string, userId: string): Promise<void> {
      await record(eventId, userId, false);
    },

    /** Undoes a check-in; the refusals of checkIn but alreadyCheckedIn. Caller: the organizer. */
    async undo(eventId: string, userId: string): Promise<void> {
      await record(eventId, userId, true);
    },
  };
}
