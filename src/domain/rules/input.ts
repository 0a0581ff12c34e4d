import * as z from 'zod/mini';
import { DomainError, type ErrorKey } from '@/domain/errors';

/**
 * Input the form would have refused (a client that skipped it) is refused as a whole, with the
 * form's own checks: both backends parse what they are given before they store it.
 */
export function parseInput<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  refusal: ErrorKey,
): z.output<S> {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw new DomainError(refusal);
  return parsed.data;
}

/** The fields of a parsed patch that it names (an edit changes only those). */
export function namedFields<T extends object>(fields: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  return changes;
}
