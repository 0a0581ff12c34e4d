import {
  arrayRemove,
  arrayUnion,
  collection,
  doc,
  documentId,
  getCountFromServer,
  getDoc,
  getDocs,
  increment,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  startAfter,
  Timestamp,
  updateDoc,
  deleteDoc,
  where,
  writeBatch,
  type DocumentData,
  type DocumentSnapshot,
  type FieldPath,
  type Firestore,
  type QueryConstraint,
  type QueryDocumentSnapshot,
  type Transaction as FirestoreTransaction,
} from 'firebase/firestore';
import {
  DOC_ID,
  fieldOpOf,
  MAX_WRITES_PER_COMMIT,
  tooManyWrites,
  type DocData,
  type QueriedDoc,
  type Query,
  type Storage,
  type StoredDoc,
  type Writes,
} from '@/data/storage/storage';

/**
 * The storage interface on Firestore. What is Firestore's own here:
 * - Pending server timestamps (a write of this client not yet acknowledged) read as the local
 *   estimate, so a document just written sorts as "now" and not as missing.
 * - A cursor holds the exact order values of its document (timestamps to the microsecond, which
 *   a Date would round), so a page never repeats the last document of the one before.
 * - A commit holds at most MAX_WRITES_PER_COMMIT writes: a batch with more is refused, not split,
 *   since split batches would not be atomic.
 * - Listeners deliver from the local cache first, then from the server (onSnapshot).
 */
export function firestoreStorage(db: Firestore): Storage {
  const ref = (path: string) => doc(db, path);

  const toQuery = (q: Query) => {
    const constraints: QueryConstraint[] = (q.where ?? []).map((f) =>
      where(fieldOf(f.field), f.op, f.value),
    );
    const order = q.orderBy ?? [];
    for (const o of order) constraints.push(orderBy(fieldOf(o.field), o.direction ?? 'asc'));
    const after = decodeCursor(q.after, order.length);
    if (after) constraints.push(startAfter(...after));
    if (q.limit !== undefined) constraints.push(limit(q.limit));
    return query(collection(db, q.collection), ...constraints);
  };

  const queried = (q: Query, docs: QueryDocumentSnapshot[]): QueriedDoc[] =>
    docs.map((d) => ({
      ...stored(d),
      cursor: encodeCursor(
        (q.orderBy ?? []).map((o) => (o.field === DOC_ID ? d.id : d.get(o.field, READ))),
      ),
    }));

  const writer = (w: {
    set: (r: ReturnType<typeof ref>, data: DocumentData) => unknown;
    update: (r: ReturnType<typeof ref>, data: DocumentData) => unknown;
    delete: (r: ReturnType<typeof ref>) => unknown;
  }): Writes => ({
    set: (path, data) => void w.set(ref(path), toFirestore(data)),
    update: (path, fields) => void w.update(ref(path), toFirestore(fields)),
    delete: (path) => void w.delete(ref(path)),
  });

  return {
    async get(path) {
      const snap = await getDoc(ref(path));
      return snap.exists() ? stored(snap) : null;
    },
    async query(q) {
      return queried(q, (await getDocs(toQuery(q))).docs);
    },
    async count(q) {
      return (await getCountFromServer(toQuery(q))).data().count;
    },
    set: (path, data) => setDoc(ref(path), toFirestore(data)),
    update: (path, fields) => updateDoc(ref(path), toFirestore(fields)),
    delete: (path) => deleteDoc(ref(path)),
    transaction(fn) {
      return runTransaction(db, (tx) =>
        fn({
          async get(path) {
            const snap = await tx.get(ref(path));
            return snap.exists() ? stored(snap) : null;
          },
          ...writer(tx),
        }),
      );
    },
    async batch(fill) {
      const batch = writeBatch(db);
      let count = 0;
      const counted = writer(batch);
      fill({
        set: (path, data) => (count++, counted.set(path, data)),
        update: (path, fields) => (count++, counted.update(path, fields)),
        delete: (path) => (count++, counted.delete(path)),
      });
      if (count > MAX_WRITES_PER_COMMIT) throw tooManyWrites(count);
      await batch.commit();
    },
    onDoc(path, next, error) {
      return onSnapshot(ref(path), (snap) => next(snap.exists() ? stored(snap) : null), error);
    },
    onQuery(q, next, error) {
      return onSnapshot(toQuery(q), (snap) => next(queried(q, snap.docs)), error);
    },
  };
}

/**
 * The writes of a Firestore transaction that a port still runs itself, as the storage
 * interface's, so a use case can add its writes to it (the event edit's capacity promotions).
 */
export function firestoreWrites(db: Firestore, tx: FirestoreTransaction): Writes {
  const ref = (path: string) => doc(db, path);
  return {
    set: (path, data) => void tx.set(ref(path), toFirestore(data)),
    update: (path, fields) => void tx.update(ref(path), toFirestore(fields)),
    delete: (path) => void tx.delete(ref(path)),
  };
}

const READ = { serverTimestamps: 'estimate' } as const;

function fieldOf(field: string): string | FieldPath {
  return field === DOC_ID ? documentId() : field;
}

function stored(snap: DocumentSnapshot): StoredDoc {
  return {
    id: snap.id,
    path: snap.ref.path,
    data: fromFirestore(snap.data(READ) ?? {}) as DocData,
  };
}

/** Stored values as the interface gives them: Timestamps become Dates, everything else as is. */
function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromFirestore(v)]));
  }
  return value;
}

/** The interface's field operations as the SDK's sentinels; Dates are written as Timestamps. */
function toFirestore(data: DocData): DocumentData {
  const convert = (value: unknown): unknown => {
    const op = fieldOpOf(value);
    if (op) {
      switch (op.kind) {
        case 'serverTime':
          return serverTimestamp();
        case 'increment':
          return increment(op.by);
        case 'arrayUnion':
          return arrayUnion(...op.values);
        case 'arrayRemove':
          return arrayRemove(...op.values);
      }
    }
    if (Array.isArray(value)) return value.map(convert);
    if (isPlainObject(value)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
    }
    return value;
  };
  return convert(data) as DocumentData;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype
  );
}

/** A timestamp keeps its nanoseconds in a cursor: { ts: [seconds, nanoseconds] }. */
function encodeCursor(values: unknown[]): string {
  const parts = values.map((v) =>
    v instanceof Timestamp
      ? { ts: [v.seconds, v.nanoseconds] }
      : v instanceof Date
        ? { d: v.getTime() }
        : v,
  );
  return btoa(encodeURIComponent(JSON.stringify(parts)));
}

/** The order values of a cursor, or null for one this adapter did not make (start over). */
function decodeCursor(cursor: string | null | undefined, length: number): unknown[] | null {
  if (!cursor || length === 0) return null;
  try {
    const parts: unknown = JSON.parse(decodeURIComponent(atob(cursor)));
    if (!Array.isArray(parts) || parts.length !== length) return null;
    return parts.map((p: unknown) => {
      if (p && typeof p === 'object' && 'ts' in p) {
        const [s, ns] = (p as { ts: [number, number] }).ts;
        return new Timestamp(s, ns);
      }
      if (p && typeof p === 'object' && 'd' in p) return new Date((p as { d: number }).d);
      return p;
    });
  } catch {
    return null;
  }
}
