import { decodeCursor } from '@/data/storage/cursor';

/**
 * The page cursor (src/data/storage/cursor.ts) as both Firestore adapters give and take it (the
 * SDK's, storage.ts, and the REST reader's, rest-storage.ts), so a list whose first page came
 * over REST continues through the SDK: a timestamp is { ts: [seconds, nanoseconds] } (its
 * nanoseconds kept, which a Date would round). `timestamp` turns that into the adapter's own.
 */
export function decodeFirestoreCursor(
  cursor: string | null | undefined,
  length: number,
  timestamp: (seconds: number, nanoseconds: number) => unknown = (s, ns) => ({ ts: [s, ns] }),
): unknown[] | null {
  return decodeCursor(cursor, length, (p) => {
    if (p && typeof p === 'object' && 'ts' in p) {
      const [s, ns] = (p as { ts: [number, number] }).ts;
      return timestamp(s, ns);
    }
    return p;
  });
}
