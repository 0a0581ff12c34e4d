/**
 * The page cursor both Firestore adapters give and take (the SDK's, storage.ts, and the REST
 * reader's, firestore-rest.ts), so a list whose first page came over REST continues through the
 * SDK: the last document's order values as JSON, a Date as { d: ms }, a timestamp as
 * { ts: [seconds, nanoseconds] } (its nanoseconds kept). `part` turns an adapter's own
 * timestamp into that form; `timestamp` turns it back.
 */
export function encodeCursor(values: unknown[], part: (v: unknown) => unknown = (v) => v): string {
  const parts = values.map((v) => (v instanceof Date ? { d: v.getTime() } : part(v)));
  return btoa(encodeURIComponent(JSON.stringify(parts)));
}

/** The order values of a cursor, or null for one no Firestore adapter made (start over). */
export function decodeCursor(
  cursor: string | null | undefined,
  length: number,
  timestamp: (seconds: number, nanoseconds: number) => unknown = (s, ns) => ({ ts: [s, ns] }),
): unknown[] | null {
  if (!cursor || length === 0) return null;
  try {
    const parts: unknown = JSON.parse(decodeURIComponent(atob(cursor)));
    if (!Array.isArray(parts) || parts.length !== length) return null;
    return parts.map((p: unknown) => {
      if (p && typeof p === 'object' && 'ts' in p) {
        const [s, ns] = (p as { ts: [number, number] }).ts;
        return timestamp(s, ns);
      }
      if (p && typeof p === 'object' && 'd' in p) return new Date((p as { d: number }).d);
      return p;
    });
  } catch {
    return null;
  }
}
