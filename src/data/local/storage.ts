import Dexie, { cmp, type Collection, type IndexSpec, type Table, type WhereClause } from 'dexie';
import { BackendError } from '@/domain/errors';
import {
  autoId,
  DOC_ID,
  fieldOpOf,
  isPlainObject,
  MAX_WRITES_PER_COMMIT,
  splitPath,
  tooManyWrites,
  type DocData,
  type Filter,
  type QueriedDoc,
  type Query,
  type Storage,
  type StoredDoc,
  type Transaction,
  type Writes,
} from '@/data/storage/storage';
import { decodeCursor, encodeCursor } from '@/data/storage/cursor';
import type { LocalDb } from './db';
import { subscribeLive } from './live-query';

/**
 * Where a collection's documents live in the Dexie database (src/data/local/db.ts): a top-level
 * collection in the table of its name; a collection below a document in one table for all
 * parents, with the parent's id in a field (so a query of one parent's documents filters by it).
 */
interface Place {
  table: string;
  /** The field that holds the parent document's id. */
  parentField?: string;
  /** The table's key of a document (default: its id). */
  key?: (parentId: string, id: string) => string;
}

const TOP_LEVEL = new Set([
  'config',
  'stats',
  'customUserIds',
  'users',
  'events',
  'participationRequests',
  'notifications',
  'conversations',
  'teams',
  'reports',
  'auditLog',
  'reminders',
  'attendanceStats',
  'follows',
  'followerCounts',
  'series',
  'attendanceRuns',
  'eventBoards',
  'teamBoards',
  'boardReads',
]);

const BELOW: Record<string, Place> = {
  'teams/joinRequests': { table: 'teamJoinRequests', parentField: 'teamId' },
  'conversations/messages': { table: 'messages', parentField: 'conversationId' },
  'users/private': { table: 'privateDocs', key: (uid, name) => `${uid}/${name}` },
  'events/attendance': {
    table: 'attendance',
    parentField: 'eventId',
    key: (eventId, uid) => `${eventId}/${uid}`,
  },
  'events/checkInTokens': {
    table: 'checkInTokens',
    parentField: 'eventId',
    key: (eventId, uid) => `${eventId}/${uid}`,
  },
  'events/checkIns': {
    table: 'checkIns',
    parentField: 'eventId',
    key: (eventId, uid) => `${eventId}/${uid}`,
  },
  'events/fees': {
    table: 'fees',
    parentField: 'eventId',
    key: (eventId, uid) => `${eventId}/${uid}`,
  },
  'series/regulars': {
    table: 'seriesRegulars',
    parentField: 'seriesId',
    key: (seriesId, uid) => `${seriesId}/${uid}`,
  },
  // Board and team chat posts (docs/board.md), one table per kind of board.
  'eventBoards/posts': { table: 'eventBoardPosts', parentField: 'eventId' },
  'teamBoards/posts': { table: 'teamBoardPosts', parentField: 'teamId' },
  // The one document below a person's counts (its lastChange pointer) beside the counts.
  'attendanceStats/private': { table: 'attendanceStats', key: (uid, name) => `${uid}/${name}` },
};

/**
 * Row fields the tables keep for their indexes, which are not part of the document (an event's
 * searchTokens are kept by a table hook in db.ts; Firestore's event holds the same list).
 */
const DERIVED = new Set(['id', 'p0', 'p1', 'memberships', 'searchTokens', 'searchOrder']);

/**
 * Multi-entry indexes of [value, ...order fields, id] entries for an array field, kept by the
 * table hooks in db.ts: an `array-contains` query on the field, ordered by those fields and by
 * nothing else, walks one from the cursor and reads no more than it returns.
 */
const CONTAINS_INDEXES: Record<string, { field: string; order: string[]; index: string }[]> = {
  teams: [{ field: 'members', order: ['createdAt'], index: 'memberships' }],
  events: [{ field: 'searchTokens', order: ['date', 'startTime'], index: 'searchOrder' }],
};

/**
 * Array fields of a fixed length whose elements a table also keeps in fields of their own
 * (db.ts), so that `array-contains` with an order walks one compound index per element
 * ([p0+lastMessageTime], [p1+…]) instead of reading every document holding the value.
 */
