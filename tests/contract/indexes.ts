import { readFileSync } from 'node:fs';

/**
 * Composite indexes (docs/testing.md "Indexes"): the emulator answers every query, production
 * refuses a query whose composite index is not deployed. Every query the Firebase contract run
 * makes is recorded (firebase.test.ts wraps the SDK's read functions), and each one that filters
 * and orders must find its index in firestore.indexes.json; the shapes seen are kept in
 * query-shapes.ts, which indexes.test.ts checks against the file on every unit run.
 */

/** What decides the index a query needs. */
export interface QueryShape {
  collection: string;
  /** Fields compared with == or in (any order), or array-contains(-any) (`contains`). */
  equal: { field: string; contains: boolean }[];
  /** The order the index must have after the equalities: explicit orderBy, then range fields. */
  order: { field: string; desc: boolean }[];
}

export interface IndexFile {
  indexes: {
    collectionGroup: string;
    queryScope: string;
    fields: { fieldPath: string; order?: string; arrayConfig?: string }[];
  }[];
}

export function readIndexFile(path = 'firestore.indexes.json'): IndexFile {
  return JSON.parse(readFileSync(path, 'utf8')) as IndexFile;
}

/** The parts of the SDK's internal query this needs (a test-only look inside, as faults.ts). */
interface InternalFilter {
  field?: { canonicalString(): string };
  op?: string;
  filters?: InternalFilter[];
}
interface InternalQuery {
  path: { lastSegment(): string };
  collectionGroup: string | null;
  filters: InternalFilter[];
  explicitOrderBy: { field: { canonicalString(): string }; dir: string }[];
}

const RANGE = new Set(['<', '<=', '>', '>=', '!=', 'not-in']);
const CONTAINS = new Set(['array-contains', 'array-contains-any']);
const DOC_ID = '__name__';

/** The shape of a Query (or CollectionReference) object of the web SDK; null for anything else. */
export function shapeOf(target: unknown): QueryShape | null {
  const q = (target as { _query?: InternalQuery })._query;
  if (!q) return null;
  const flat = (f: InternalFilter): InternalFilter[] => (f.filters ? f.filters.flatMap(flat) : [f]);
  const filters = q.filters.flatMap(flat).filter((f) => f.field && f.op);
  const equal = filters
    .filter((f) => !RANGE.has(f.op!))
    .map((f) => ({ field: f.field!.canonicalString(), contains: CONTAINS.has(f.op!) }))
    .filter((f) => f.field !== DOC_ID);
  const order = q.explicitOrderBy
    .map((o) => ({ field: o.field.canonicalString(), desc: o.dir === 'desc' }))
    .filter((o) => o.field !== DOC_ID);
  for (const f of filters.filter((f) => RANGE.has(f.op!))) {
    const field = f.field!.canonicalString();
    if (field !== DOC_ID && !order.some((o) => o.field === field))
      order.push({ field, desc: false });
  }
  return { collection: q.collectionGroup ?? q.path.lastSegment(), equal, order };
}

/**
 * Whether Firestore serves the shape from its automatic single-field indexes: one field in all,
 * or equalities only (merged).
 */
export function needsComposite(shape: QueryShape): boolean {
  return shape.order.length > 0 && shape.equal.length + shape.order.length > 1;
}

function matches(shape: QueryShape, index: IndexFile['indexes'][number]): boolean {
  if (index.collectionGroup !== shape.collection || index.queryScope !== 'COLLECTION') return false;
  const fields = index.fields.filter((f) => f.fieldPath !== DOC_ID);
  if (fields.length !== shape.equal.length + shape.order.length) return false;
  const head = fields.slice(0, shape.equal.length);
  const tail = fields.slice(shape.equal.length);
  const equalOk = shape.equal.every((e) =>
    head.some(
      (f) =>
        f.fieldPath === e.field &&
        (e.contains ? f.arrayConfig === 'CONTAINS' : f.order !== undefined),
    ),
  );
  const orderOk = shape.order.every(
    (o, i) =>
      tail[i]!.fieldPath === o.field && tail[i]!.order === (o.desc ? 'DESCENDING' : 'ASCENDING'),
  );
  return equalOk && orderOk;
}

export function describeShape(s: QueryShape): string {
  const eq = s.equal.map((e) => `${e.field}${e.contains ? ' contains' : ''}`);
  const ord = s.order.map((o) => `${o.field} ${o.desc ? 'desc' : 'asc'}`);
  return `${s.collection} [${[...eq, ...ord].join(', ')}]`;
}

/** The shapes among `shapes` that need a composite index the file does not have. */
export function missingIndexes(shapes: Iterable<QueryShape>, file: IndexFile): string[] {
  return [...shapes]
    .filter((s) => needsComposite(s) && !file.indexes.some((i) => matches(s, i)))
    .map(describeShape);
}

/** How many documents the Firebase backend's queries (getDocs) returned in this run so far. */
let documentsRead = 0;
export const queriedDocuments = (): number => documentsRead;

/** Every query shape the Firebase backend read with during this run, by description. */
export const recordedShapes = new Map<string, QueryShape>();

function record(target: unknown): void {
  const shape = shapeOf(target);
  if (shape) recordedShapes.set(describeShape(shape), shape);
}

interface FirestoreQueries {
  getDocs: (query: never) => Promise<unknown>;
  getCountFromServer: (query: never) => Promise<unknown>;
  onSnapshot: (...args: never[]) => unknown;
}

/** The Firestore module with its query reads recorded in recordedShapes. For vi.mock's factory. */
export function recordingQueries<M extends FirestoreQueries>(mod: M): M {
  return {
    ...mod,
    getDocs: async (query: never) => {
      record(query);
      const snap = await mod.getDocs(query);
      documentsRead += (snap as { size?: number }).size ?? 0;
      return snap;
    },
    getCountFromServer: (query: never) => {
      record(query);
      return mod.getCountFromServer(query);
    },
    onSnapshot: (...args: never[]) => {
      record(args[0]);
      return mod.onSnapshot(...args);
    },
  };
}
