import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { decideRate, type RateDecision, type RateLimit } from '../../mail/policy.js';

/**
 * The limits are in ./mail/policy.ts (docs/security.md "Rate limits"), with the window rule
 * (decideRate) and the in-memory limiter of one process. This one counts in Firestore (collection rateLimits, which firestore.rules leaves denied to clients), so
 * the limits hold across function instances. expiresAt is there for a TTL policy to clean up.
 */
export function createFirestoreRateLimiter(db: Firestore, now: () => Date) {
  return async (key: string, limit: RateLimit): Promise<RateDecision> => {
    const ref = db.collection('rateLimits').doc(createHash('sha256').update(key).digest('hex'));
    return db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      const data = snap.data();
      const current =
        data && typeof data.count === 'number' && typeof data.startMs === 'number'
          ? { count: data.count, startMs: data.startMs }
          : undefined;
      const nowMs = now().getTime();
      const { decision, next } = decideRate(current, limit, nowMs);
      if (next) {
        tx.set(ref, {
          key,
          count: next.count,
          startMs: next.startMs,
          expiresAt: Timestamp.fromMillis(next.startMs + limit.windowMs),
        });
      }
      return decision;
    });
  };
}