const ARRAY_SLOTS: Record<string, Record<string, readonly string[]>> = {
  conversations: { participants: ['p0', 'p1'] },
};

/** Whether IndexedDB can hold the value in an index key (booleans and null it cannot). */
function isKeyValue(v: unknown): boolean {
  return (
    typeof v === 'string' ||
    (typeof v === 'number' && !Number.isNaN(v)) ||
    (v instanceof Date && !Number.isNaN(v.getTime())) ||
    (Array.isArray(v) && v.every(isKeyValue))
  );
}

function placeOf(collectionPath: string): Place & { parentId: string } {
  const s = collectionPath.split('/');
  if (s.length === 1 && TOP_LEVEL.has(s[0]!)) return { table: s[0]!, parentId: '' };
  const place = s.length === 3 ? BELOW[`${s[0]}/${s[2]}`] : undefined;
  if (!place) throw new Error(`storage: no local table for ${collectionPath}`);
  return { ...place, parentId: s[1]! };
}

function locate(path: string) {
  const { collection, id } = splitPath(path);
  const place = placeOf(collection);
  return { ...place, id, key: place.key ? place.key(place.parentId, id) : id, collection };
}

/** The table, key and row that hold a document (the demo data is written this way too). */
export function rowOf(path: string, data: DocData) {
  const at = locate(path);
  const row: Record<string, unknown> = { ...data, id: at.key };
  if (at.parentField) row[at.parentField] = at.parentId;
  return { table: at.table, key: at.key, row };
}

/** A query the database has no index for fails as Firestore's does without its composite index. */
function missingIndex(q: Query): Error {
  return Object.assign(new Error(`storage: no local index serves ${JSON.stringify(q)}`), {
    code: 'failed-precondition',
  });
}

/**
 * The storage interface on the Dexie database. What is local here:
 * - A transaction (and a batch) is one IndexedDB read-write transaction over every table that
 *   holds documents: IndexedDB fixes a transaction's tables when it starts, and a use case does
 *   not list them. Local writes therefore run one at a time; one user per tab makes that cheap.
 *   Writes are applied when the function returns, in order, as Firestore applies them at commit,
 *   and a read after a write throws (Firestore refuses it too).
 * - The server's time is the backend's clock (`now`), moved on by a millisecond when a commit
 *   would otherwise get the time of the one before: Firestore's commit times of successive writes
 *   differ, and two messages sent within one millisecond keep their order.
 * - A query walks one index of db.ts whose key is the equality fields (in any order) followed by
 *   the order fields, so it reads no more than it returns; an 'in' filter walks it once per
 *   value and merges. A query no index serves fails with 'failed-precondition', as Firestore's
 *   does without its composite index. `array-contains` walks the field's multi-entry index and
 *   applies the other filters and the order in memory (IndexedDB cannot combine a multi-entry
 *   index with others): it reads every document holding the value, unless the table keeps the
 *   array's elements in fields of their own (ARRAY_SLOTS), when it walks one index per element.
 * - An equality with a value IndexedDB cannot put in a key (a boolean, null), or on a field the
 *   chosen index does not hold, is checked on each row the walk of the other filters passes,
 *   before the limit: such a query reads the rows matching its other filters up to the limit of
 *   those that match all. (Firestore serves these with a composite index of all the fields; here
 *   the index holding the most of them leads.)
 *   Where a table keeps [value, order fields, id] entries for the field (CONTAINS_INDEXES),
 *   those are walked in order from the cursor, bounded by a range on the first order field,
 *   with the other equalities checked on the rows read (an event keyword page).
 * - Listeners rerun their read when a table it read changes, in this tab or another (liveQuery).
 */
