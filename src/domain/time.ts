/**
 * Values stored as times arrive in several shapes: Firestore Timestamps (toDate()),
 * serialized timestamps ({ seconds, nanoseconds }), Dates, ISO strings and epoch numbers.
 * Everything in the domain works with Date; this is the one place that normalizes.
 */
export function toDateOrNull(value: unknown): Date | null {
  if (value == null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (typeof value === 'object') {
    const v = value as { toDate?: () => Date; seconds?: unknown; nanoseconds?: unknown };
    if (typeof v.toDate === 'function') return toDateOrNull(v.toDate());
    if (typeof v.seconds === 'number') {
      const nanos = typeof v.nanoseconds === 'number' ? v.nanoseconds : 0;
      return new Date(v.seconds * 1000 + Math.floor(nanos / 1e6));
    }
  }
  return null;
}
