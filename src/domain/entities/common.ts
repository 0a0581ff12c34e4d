import { z } from 'zod';
import { toDateOrNull } from '@/domain/time';

// zod compiles each object schema with new Function() on its first parse, which costs more on a
// cold page than it saves on the 20–60 rows a screen parses (measured with bench:events: the
// first /events page ~460 ms with jitless against ~560–680 ms without), and a CSP without
// 'unsafe-eval' would forbid it anyway.
z.config({ jitless: true });

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