export function dexieStorage(db: LocalDb, now: () => Date): Storage {
  const table = (name: string): Table<Record<string, unknown>, string> => db.table(name);
  let lastCommit = 0;
  const commitTime = () => {
    lastCommit = Math.max(now().getTime(), lastCommit + 1);
    return new Date(lastCommit);
  };
  const tables = () => [...TOP_LEVEL, ...Object.values(BELOW).map((p) => p.table)].map(table);

  const get = async (path: string): Promise<StoredDoc | null> => {
    const at = locate(path);
    const row = await table(at.table).get(at.key);
    if (!row || (at.parentField && row[at.parentField] !== at.parentId)) return null;
    return { id: at.id, path, data: documentOf(row, at.parentField) };
  };

  const apply = async (write: Write, serverTime: Date): Promise<void> => {
    const at = locate(write.path);
    const t = table(at.table);
    if (write.kind === 'delete') return t.delete(at.key);
    const existing = await t.get(at.key);
    if (write.kind === 'update' && !existing) throw new BackendError('not-found');
    const base = write.kind === 'set' || !existing ? {} : documentOf(existing, at.parentField);
    await t.put(
      rowOf(write.path, resolve(base, write.data, serverTime, write.kind === 'update')).row,
    );
  };

  /** Runs `fill` and then its writes, in one read-write transaction. */
  const commit = async <T>(fill: (writes: Writes, reading: () => boolean) => Promise<T>) =>
    db.transaction('rw', tables(), async () => {
      const queued: Write[] = [];
      const writes: Writes = {
        set: (path, data) => void queued.push({ kind: 'set', path, data }),
        update: (path, data) => void queued.push({ kind: 'update', path, data }),
        merge: (path, data) => void queued.push({ kind: 'merge', path, data }),
        delete: (path) => void queued.push({ kind: 'delete', path, data: {} }),
      };
      const result = await fill(writes, () => queued.length === 0);
      if (queued.length > MAX_WRITES_PER_COMMIT) throw tooManyWrites(queued.length);
      const time = queued.length > 0 ? commitTime() : null;
      for (const w of queued) await apply(w, time!);
      return result;
    });

  const storage: Storage = {
    newId: () => autoId(),
    get,
    query: (q) => runQuery(table, q),
    count: async (q) => {
      const plan = planQuery(table, q);
      if (plan.inMemory) return (await runQuery(table, q)).length;
      const limit = q.limit ?? Infinity;
      let n = 0;
      for (const walk of plan.walks) {
        n += plan.keep
          ? (await readKept(plan, walk, null, plan.keep, limit)).length
          : await (Number.isFinite(limit) ? walk(null).limit(limit) : walk(null)).count();
      }
      return Math.min(n, limit);
    },
    set: (path, data) => commit(async (w) => w.set(path, data)),
    update: (path, fields) => commit(async (w) => w.update(path, fields)),
    delete: (path) => commit(async (w) => w.delete(path)),
    transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      return commit((writes, reading) =>
        fn({
          ...writes,
          get: (path) => {
            if (!reading()) throw new Error('storage: a transaction reads before it writes');
            return get(path);
          },
        }),
      );
    },
    batch: (fill) => commit(async (w) => fill(w)),
    onDoc: (path, next, error) => subscribeLive(() => get(path), next, error),
    onQuery: (q, next, error) => subscribeLive(() => runQuery(table, q), next, error),
  };
  return storage;
}

interface Write {
  kind: 'set' | 'update' | 'merge' | 'delete';
  path: string;
  data: DocData;
}

function documentOf(row: Record<string, unknown>, parentField?: string): DocData {
  const out: DocData = {};
  for (const [k, v] of Object.entries(row)) if (!DERIVED.has(k) && k !== parentField) out[k] = v;
  return out;
}

/**
 * The document after a write: `fields` laid over `base` ('a.b' names a nested field on update),
 * with the field operations worked out against what was there.
 */
function resolve(base: DocData, fields: DocData, now: Date, dotted: boolean): DocData {
  const out = Dexie.deepClone(base);
  for (const [key, value] of Object.entries(fields)) {
    if (fieldOpOf(value)?.kind === 'deleteField') {
      if (dotted) Dexie.delByKeyPath(out, key);
      else delete out[key];
    } else if (dotted) {
      Dexie.setByKeyPath(out, key, resolveValue(value, Dexie.getByKeyPath(out, key), now));
    } else {
      out[key] = resolveValue(value, out[key], now);
    }
  }
  return out;
}

