import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../mail/policy.js';
import { createFirestoreRateLimiter } from '../src/rate-limit.js';

const LIMIT = { limit: 2, windowMs: 60_000 };

/** Just enough of Firestore for the limiter: documents by path and a serial transaction. */
function fakeFirestore() {
  const docs = new Map<string, Record<string, unknown>>();
  const db = {
    collection: (name: string) => ({ doc: (id: string) => ({ path: `${name}/${id}` }) }),
    runTransaction: async <T>(fn: (tx: unknown) => Promise<T>): Promise<T> =>
      fn({
        get: async (ref: { path: string }) => ({ data: () => docs.get(ref.path) }),
        set: (ref: { path: string }, data: Record<string, unknown>) =>
          void docs.set(ref.path, data),
      }),
  };
  return { db: db as unknown as Firestore, docs };
}

describe.each([
  ['in memory', (now: () => Date) => createMemoryRateLimiter(now)],
  ['in Firestore', (now: () => Date) => createFirestoreRateLimiter(fakeFirestore().db, now)],
])('rate limiter %s', (_name, make) => {
  it('allows up to the limit within a window, then refuses with the seconds left', async () => {
    let t = 1_000_000;
    const throttle = make(() => new Date(t));
    expect(await throttle('k', LIMIT)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    t += 10_000;
    expect((await throttle('k', LIMIT)).allowed).toBe(true);
    t += 5_000;
    expect(await throttle('k', LIMIT)).toEqual({ allowed: false, retryAfterSeconds: 45 });
  });

  it('opens a new window once the old one has passed', async () => {
    let t = 0;
    const throttle = make(() => new Date(t));
    await throttle('k', LIMIT);
    await throttle('k', LIMIT);
    t = LIMIT.windowMs;
    expect((await throttle('k', LIMIT)).allowed).toBe(true);
  });

  it('keeps keys apart', async () => {
    const throttle = make(() => new Date(0));
    await throttle('a', { limit: 1, windowMs: 1000 });
    expect((await throttle('a', { limit: 1, windowMs: 1000 })).allowed).toBe(false);
    expect((await throttle('b', { limit: 1, windowMs: 1000 })).allowed).toBe(true);
  });
});

describe('Firestore rate limiter storage', () => {
  it('stores the window under a hashed id, with the key and an expiry for a TTL policy', async () => {
    const { db, docs } = fakeFirestore();
    await createFirestoreRateLimiter(db, () => new Date(5_000))('track-unread:a_b/c:d', LIMIT);
    const [[path, data]] = [...docs.entries()] as [[string, Record<string, unknown>]];
    expect(path).toMatch(/^rateLimits\/[0-9a-f]{64}$/);
    expect(data).toMatchObject({ key: 'track-unread:a_b/c:d', count: 1, startMs: 5_000 });
    expect((data.expiresAt as { toMillis(): number }).toMillis()).toBe(65_000);
  });

  it('does not count a refused call', async () => {
    const { db, docs } = fakeFirestore();
    const throttle = createFirestoreRateLimiter(db, () => new Date(0));
    await throttle('k', { limit: 1, windowMs: 1000 });
    await throttle('k', { limit: 1, windowMs: 1000 });
    expect([...docs.values()][0]).toMatchObject({ count: 1 });
  });
});
