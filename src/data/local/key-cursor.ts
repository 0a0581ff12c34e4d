/**
 * A Dexie index key of the last item shown ([createdAt, id], [displayName, id], …) as an opaque
 * page cursor. Dates keep their type through the round trip.
 */
export type KeyPart = Date | string | number;

export function encodeKeyCursor(key: readonly KeyPart[]): string {
  const parts = key.map((p) => (p instanceof Date ? { d: p.getTime() } : p));
  return btoa(encodeURIComponent(JSON.stringify(parts)));
}

/** The key, or null for a cursor this codec did not make (the list then starts over). */
export function decodeKeyCursor(
  cursor: string | null | undefined,
  length: number,
): KeyPart[] | null {
  if (!cursor) return null;
  try {
    const v: unknown = JSON.parse(decodeURIComponent(atob(cursor)));
    if (!Array.isArray(v) || v.length !== length) return null;
    const key: KeyPart[] = [];
    for (const p of v as unknown[]) {
      if (typeof p === 'string' || typeof p === 'number') key.push(p);
      else if (p && typeof p === 'object' && typeof (p as { d?: unknown }).d === 'number') {
        key.push(new Date((p as { d: number }).d));
      } else return null;
    }
    return key;
  } catch {
    return null;
  }
}