function resolveValue(value: unknown, before: unknown, now: Date): unknown {
  const op = fieldOpOf(value);
  if (!op) {
    if (isPlainObject(value)) {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, resolveValue(v, undefined, now)]),
      );
    }
    return value;
  }
  const list = Array.isArray(before) ? before : [];
  switch (op.kind) {
    case 'serverTime':
      return now;
    case 'increment':
      return (typeof before === 'number' ? before : 0) + op.by;
    case 'arrayUnion':
      return op.values.reduce<unknown[]>(
        (acc, v) => (acc.some((x) => sameValue(x, v)) ? acc : [...acc, v]),
        [...list],
      );
    case 'arrayRemove':
      return list.filter((x) => !op.values.some((v) => sameValue(x, v)));
    case 'deleteField':
      return undefined;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

/** Firestore's order of values of different types: null, booleans, numbers, times, strings, … */
function rank(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'boolean') return 1;
  if (typeof v === 'number') return 2;
  if (v instanceof Date) return 3;
  if (typeof v === 'string') return 4;
  if (Array.isArray(v)) return 5;
  return 6;
}

function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' || typeof a === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string') return a < (b as string) ? -1 : a > (b as string) ? 1 : 0;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  if (ra === 6) return JSON.stringify(a) === JSON.stringify(b) ? 0 : 1;
  return 0;
}

function matches(row: Record<string, unknown>, f: Filter): boolean {
  const v: unknown = Dexie.getByKeyPath(row, f.field === DOC_ID ? 'id' : f.field);
  switch (f.op) {
    case '==':
      return sameValue(v, f.value);
    case 'in':
      return f.value.some((x) => sameValue(v, x));
    case 'array-contains':
      return Array.isArray(v) && v.some((x) => sameValue(x, f.value));
    case '<':
      return rank(v) === rank(f.value) && compareValues(v, f.value) < 0;
    case '<=':
      return rank(v) === rank(f.value) && compareValues(v, f.value) <= 0;
    case '>':
      return rank(v) === rank(f.value) && compareValues(v, f.value) > 0;
    case '>=':
      return rank(v) === rank(f.value) && compareValues(v, f.value) >= 0;
  }
}

type TableOf = (name: string) => Table<Record<string, unknown>, string>;

/**
 * A part of a Dexie index key ([createdAt, id], [displayName, id], …); a page cursor holds the
 * key of the last item shown, and one with any other part is not this adapter's.
 */
type KeyPart = Date | string | number;

const keyPart = (p: unknown) => (typeof p === 'string' || typeof p === 'number' ? p : undefined);

interface Plan {
  /** One Dexie walk per combination of 'in' values, resuming after `from` when given. */
  walks: ((from: ResumeAt | null) => Collection<Record<string, unknown>, string>)[];
  /** The key of a row after the equality part: what orders it within a walk. */
  tail: (row: Record<string, unknown>) => KeyPart[];
  tailLength: number;
  desc: boolean;
  /** Rows are filtered and ordered in memory (array-contains). */
  inMemory?: { filters: Filter[] };
  /**
   * The equalities the index does not hold, when its key is unique (ends with the id): checked
   * on rows read in batches (readKept), not on a cursor row by row. Otherwise the walks check them.
   */
  keep?: (row: Record<string, unknown>) => boolean;
  parent?: { field: string; id: string };
}

interface ResumeAt {
  tail: KeyPart[];
  id: string;
}

/**
 * Below and above every key a document field holds (numbers, Dates, strings): the ends of a
 * compound index range. Dexie.minKey and maxKey depend on what the IndexedDB at load time had.
 */
const MIN_KEY = -Infinity as KeyPart;
/** A new array each time: IndexedDB refuses a key holding the same array twice (a cycle to it). */
const maxKey = () => [[]] as unknown as KeyPart;

const fieldName = (f: string) => (f === DOC_ID ? 'id' : f);

function keyPathOf(index: IndexSpec): string[] {
  const kp = index.keyPath;
  return Array.isArray(kp) ? kp : kp ? [kp] : [];
}

