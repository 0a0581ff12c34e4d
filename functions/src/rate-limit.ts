import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import type { RateDecision, RateLimit } from './handlers/common.js';

/**
 * The limits (docs/security.md "Rate limits"). Each function also limits its caller
 * (SEND_EMAIL_CALLER_LIMIT, TRACK_UNREAD_CALLER_LIMIT) and each cause (one mail per request and
 * outcome, one per conversation and recipient every 15 minutes); this one holds per recipient,
 * across both functions and all callers, so many callers together cannot flood one inbox.
 */
export const MAIL_RECIPIENT_LIMIT: RateLimit = { limit: 20, windowMs: 60 * 60_000 };

/**
 * A window opens at the first use of a key and lasts windowMs; within it at most `limit` uses are
 * allowed. With limit 1 this is "at most one per windowMs" exactly. Refused uses do not count.
 */
interface Window {
  count: number;
  startMs: number;
}

function decide(
  current: Window | undefined,
  limit: RateLimit,
  nowMs: number,
): { decision: RateDecision; next: Window | null } {
  const window =
    current && nowMs - current.startMs < limit.windowMs ? current : { count: 0, startMs: nowMs };
  if (window.count >= limit.limit) {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((window.startMs + limit.windowMs - nowMs) / 1000),
    );
    return { decision: { allowed: false, retryAfterSeconds }, next: null };
  }
  return {
    decision: { allowed: true, retryAfterSeconds: 0 },
    next: { count: window.count + 1, startMs: window.startMs },
  };
}

/** For tests (one process). */
export function createMemoryRateLimiter(now: () => Date) {
  const windows = new Map<string, Window>();
  return async (key: string, limit: RateLimit): Promise<RateDecision> => {
    const { decision, next } = decide(windows.get(key), limit, now().getTime());
    if (next) windows.set(key, next);
    return decision;
  };
}

/**
 * Counts in Firestore (collection rateLimits, which firestore.rules leaves denied to clients), so
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
      const { decision, next } = decide(current, limit, nowMs);
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
