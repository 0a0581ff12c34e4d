import type { DemoAccount, DemoDoc } from '@/data/demo/demo-data';
import { buildDemoData } from '@/data/demo/demo-parts';
import type { AccountRow, DocRow, LocalDb } from './db';
import { hashNewPassword } from './password-hash';

/**
 * The local backend's tables hold Firestore's documents, so a demo document goes to the table of
 * its collection as a row with its id. Documents below another document have no table of their
 * own; each such subcollection says where its documents go here.
 */
const SUBCOLLECTIONS: Record<
  string,
  (parentId: string, id: string, data: Record<string, unknown>) => [table: string, row: DocRow]
> = {
  // The local backend keeps the address on the profile (it has no other readers to hide it from).
  'users/private': (uid, id, data) => {
    if (id !== 'account') throw new Error(`No local table for users/${uid}/private/${id}`);
    return ['users', { id: uid, email: data.email }];
  },
  'conversations/messages': (conversationId, id, data) => [
    'messages',
    { id, conversationId, ...data },
  ],
};

/** The demo documents as rows per table; rows with the same table and id are merged. */
export function localRows(docs: readonly DemoDoc[]): Map<string, DocRow[]> {
  const tables = new Map<string, Map<string, DocRow>>();
  const put = (table: string, row: DocRow) => {
    const rows = tables.get(table) ?? new Map<string, DocRow>();
    tables.set(table, rows);
    rows.set(row.id, { ...rows.get(row.id), ...row });
  };
  for (const { path, data } of docs) {
    const s = path.split('/');
    if (s.length === 2) {
      put(s[0]!, { ...data, id: s[1]! });
    } else {
      const map = SUBCOLLECTIONS[`${s[0]}/${s[2]}`];
      if (s.length !== 4 || !map) throw new Error(`No local table for ${path}`);
      put(...map(s[1]!, s[3]!, data));
    }
  }
  return new Map([...tables].map(([table, rows]) => [table, [...rows.values()]]));
}

async function accountRow(a: DemoAccount, iterations: number): Promise<AccountRow> {
  return {
    uid: a.uid,
    email: a.email.trim().toLowerCase(),
    ...(await hashNewPassword(a.password, iterations)),
    emailVerified: a.emailVerified,
    displayName: a.displayName,
    photoURL: a.photoURL,
    createdAt: a.createdAt,
  };
}

/**
 * Writes the demo data (src/data/demo) if the database is empty. Times are relative to `now`, so
 * there are always upcoming events, recent messages and fresh notifications whenever the demo
 * starts.
 */
export async function seedIfEmpty(
  db: LocalDb,
  opts: { now: Date; iterations: number },
): Promise<boolean> {
  if ((await db.accounts.count()) > 0 || (await db.events.count()) > 0) return false;
  const data = buildDemoData(opts.now);
  // Hashing happens before the transaction: IndexedDB ends a transaction that waits on anything else.
  const accounts = await Promise.all(data.accounts.map((a) => accountRow(a, opts.iterations)));
  const rows = localRows(data.docs);
  const known = new Set(db.allTables().map((t) => t.name));
  const unknown = [...rows.keys()].find((table) => !known.has(table));
  if (unknown) throw new Error(`No local table for the demo collection ${unknown}`);
  return db.transaction('rw', db.allTables(), async () => {
    // Another tab may have seeded while we were hashing.
    if ((await db.accounts.count()) > 0 || (await db.events.count()) > 0) return false;
    await db.accounts.bulkAdd(accounts);
    for (const [table, tableRows] of rows) await db.table(table).bulkAdd(tableRows);
    await db.meta.put({ key: 'seededAt', value: opts.now });
    return true;
  });
}

/** Empties every table; the caller reseeds. */
export async function wipe(db: LocalDb): Promise<void> {
  await db.transaction('rw', db.allTables(), async () => {
    await Promise.all(db.allTables().map((t) => t.clear()));
  });
}
