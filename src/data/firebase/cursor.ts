/**
 * Page cursors are opaque strings for the features: base64url of the sort values of the last
 * item (a time as epoch ms, optionally a second string field) and its document id, which is what
 * `startAfter` needs for a query ordered by those fields and then by document id.
 */
export interface CursorValue {
  /** The sort field of the last item, epoch milliseconds. */
  t: number;
  /** A second sort field where the list has one (an event's HH:mm start time). */
  s?: string;
  id: string;
}

export function encodeCursor(value: CursorValue): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A cursor that cannot be read starts from the beginning rather than failing the list. */
export function decodeCursor(cursor: string | null | undefined): CursorValue | null {
  if (!cursor) return null;
  try {
    const bin = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    const v = JSON.parse(new TextDecoder().decode(bytes)) as Partial<CursorValue>;
    if (typeof v.t === 'number' && Number.isFinite(v.t) && typeof v.id === 'string' && v.id) {
      return typeof v.s === 'string' ? { t: v.t, s: v.s, id: v.id } : { t: v.t, id: v.id };
    }
  } catch {
    // fall through: unreadable cursor
  }
  return null;
}
