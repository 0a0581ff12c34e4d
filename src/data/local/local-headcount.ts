import type { HeadcountEventRecord, HeadcountStores } from '@mail/handlers/headcount-decisions';
import { HEADCOUNT_REQUESTERS_LIMIT } from '@mail/handlers/headcount-decisions';
import { DOC_ID, fieldOp, type StoredDoc, type Storage } from '@/data/storage/storage';
import { sportEventSchema } from '@/domain/entities/event';
import { parseDocs, writeNotification } from '@/data/use-cases/context';

function recordOf(doc: StoredDoc | null): HeadcountEventRecord | null {
  const [e] = doc ? parseDocs(sportEventSchema, [doc], 'headcount.event') : [];
  if (!e) return null;
  return { ...e, date: e.date.getTime() === 0 ? null : e.date };
}

/**
 * The minimum-headcount decision's stores on this database, through the storage interface as
 * the use cases use it: the due events by one range on `headcountDecideAt` (its index), and the
 * decision with its notices in one transaction, so two open tabs never decide twice. As on
 * Firebase, where only the Cloud Function (Admin SDK) writes a decision, no port offers this to
 * a screen: the app's schedule (src/app/scheduled-work.ts) runs it through LocalApi.
 */
export function localHeadcountStores(storage: Storage, now: () => Date): HeadcountStores {
  return {
    async dueHeadcounts(at, { limit, after }) {
      const docs = await storage.query({
        collection: 'events',
        where: [{ field: 'headcountDecideAt', op: '<=', value: at }],
        orderBy: [{ field: 'headcountDecideAt' }, { field: DOC_ID }],
        limit,
        after,
      });
      const events = docs.map(recordOf).filter((e): e is HeadcountEventRecord => e !== null);
      return { events, next: docs.length === limit ? docs.at(-1)!.cursor : null };
    },

    async pendingRequesters(eventId) {
      const docs = await storage.query({
        collection: 'participationRequests',
        where: [
          { field: 'eventId', op: '==', value: eventId },
          { field: 'status', op: '==', value: 'pending' },
        ],
        limit: HEADCOUNT_REQUESTERS_LIMIT,
      });
      return docs.map((d) => d.data.userId).filter((u): u is string => typeof u === 'string');
    },

    commitDecision(eventId, plan) {
      const path = `events/${eventId}`;
      return storage.transaction(async (tx) => {
        const stored = await tx.get(path);
        const decided = plan(recordOf(stored));
        if (!decided) {
          if (stored && stored.data.headcountDecideAt !== undefined) {
            tx.update(path, { headcountDecideAt: fieldOp.deleteField() });
          }
          return null;
        }
        tx.update(path, {
          headcountDecision: {
            result: decided.result,
            count: decided.count,
            at: fieldOp.serverTime(),
          },
          ...(decided.clearDecideAt ? { headcountDecideAt: fieldOp.deleteField() } : {}),
          ...(decided.result === 'cancelled'
            ? { status: 'cancelled', updatedAt: fieldOp.serverTime() }
            : {}),
        });
        for (const n of decided.notices) writeNotification(tx, n, now());
        return decided;
      });
    },
  };
}
