import type { DBCore, DBCoreTable, Middleware } from 'dexie';

/**
 * A read the store cannot serve, injected below the backend under test (never through its
 * interface): Dexie middleware for the local backend, a wrapper around the Firestore SDK's read
 * functions for Firebase (see firebase.test.ts).
 */
export interface ReadFault {
  /** The collection (a Dexie table locally) whose reads fail. */
  collection: string;
  /**
   * Only the reads that filter or order by this field, i.e. the queries that need an index on
   * it; without it every read of the collection fails.
   */
  field?: string;
  /** 'failed-precondition' is Firestore's missing index, 'unavailable' a network failure. */
  code: 'failed-precondition' | 'unavailable';
}

function faultError(fault: ReadFault): Error & { code: string } {
  return Object.assign(new Error(`injected read fault: ${fault.code}`), { code: fault.code });
}

// ---------- local: Dexie middleware ----------

const usesField = (keyPath: string | string[] | null | undefined, field: string) =>
  Array.isArray(keyPath) ? keyPath.includes(field) : keyPath === field;

/**
 * Dexie middleware failing the reads that match any of `faults` (a live array the harness fills).
 * Registered outermost, so no cache answers first.
 */
export function dexieReadFaults(faults: readonly ReadFault[]): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'contract-read-faults',
    level: 100,
    create: (down) => ({
      ...down,
      table(name): DBCoreTable {
        const table = down.table(name);
        const primaryKey = table.schema.primaryKey.keyPath;
        const check = (keyPath: string | string[] | null | undefined) => {
          const fault = faults.find(
            (f) => f.collection === name && (!f.field || usesField(keyPath, f.field)),
          );
          return fault ? Promise.reject(faultError(fault)) : null;
        };
        return {
          ...table,
          get: (req) => check(primaryKey) ?? table.get(req),
          getMany: (req) => check(primaryKey) ?? table.getMany(req),
          query: (req) => check(req.query.index.keyPath) ?? table.query(req),
          openCursor: (req) => check(req.query.index.keyPath) ?? table.openCursor(req),
          count: (req) => check(req.query.index.keyPath) ?? table.count(req),
        };
      },
    }),
  };
}

/** Commits to a table that fail from now on: `remaining` of them (the harness sets it). */
export interface WriteFault {
  table: string;
  remaining: number;
}

/** Dexie middleware failing the next `fault.remaining` writes to `fault.table`. */
export function dexieWriteFaults(fault: WriteFault): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'contract-write-faults',
    level: 100,
    create: (down) => ({
      ...down,
      table(name): DBCoreTable {
        const table = down.table(name);
        return {
          ...table,
          mutate: (req) => {
            if (name !== fault.table || fault.remaining <= 0) return table.mutate(req);
            fault.remaining--;
            return Promise.reject(new Error('injected write fault'));
          },
        };
      },
    }),
  };
}

// ---------- Firebase: the SDK's read functions ----------

const firestoreFaults: ReadFault[] = [];

export function armFirestoreFault(fault: ReadFault): void {
  firestoreFaults.push(fault);
}

export function clearFirestoreFaults(): void {
  firestoreFaults.length = 0;
}

/** The parts of the SDK's internal query this needs (a test-only look inside). */
interface InternalFilter {
  field?: { canonicalString(): string };
  filters?: InternalFilter[];
}
interface InternalQuery {
  path: { lastSegment(): string };
  collectionGroup: string | null;
  filters: InternalFilter[];
  explicitOrderBy: { field: { canonicalString(): string } }[];
}

function queryFields(q: InternalQuery): string[] {
  const fromFilter = (f: InternalFilter): string[] => [
    ...(f.field ? [f.field.canonicalString()] : []),
    ...(f.filters ?? []).flatMap(fromFilter),
  ];
  return [
    ...q.filters.flatMap(fromFilter),
    ...q.explicitOrderBy.map((o) => o.field.canonicalString()),
  ];
}

function faultForQuery(target: unknown): ReadFault | undefined {
  const q = (target as { _query?: InternalQuery })._query;
  if (!q) return undefined;
  const collection = q.collectionGroup ?? q.path.lastSegment();
  const fields = queryFields(q);
  return firestoreFaults.find(
    (f) => f.collection === collection && (!f.field || fields.includes(f.field)),
  );
}

function faultForDoc(target: unknown): ReadFault | undefined {
  const collection = (target as { parent?: { id?: string } }).parent?.id;
  return firestoreFaults.find((f) => f.collection === collection && !f.field);
}

interface FirestoreReads {
  getDoc: (ref: never) => Promise<unknown>;
  getDocs: (query: never) => Promise<unknown>;
  getCountFromServer: (query: never) => Promise<unknown>;
  /** The SDK's error class (its constructor is marked private in the typings). */
  FirestoreError: unknown;
}

/**
 * The Firestore module with getDoc, getDocs and getCountFromServer failing as the armed faults say, with the SDK's
 * own error class (so the backend sees what a real failure gives it). For vi.mock's factory.
 */
export function withFirestoreReadFaults<M extends FirestoreReads>(mod: M): M {
  const FirestoreError = mod.FirestoreError as new (code: string, message: string) => Error;
  const fail = (fault: ReadFault) =>
    Promise.reject(new FirestoreError(fault.code, `injected read fault: ${fault.code}`));
  return {
    ...mod,
    getDoc: (ref: never) => {
      const fault = faultForDoc(ref);
      return fault ? fail(fault) : mod.getDoc(ref);
    },
    getDocs: (query: never) => {
      const fault = faultForQuery(query);
      return fault ? fail(fault) : mod.getDocs(query);
    },
    getCountFromServer: (query: never) => {
      const fault = faultForQuery(query);
      return fault ? fail(fault) : mod.getCountFromServer(query);
    },
  };
}