function planQuery(tableOf: TableOf, q: Query): Plan {
  const place = placeOf(q.collection);
  const t = tableOf(place.table);
  const parent = place.parentField ? { field: place.parentField, id: place.parentId } : undefined;
  const filters: Filter[] = [
    ...(parent ? [{ field: parent.field, op: '==' as const, value: parent.id }] : []),
    ...(q.where ?? []),
  ];
  const order = (q.orderBy ?? []).map((o) => ({
    field: fieldName(o.field),
    desc: o.direction === 'desc',
  }));
  if (new Set(order.map((o) => o.desc)).size > 1) throw missingIndex(q);
  const desc = order[0]?.desc ?? false;

  const contains = filters.filter((f) => f.op === 'array-contains');
  const slots = contains.length === 1 ? ARRAY_SLOTS[place.table]?.[contains[0]!.field] : undefined;
  if (slots) {
    // The document holds the value at one of the array's positions: one walk per position.
    const byPosition = slots.map((field) =>
      planQuery(tableOf, {
        ...q,
        where: (q.where ?? []).map((f) =>
          f === contains[0] ? { field, op: '==' as const, value: f.value } : f,
        ),
      }),
    );
    return { ...byPosition[0]!, walks: byPosition.flatMap((p) => p.walks) };
  }
  const ordered = contains.length === 1 && containsIndex(place.table, contains[0]!.field, order);
  if (ordered) {
    // Entries [value, ...order fields, id]: the value is the walk's equality part, a range is on
    // the first order field (as the order requires), other equalities are checked on the rows.
    const rest = filters.filter((f) => f !== contains[0]);
    const ranges = rest.filter((f) => f.op !== '==' && f.op !== 'in');
    if (ranges.some((r) => fieldName(r.field) !== ordered.order[0])) throw missingIndex(q);
    return indexWalks({
      where: () => t.where(ordered.index),
      combos: [[contains[0]!.value as KeyPart]],
      tailKp: [...ordered.order, 'id'],
      ranges,
      onRows: rest.filter((f) => f.op === '==' || f.op === 'in'),
      compound: true,
      desc,
      parent,
    });
  }
  if (contains.length > 0) {
    const [c] = contains;
    const index = t.schema.indexes.find((i) => i.multi && i.keyPath === c!.field);
    if (!index || contains.length > 1) throw missingIndex(q);
    return {
      walks: [() => t.where(index.name).equals(c!.value as KeyPart)],
      tail: (row) => order.map((o) => Dexie.getByKeyPath(row, o.field) as KeyPart),
      tailLength: order.length,
      desc,
      inMemory: { filters: filters.filter((f) => f !== c) },
    };
  }

  // IndexedDB keys hold no booleans or null: such an equality is checked on each row.
  const keyable = filters.filter((f) => (f.op === '==' && isKeyValue(f.value)) || f.op === 'in');
  const ranges = filters.filter((f) => f.op !== '==' && f.op !== 'in');
  const eqFields = new Set(keyable.map((f) => fieldName(f.field)));
  if (eqFields.size !== keyable.length) throw missingIndex(q);
  const rangeField = ranges[0] ? fieldName(ranges[0].field) : undefined;
  if (ranges.some((r) => fieldName(r.field) !== rangeField)) throw missingIndex(q);
  if (rangeField && order.length > 0 && order[0]!.field !== rangeField) throw missingIndex(q);
  const orderFields = order.length > 0 ? order.map((o) => o.field) : rangeField ? [rangeField] : [];

  // The index whose key starts with equality fields and goes on with the order fields: of
  // several, the one holding the most equality fields, then the shortest. The equalities it does
  // not hold are checked on each row its walk passes.
  const candidates = [t.schema.primKey, ...t.schema.indexes]
    .filter((i) => !i.multi)
    .map((index) => {
      const kp = keyPathOf(index);
      let held = 0;
      while (held < kp.length && eqFields.has(kp[held]!)) held++;
      return { index, kp, held };
    })
    .filter(
      ({ kp, held }) =>
        kp.length >= held + orderFields.length &&
        kp.slice(held, held + orderFields.length).every((f, i) => f === orderFields[i]),
    )
    .sort((a, b) => b.held - a.held || a.kp.length - b.kp.length);
  const chosen = candidates[0];
  if (!chosen) throw missingIndex(q);
  const { index, kp } = chosen;
  const eqKp = kp.slice(0, chosen.held);
  const tailKp = kp.slice(chosen.held);
  const equal = keyable.filter((f) => eqKp.includes(fieldName(f.field)));
  const onRows = filters.filter((f) => (f.op === '==' || f.op === 'in') && !equal.includes(f));
  const combos = eqKp.reduce<KeyPart[][]>(
    (acc, field) => {
      const f = equal.find((e) => fieldName(e.field) === field)!;
      const values = (f.op === 'in' ? f.value : [f.value]) as KeyPart[];
      return acc.flatMap((prefix) => values.map((v) => [...prefix, v]));
    },
    [[]],
  );
  return indexWalks({
    where: () =>
      t.where(
        kp.length > 1 ? `[${kp.join('+')}]` : index === t.schema.primKey ? ':id' : index.name,
      ),
    combos,
    tailKp,
    ranges,
    onRows,
    compound: kp.length > 1,
    desc,
    parent,
  });
}

