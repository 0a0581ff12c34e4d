import { FieldPath, FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  HEADCOUNT_REQUESTERS_LIMIT,
  headcountDecisionOf,
  minHeadcountOf,
  type HeadcountEventRecord,
  type HeadcountStores,
} from '../../mail/handlers/headcount-decisions.js';
import { storedNotice } from './notices.js';
import { eventRecord, toDate } from './reminder-stores.js';

function recordOf(id: string, d: FirebaseFirestore.DocumentData): HeadcountEventRecord {
  return {
    ...eventRecord(id, d),
    minHeadcount: minHeadcountOf(d.minHeadcount),
    headcountDecideAt: toDate(d.headcountDecideAt),
    headcountDecision: headcountDecisionOf(d.headcountDecision, toDate),
  };
}

/**
 * The minimum-headcount decision's stores on Firestore (Admin SDK, which bypasses
 * firestore.rules: no client writes a decision). The due events are read by one range on
 * `headcountDecideAt`, ordered by it and the document id, which the automatic single-field index
 * serves; a decision is written in one transaction that reads the event again, so a concurrent
 * run that got there first makes this one write nothing.
 */
export function createHeadcountStores(db: Firestore, now: () => Date): HeadcountStores {
  return {
    async dueHeadcounts(at, { limit, after }) {
      let q = db
        .collection('events')
        .where('headcountDecideAt', '<=', Timestamp.fromDate(at))
        .orderBy('headcountDecideAt')
        .orderBy(FieldPath.documentId())
        .limit(limit);
      const cursor = after ? (JSON.parse(after) as [number, string]) : null;
      if (cursor) q = q.startAfter(Timestamp.fromMillis(cursor[0]), cursor[1]);
      const snap = await q.get();
      const last = snap.docs.at(-1);
      const lastAt = toDate(last?.get('headcountDecideAt'));
      return {
        events: snap.docs.map((d) => recordOf(d.id, d.data())),
        next:
          last && lastAt && snap.size === limit
            ? JSON.stringify([lastAt.getTime(), last.id])
            : null,
      };
    },

    async pendingRequesters(eventId) {
      const snap = await db
        .collection('participationRequests')
        .where('eventId', '==', eventId)
        .where('status', '==', 'pending')
        .limit(HEADCOUNT_REQUESTERS_LIMIT)
        .get();
      return snap.docs
        .map((d) => d.get('userId'))
        .filter((u): u is string => typeof u === 'string');
    },

    commitDecision(eventId, plan) {
      const ref = db.collection('events').doc(eventId);
      return db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        const decided = plan(snap.exists ? recordOf(snap.id, snap.data()!) : null);
        if (!decided) {
          if (snap.exists && snap.get('headcountDecideAt') !== undefined) {
            tx.update(ref, { headcountDecideAt: FieldValue.delete() });
          }
          return null;
        }
        tx.update(ref, {
          headcountDecision: {
            result: decided.result,
            count: decided.count,
            at: FieldValue.serverTimestamp(),
          },
          ...(decided.clearDecideAt ? { headcountDecideAt: FieldValue.delete() } : {}),
          ...(decided.result === 'cancelled'
            ? { status: 'cancelled', updatedAt: FieldValue.serverTimestamp() }
            : {}),
        });
        for (const n of decided.notices) {
          tx.set(db.collection('notifications').doc(n.id), storedNotice(n, now()));
        }
        return decided;
      });
    },
  };
}
