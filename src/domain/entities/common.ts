import { z } from 'zod';
z.config({ jitless: true });
import { toDateOrNull } from '@/domain/time';

/**
 * zod 4 rejects an absent key unless the field schema is optional itself, even when its
 * transform would supply a value; every tolerant field below therefore starts optional.
 */
const anyValue = () => z.unknown().optional();

/** A time field that may be missing: any stored shape becomes a Date or null. */
export const optionalTime = anyValue().transform((v) => toDateOrNull(v));

/** A time field with a fallback used when the stored value is missing or unreadable. */
export const timeWithFallback = (fallback: () => Date) =>
  anyValue().transform((v) => toDateOrNull(v) ?? fallback());

/** A text field that tolerates null or absence. */
export const text = (fallback = '') =>
  z
    .string()
    .nullish()
    .transform((v) => v ?? fallback);

/** A number field that tolerates strings such as "1500" and falls back to 0. */
export const count = anyValue().transform((v) => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
});

export interface Page<T> {
  items: T[];
  /** Opaque cursor for the next page; null when there is none. */
  nextCursor: string | null;
}