/**
 * The walks of an index whose key is an equality part (one combination of values per walk) and
 * then `tailKp`, the order fields: bounded by the range filters (all on the first of them),
 * resuming after a cursor, with the equalities the key does not hold (`onRows`) checked on rows.
 */
function indexWalks(o: {
  where: () => WhereClause<Record<string, unknown>, string>;
  combos: KeyPart[][];
  tailKp: string[];
  ranges: Filter[];
  onRows: Filter[];
  compound: boolean;
  desc: boolean;
  parent: Plan['parent'];
}): Plan {
  const { tailKp, onRows, compound, desc } = o;
  // A key that ends with the id is unique: a walk resumes just past the cursor's key. Otherwise
  // rows sharing the cursor's key are walked again and those up to the cursor's document skipped.
  const unique = tailKp.at(-1) === 'id';
  return {
    walks: o.combos.map((eq) => (from) => {
      let lower: KeyPart[] = [...eq, ...tailKp.map(() => MIN_KEY)];
      let upper: KeyPart[] = [...eq, ...tailKp.map(maxKey)];
      let includeLower = true;
      let includeUpper = true;
      for (const r of o.ranges) {
        const rest = tailKp.length - 1;
        if (r.op === '>' || r.op === '>=') {
          const fill = () => (r.op === '>' ? maxKey() : MIN_KEY);
          lower = [...eq, r.value as KeyPart, ...Array.from({ length: rest }, fill)];
          if (rest === 0) includeLower = r.op === '>=';
        } else {
          const fill = () => (r.op === '<' ? MIN_KEY : maxKey());
          upper = [...eq, r.value as KeyPart, ...Array.from({ length: rest }, fill)];
          if (rest === 0) includeUpper = r.op === '<=';
        }
      }
      if (from) {
        const resume = [...eq, ...from.tail];
        if (!desc && cmp(resume, lower) >= 0) [lower, includeLower] = [resume, !unique];
        if (desc && cmp(resume, upper) <= 0) [upper, includeUpper] = [resume, !unique];
      }
      const key = (k: KeyPart[]) => (compound ? k : k[0]!);
      let walk = o.where().between(key(lower), key(upper), includeLower, includeUpper);
      if (desc) walk = walk.reverse();
      if (onRows.length > 0 && !unique) {
        walk = walk.filter((row) => onRows.every((f) => matches(row, f)));
      }
      if (from && !unique) {
        walk = walk.filter((row) => {
          const c = cmp(tailOf(row, tailKp), from.tail);
          const past = c !== 0 ? c : cmp(row.id as string, from.id);
          return desc ? past < 0 : past > 0;
        });
      }
      return walk;
    }),
    tail: (row) => tailOf(row, tailKp),
    tailLength: tailKp.length,
    desc,
    keep: onRows.length > 0 && unique ? (row) => onRows.every((f) => matches(row, f)) : undefined,
    parent: o.parent,
  };
}

