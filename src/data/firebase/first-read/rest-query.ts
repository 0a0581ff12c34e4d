import { DOC_ID } from '@/data/storage/doc-id';
import type { Filter, Query } from '@/data/storage/storage';
import { decodeFirestoreCursor } from '@/data/firebase/cursor';

/**
 * The storage interface's queries as Firestore's REST API takes them (StructuredQuery in JSON):
 * the REST reader's (rest-storage.ts) and the entry's early read of a list (early-request.ts),
 * which must ask exactly what the reader will ask for its answer to be taken.
 */

/** A value as the REST API writes it (google.firestore.v1.Value in JSON). */
export type RestValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number | string }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude?: number; longitude?: number } }
  | { arrayValue: { values?: RestValue[] } }
  | { mapValue: { fields?: Record<string, RestValue> } };

function formatTimestamp(seconds: number, nanos: number): string {
  const whole = new Date(seconds * 1000).toISOString().slice(0, 19);
  return `${whole}.${String(nanos).padStart(9, '0')}Z`;
}

/** A value for a filter or a cursor, typed as the SDK types it. */
export function encodeValue(value: unknown): RestValue {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    // As the SDK: a safe integer (not -0) is an integer, anything else a double.
    return Number.isSafeInteger(value) && !Object.is(value, -0)
      ? { integerValue: String(value) }
      : { doubleValue: Number.isFinite(value) ? value : String(value) };
  }
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Date) {
    const ms = value.getTime();
    const seconds = Math.floor(ms / 1000);
    return { timestampValue: formatTimestamp(seconds, (ms - seconds * 1000) * 1e6) };
  }
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encodeValue) } };
  if (typeof value === 'object') {
    return {
      mapValue: {
        fields: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeValue(v)])),
      },
    };
  }
  throw new Error(`Firestore REST: cannot encode ${typeof value}`);
}

/** A field path as the API takes it: segments that are not plain names in backquotes. */
function fieldPath(field: string): string {
  if (field === DOC_ID) return DOC_ID;
  return field
    .split('.')
    .map((s) => (/^[A-Za-z_][A-Za-z_0-9]*$/.test(s) ? s : `\`${s.replace(/[\\`]/g, '\\$&')}\``))
    .join('.');
}

const OPERATORS: Record<Filter['op'], string> = {
  '==': 'EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  in: 'IN',
  'array-contains': 'ARRAY_CONTAINS',
};

/** The storage interface's query as the API's StructuredQuery of `collectionName`. */
export function toStructuredQuery(q: Query, collectionName: string) {
  // A document id is compared as a reference to the document, as the SDK's documentId() does.
  const valueFor = (field: string, value: unknown): RestValue =>
    field === DOC_ID && typeof value === 'string'
      ? { referenceValue: `${collectionName}/${value}` }
      : encodeValue(value);
  const filters = (q.where ?? []).map((f) => ({
    fieldFilter: {
      field: { fieldPath: fieldPath(f.field) },
      op: OPERATORS[f.op],
      value:
        f.op === 'in'
          ? { arrayValue: { values: f.value.map((v) => valueFor(f.field, v)) } }
          : valueFor(f.field, f.value),
    },
  }));
  const order = q.orderBy ?? [];
  const after = decodeFirestoreCursor(q.after, order.length);
  // The order fields too: a cursor is made of their values.
  const selected =
    q.select &&
    new Set([...q.select, ...order.map((o) => o.field).filter((field) => field !== DOC_ID)]);
  return {
    ...(selected
      ? { select: { fields: [...selected].map((f) => ({ fieldPath: fieldPath(f) })) } }
      : {}),
    from: [{ collectionId: collectionName.slice(collectionName.lastIndexOf('/') + 1) }],
    ...(filters.length
      ? { where: filters.length === 1 ? filters[0] : { compositeFilter: { op: 'AND', filters } } }
      : {}),
    ...(order.length
      ? {
          orderBy: order.map((o) => ({
            field: { fieldPath: fieldPath(o.field) },
            direction: o.direction === 'desc' ? 'DESCENDING' : 'ASCENDING',
          })),
        }
      : {}),
    ...(after
      ? {
          startAt: {
            values: after.map((v, i) =>
              isTimestampPart(v)
                ? { timestampValue: formatTimestamp(...v.ts) }
                : valueFor(order[i]!.field, v),
            ),
            before: false,
          },
        }
      : {}),
    ...(q.limit !== undefined ? { limit: q.limit } : {}),
  };
}

function isTimestampPart(value: unknown): value is { ts: [number, number] } {
  return (
    value !== null &&
    typeof value === 'object' &&
    'ts' in value &&
    Array.isArray((value as { ts: unknown }).ts)
  );
}
