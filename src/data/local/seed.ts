import type { DemoAccount, DemoDoc } from '@/data/demo/demo-data';
import { buildDemoData } from '@/data/demo/demo-parts';
import { privateDocId, type AccountRow, type LocalDb } from './db';
import { hashNewPassword } from './password-hash';

type Mapped = [table: string, row: Record<string, unknown>, key: string];

/**
 * The local backend's tables hold Firestore's documents, so a demo document goes to the table of
 * its collection as a row with its id. The exceptions say here where their documents go:
 * documents below another document, and the few top-level ones kept elsewhere.
 */
const ELSEWHERE: Record<
  string,
  (ids: string[], data: Record<string, unknown>) => Mapped | undefined
> = {
  'users/private': ([uid, name], data) => {
    // The owner-only documents beside a profile.
    if (name === 'account' || name === 'profile' || name === 'settings') {
      const id = privateDocId(uid!, name);
      return ['privateDocs', { ...data, id }, id];
    }
    return undefined;
  },
  // A team's join requests (teams/{teamId}/joinRequests/{id} on Firebase) in one table.
  'teams/joinRequests': ([teamId, id], data) => ['teamJoinRequests', { id, teamId, ...data }, id!],
  'conversations/messages': ([conversationId, id], data) => [
    'messages',
    { id, conversationId, ...data },
    id!,
  ],
};

/** The demo documents as rows per table; rows with the same table and key are merged. */
export function localRows(docs: readonly DemoDoc[]): Map<string, Record<string, unknown>[]> {
  const tables = new Map<string, Map<string, Record<string, unknown>>>();
  const put = ([table, row, key]: Mapped) => {
    const rows = tables.get(table) ?? new Map<string, Record<string, unknown>>();
    tables.set(table, rows);
    rows.set(key, { ...rows.get(key), ...row });
  };
  for (const { path, data } of docs) {
    const s = path.split('/');
    const collections = s.filter((_, i) => i % 2 === 0).join('/');
    const ids = s.filter((_, i) => i % 2 === 1);
    const mapped = ELSEWHERE[collections]
      ? ELSEWHERE[collections](ids, data)
      : s.length === 2
        ? ([s[0]!, { ...data, id: s[1]! }, s[1]!] satisfies Mapped)
        : undefined;
    if (!mapped) throw new Error(`No local table for ${path}`);
    put(mapped);
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
