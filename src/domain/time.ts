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
    // A bare yyyy-MM-dd is an event day; Date would read it as UTC midnight, which is the
    // previous day west of Greenwich. Read it as local midnight, as date-fns does.
    const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    if (ymd) {
      const [year, month, day] = [Number(ymd[1]), Number(ymd[2]) - 1, Number(ymd[3])];
      const local = new Date(year, month, day);
      return local.getMonth() === month && local.getDate() === day ? local : null;
    }
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
