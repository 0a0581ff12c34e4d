import { z } from 'zod';
import { toDateOrNull } from '@/domain/time';

/** A time field that may be missing: any stored shape becomes a Date or null. */
export const optionalTime = z.unknown().transform((v) => toDateOrNull(v));

/** A time field with a fallback used when the stored value is missing or unreadable. */
export const timeWithFallback = (fallback: () => Date) =>
  z.unknown().transform((v) => toDateOrNull(v) ?? fallback());

/** A text field that tolerates null or absence. */
export const text = (fallback = '') =>
  z
    .string()
    .nullish()
    .transform((v) => v ?? fallback);

/** A number field that tolerates strings such as "1500" and falls back to 0. */
export const count = z.unknown().transform((v) => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
});

export interface Page<T> {
  items: T[];
  /** Opaque cursor for the next page; null when there is none. */
  nextCursor: string | null;
}
