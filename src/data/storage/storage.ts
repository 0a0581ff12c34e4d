/**
 * The documents both backends store, as the use cases (src/data/use-cases) see them: Firestore's
 * model, reduced to what the use cases need. src/data/firebase/storage.ts implements it on
 * Firestore, src/data/local/storage.ts on the Dexie database; anything that must differ between
 * the two is stated in the adapter, never decided by a use case.
 *
 * Paths are Firestore's: 'events/e1', 'teams/t1/joinRequests/r1'. Values are plain data, Dates
 * for times (a stored timestamp reads back as a Date), and the field operations below.
 */
import { DOC_ID } from './doc-id';

/** A field written by the store itself: set with `fieldOp.*`, interpreted by each adapter. */
export interface FieldOp {
  readonly [FIELD_OP]:
    | { kind: 'serverTime' }
    | { kind: 'increment'; by: number }
    | { kind: 'arrayUnion'; values: unknown[] }
    | { kind: 'arrayRemove'; values: unknown[] }
    | { kind: 'deleteField' };
}

const FIELD_OP = Symbol('storage.fieldOp');

export const fieldOp = {
  /** The store's clock at commit (Firestore: the server's time; locally the backend's clock). */
  serverTime: (): FieldOp => ({ [FIELD_OP]: { kind: 'serverTime' } }),
  /** The stored number plus `by` (a missing field counts as 0). */
  increment: (by: number): FieldOp => ({ [FIELD_OP]: { kind: 'increment', by } }),
  /** Appends each value the array does not hold yet (compared by value). */
  arrayUnion: (...values: unknown[]): FieldOp => ({ [FIELD_OP]: { kind: 'arrayUnion', values } }),
  /** Removes every element equal (by value) to one of `values`. */
  arrayRemove: (...values: unknown[]): FieldOp => ({ [FIELD_OP]: { kind: 'arrayRemove', values } }),
  /** Removes the field (an update only). */
  deleteField: (): FieldOp => ({ [FIELD_OP]: { kind: 'deleteField' } }),
};

const AUTO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new random document id, shaped like Firestore's automatic ids (20 of 62 characters). */
export function autoId(length = 20): string {
  const out: string[] = [];
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      // Rejection sampling keeps every character equally likely.
      if (b < 248 && out.length < length) out.push(AUTO_ID_ALPHABET[b % 62]!);
    }
  }
  return out.join('');
}

/** The operation a value stands for, or null for plain data (for the adapters). */
export function fieldOpOf(value: unknown): FieldOp[typeof FIELD_OP] | null {
  return value !== null && typeof value === 'object' && FIELD_OP in value
    ? (value as FieldOp)[FIELD_OP]
    : null;
}

/**
 * A map value as the use cases write it (an object literal), not a Date, an array or an SDK's own
 * class (for the adapters, which look at field operations first: those are objects too).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype
  );
}

export type DocData = Record<string, unknown>;

export interface StoredDoc {
  id: string;
  path: string;
  data: DocData;
}

/** A document of a query's answer, with the cursor that resumes the query after it. */
export interface QueriedDoc extends StoredDoc {
  /** Opaque, for `Query.after`; only the adapter that made it reads it. */
  cursor: string;
}

/** Orders or filters by the document id (Firestore's documentId()). */
export { DOC_ID };

/** An order by `field`, then by the document id the same way: a total order a cursor resumes. */
export const orderByThenId = (field: string, direction?: 'asc' | 'desc') => [
  { field, direction },
  { field: DOC_ID, direction },
];

export type Filter =
  | { field: string; op: '=='; value: unknown }
  | { field: string; op: 'in'; value: readonly unknown[] }
  | { field: string; op: 'array-contains'; value: unknown }
  | { field: string; op: '<' | '<=' | '>' | '>='; value: unknown };

