/**
 * The page cursor every adapter gives and takes: the last document's order values as JSON in
 * base64, a Date as { d: ms }. One format for all, so a list whose first page came over
 * Firestore's REST reader continues through the SDK (src/data/firebase/first-read/rest-storage.ts).
 * `part` gives an adapter's own values a JSON form (Firestore's timestamps, to the nanosecond).
 */
export function encodeCursor(
  values: readonly unknown[],
  part: (v: unknown) => unknown = (v) => v,
): string {
  const parts = values.map((v) => (v instanceof Date ? { d: v.getTime() } : part(v)));
  return btoa(encodeURIComponent(JSON.stringify(parts)));
}

/**
 * The `length` values of a cursor, Dates read back and every other part through `part`, which
 * gives undefined for one it refuses; null for a cursor of another length or one no adapter made
 * (the list then starts over).
 */
export function decodeCursor(
  cursor: string | null | undefined,
  length: number,
  part: (p: unknown) => unknown,
): unknown[] | null {
  if (!cursor || length === 0) return null;
  try {
    const parts: unknown = JSON.parse(decodeURIComponent(atob(cursor)));
    if (!Array.isArray(parts) || parts.length !== length) return null;
    const values = parts.map((p: unknown) =>
      p && typeof p === 'object' && typeof (p as { d?: unknown }).d === 'number'
        ? new Date((p as { d: number }).d)
        : part(p),
    );
    return values.includes(undefined) ? null : values;
  } catch {
    return null;
  }
}
