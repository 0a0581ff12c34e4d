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
  deleteField,
  where,
  writeBatch,
  type DocumentData,
  type DocumentSnapshot,
  type FieldPath,
  type Firestore,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import {
  DOC_ID,
  fieldOpOf,
  isPlainObject,
  MAX_WRITES_PER_COMMIT,
  tooManyWrites,
  type DocData,
  type QueriedDoc,
  type Query,
  type Storage,
  type StoredDoc,
  type Writes,
} from '@/data/storage/storage';
import { encodeCursor } from '@/data/storage/cursor';
import { decodeFirestoreCursor } from './cursor';

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
    const after = decodeFirestoreCursor(q.after, order.length, (s, ns) => new Timestamp(s, ns));
    if (after) constraints.push(startAfter(...after));
    if (q.limit !== undefined) constraints.push(limit(q.limit));
    return query(collection(db, q.collection), ...constraints);
  };

  const queried = (q: Query, docs: QueryDocumentSnapshot[]): QueriedDoc[] =>
    docs.map((d) => ({
      ...stored(d),
      cursor: encodeCursor(
        (q.orderBy ?? []).map((o) => (o.field === DOC_ID ? d.id : d.get(o.field, READ))),
        (v) => (v instanceof Timestamp ? { ts: [v.seconds, v.nanoseconds] } : v),
      ),
    }));

  const writer = (w: {
    set: (r: ReturnType<typeof ref>, data: DocumentData, options?: { merge: true }) => unknown;
    update: (r: ReturnType<typeof ref>, data: DocumentData) => unknown;
    delete: (r: ReturnType<typeof ref>) => unknown;
  }): Writes => ({
    set: (path, data) => void w.set(ref(path), toFirestore(data)),
    update: (path, fields) => void w.update(ref(path), toFirestore(fields)),
    merge: (path, fields) => void w.set(ref(path), toFirestore(fields), { merge: true }),
    delete: (path) => void w.delete(ref(path)),
  });

  return {
    newId: () => doc(collection(db, 'ids')).id,
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
        merge: (path, fields) => (count++, counted.merge(path, fields)),
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
        case 'deleteField':
          return deleteField();
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
