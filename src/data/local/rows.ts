import * as z from 'zod/mini';
import { logger } from '@/lib/logger';

/** Parses one stored document with its domain schema, so defaults apply as on Firebase. */
export function parseRow<S extends z.core.$ZodType>(schema: S, row: unknown): z.output<S> {
  return z.parse(schema, row);
}

/** Parses one document of a list, or logs and returns null (see parseRows). */
export function tryParseRow<S extends z.core.$ZodType>(
  schema: S,
  row: unknown,
  context: string,
): z.output<S> | null {
  const parsed = z.safeParse(schema, row);
  if (parsed.success) return parsed.data;
  logger.warn(`${context}: unreadable document skipped`, parsed.error);
  return null;
}

/**
 * Parses a list of stored documents. A document the schema cannot read is left out and logged,
 * the way a Firestore converter failure would drop one row rather than the whole screen.
 */
export function parseRows<S extends z.core.$ZodType>(
  schema: S,
  rows: readonly unknown[],
  context: string,
): z.output<S>[] {
  const out: z.output<S>[] = [];
  for (const row of rows) {
    const parsed = tryParseRow(schema, row, context);
    if (parsed !== null) out.push(parsed);
  }
  return out;
}
