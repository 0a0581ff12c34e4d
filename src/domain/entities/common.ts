import * as z from 'zod/mini';
import { toDateOrNull } from '@/domain/time';

// zod can compile an object schema with new Function() on its first parse, which costs more on a
// cold page than it saves on the 20–60 rows a screen parses (measured with bench:events: the
// first /events page ~460 ms with jitless against ~560–680 ms without), and a CSP without
// 'unsafe-eval' would forbid it anyway. Only classic zod's objects compile, zod/mini's do not; the
// switch stays so that no schema added later brings the compiled path back.
z.config({ jitless: true });

/*
 * Every entity's schema is built on its first parse (z.lazy), not when its module loads: every
 * page's start loads all the entity modules, and building every schema there was the largest
 * part of their evaluation (importing them in Node took 16–32 ms built at once against 8–15 ms
 * lazy; the event's schema, built when the first event is read, 4–8 ms). The account forms'
 * schemas (src/domain/auth-forms.ts, in the same chunk) are built the same way. common.test.ts
 * holds every exported schema of both to it.
 */

/**
 * zod 4 rejects an absent key unless the field schema is optional itself, even when its
 * transform would supply a value; every tolerant field below therefore starts optional.
 */
const anyValue = () => z.optional(z.unknown());

/** A time field that may be missing: any stored shape becomes a Date or null. */
export const optionalTime = z.pipe(
  anyValue(),
  z.transform((v) => toDateOrNull(v)),
);

/** A time field with a fallback used when the stored value is missing or unreadable. */
export const timeWithFallback = (fallback: () => Date) =>
  z.pipe(
    anyValue(),
    z.transform((v) => toDateOrNull(v) ?? fallback()),
  );

/** A text field that tolerates null or absence. */
export const text = (fallback = '') =>
  z.pipe(
    z.nullish(z.string()),
    z.transform((v) => v ?? fallback),
  );

/** A number field that tolerates strings such as "1500" and falls back to 0. */
export const count = z.pipe(
  anyValue(),
  z.transform((v) => {
    const n = typeof v === 'string' ? Number(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? n : 0;
  }),
);

export interface Page<T> {
  items: T[];
  /** Opaque cursor for the next page; null when there is none. */
  nextCursor: string | null;
}