/**
 * Up to `limit` rows of a walk that `keep` passes, read in growing batches: a batch is one
 * getAll, where a filtered Dexie collection steps a cursor row by row (several times slower when
 * most rows are passed over, as with a narrow filter on a long list). Each batch resumes just
 * past the last row read (the walk's key is unique).
 */
async function readKept(
  plan: Plan,
  walk: Plan['walks'][number],
  from: ResumeAt | null,
  keep: (row: Record<string, unknown>) => boolean,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const kept: Record<string, unknown>[] = [];
  let at = from;
  for (let batch = KEPT_BATCH; ; batch = Math.min(batch * 2, KEPT_BATCH_MAX)) {
    const rows = await walk(at).limit(batch).toArray();
    for (const row of rows) {
      if (!keep(row)) continue;
      kept.push(row);
      if (kept.length >= limit) return kept;
    }
    if (rows.length < batch) return kept;
    const last = rows.at(-1)!;
    at = { tail: plan.tail(last), id: last.id as string };
  }
}

/** readKept's first batch and the largest (each further one reads twice as many). */
const KEPT_BATCH = 32;
const KEPT_BATCH_MAX = 1024;

/** The CONTAINS_INDEXES entry that serves an array-contains on `field` in this order. */
function containsIndex(table: string, field: string, order: { field: string }[]) {
  return CONTAINS_INDEXES[table]?.find((x) => {
    const served = [...x.order, 'id'];
    return (
      x.field === field &&
      order.length > 0 &&
      order.length <= served.length &&
      order.every((o, i) => o.field === served[i])
    );
  });
}

function tailOf(row: Record<string, unknown>, kp: string[]): KeyPart[] {
  return kp.map((f) => Dexie.getByKeyPath(row, f) as KeyPart);
}

async function runQuery(tableOf: TableOf, q: Query): Promise<QueriedDoc[]> {
  const plan = planQuery(tableOf, q);
  const cursor = decodeCursor(q.after, plan.tailLength + 1, keyPart) as KeyPart[] | null;
  const from = cursor ? { tail: cursor.slice(0, -1), id: String(cursor.at(-1)) } : null;
  let rows: Record<string, unknown>[];
  if (plan.inMemory) {
    const { filters } = plan.inMemory;
    const sortKey = (row: Record<string, unknown>) => [...plan.tail(row), row.id];
    const sign = plan.desc ? -1 : 1;
    const fromKey = from ? [...from.tail, from.id] : null;
    rows = (await plan.walks[0]!(null).toArray())
      .filter((row) => filters.every((f) => matches(row, f)))
      .sort((a, b) => sign * compareValues(sortKey(a), sortKey(b)))
      .filter((row) => !fromKey || sign * compareValues(sortKey(row), fromKey) > 0);
  } else {
    const limit = q.limit ?? Infinity;
    const { keep } = plan;
    const each = await Promise.all(
      plan.walks.map((walk) => {
        if (keep) return readKept(plan, walk, from, keep, limit);
        const c = walk(from);
        return Number.isFinite(limit) ? c.limit(limit).toArray() : c.toArray();
      }),
    );
    const sign = plan.desc ? -1 : 1;
    rows = each.flat();
    if (each.length > 1) {
      rows.sort(
        (a, b) => sign * (cmp(plan.tail(a), plan.tail(b)) || cmp(a.id as string, b.id as string)),
      );
    }
  }
  if (q.limit !== undefined) rows = rows.slice(0, q.limit);
  const { collection } = q;
  const parentField = plan.parent?.field;
  return rows.map((row) => {
    const id = idOf(row, collection);
    return {
      id,
      path: `${collection}/${id}`,
      data: documentOf(row, parentField),
      cursor: encodeCursor([...plan.tail(row), row.id as string]),
    };
  });
}

/** The document id of a row (a private document's row key carries its parent's id too). */
function idOf(row: Record<string, unknown>, collection: string): string {
  // A key made of the parent's id and the document's (Place.key) ends with the document's id.
  const key = row.id as string;
  return collection.includes('/') ? key.slice(key.lastIndexOf('/') + 1) : key;
}