/**
 * A query of one collection. As on Firestore, a range filter is on the first order field, and
 * the store must have an index that serves the query (firestore.indexes.json; the Dexie
 * schema in src/data/local/db.ts): without one the query fails with 'failed-precondition'.
 */
export interface Query {
  /** A collection path: 'events', or 'teams/t1/joinRequests'. */
  collection: string;
  where?: readonly Filter[];
  orderBy?: readonly { field: string; direction?: 'asc' | 'desc' }[];
  limit?: number;
  /** A cursor of an earlier answer to the same query: the answer continues after that document. */
  after?: string | null;
  /**
   * The fields the caller reads of each document. An adapter that can read just those reads them
   * and the order fields (the REST reader: Firestore's projection, fewer bytes on a visitor's
   * first page); the others read whole documents, which the web SDK and IndexedDB do anyway. So
   * a caller lists every field it reads, and never relies on the others being absent.
   */
  select?: readonly string[];
}

/** The writes of a transaction or a batch; each takes effect only if all of them do. */
export interface Writes {
  /** Replaces the document (creates it when missing). */
  set(path: string, data: DocData): void;
  /** Changes the given fields ('a.b' names a nested one); a missing document fails 'not-found'. */
  update(path: string, fields: DocData): void;
  /**
   * Changes the given top-level fields, creating the document when missing (Firestore's set
   * with merge): a counter kept with `fieldOp.increment` needs no read first.
   */
  merge(path: string, fields: DocData): void;
  delete(path: string): void;
}

/**
 * Reads, then writes: as on Firestore, a read after the first write is a programming error and
 * throws. The function may run more than once (Firestore retries on contention), so it has no
 * side effects of its own.
 */
export interface Transaction extends Writes {
  get(path: string): Promise<StoredDoc | null>;
}

/** Firestore's limit for the writes of one commit; both adapters refuse more. */
export const MAX_WRITES_PER_COMMIT = 500;

export interface Storage {
  /** A fresh document id, shaped like Firestore's automatic ids (20 letters and digits). */
  newId(): string;
  /** The document, or null when it does not exist. */
  get(path: string): Promise<StoredDoc | null>;
  query(query: Query): Promise<QueriedDoc[]>;
  /**
   * How many documents match, up to `limit` when given, without reading them. The order only
   * picks the index that serves the count (the list's own, so the two agree); a cursor is ignored.
   */
  count(query: Omit<Query, 'after'>): Promise<number>;
  set(path: string, data: DocData): Promise<void>;
  update(path: string, fields: DocData): Promise<void>;
  delete(path: string): Promise<void>;
  /** Runs `fn` in one transaction; resolves with its result once the writes are committed. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Commits the writes `fill` makes, atomically; at most MAX_WRITES_PER_COMMIT of them. */
  batch(fill: (writes: Writes) => void): Promise<void>;
  /** Delivers the document (null when missing) now and on every change until unsubscribed. */
  onDoc(
    path: string,
    next: (doc: StoredDoc | null) => void,
    error: (e: unknown) => void,
  ): () => void;
  /** Delivers the query's answer now and on every change until unsubscribed. */
  onQuery(
    query: Query,
    next: (docs: QueriedDoc[]) => void,
    error: (e: unknown) => void,
  ): () => void;
}

/** The error an adapter throws for a write beyond MAX_WRITES_PER_COMMIT. */
export function tooManyWrites(count: number): Error {
  return new Error(`storage: ${count} writes in one commit; the limit is ${MAX_WRITES_PER_COMMIT}`);
}

/** Splits 'a/b/c/d' into the collection path 'a/b/c' and the id 'd'. */
export function splitPath(path: string): { collection: string; id: string } {
  const at = path.lastIndexOf('/');
  const segments = path.split('/');
  if (at <= 0 || segments.length % 2 !== 0 || segments.some((s) => s === '')) {
    throw new Error(`storage: not a document path: ${path}`);
  }
  return { collection: path.slice(0, at), id: path.slice(at + 1) };
}
