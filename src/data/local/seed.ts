import type { DemoAccount, DemoDoc } from '@/data/demo/demo-data';
import { buildDemoData } from '@/data/demo/demo-parts';
import type { AccountRow, LocalDb } from './db';
import { hashNewPassword } from './password-hash';
import { rowOf } from './storage';

/**
 * The demo documents as rows per table, placed as the storage adapter places a document written
 * at the same path; rows with the same table and key are merged.
 */
export function localRows(docs: readonly DemoDoc[]): Map<string, Record<string, unknown>[]> {
  const tables = new Map<string, Map<string, Record<string, unknown>>>();
  for (const { path, data } of docs) {
    const { table, key, row } = rowOf(path, data);
    const rows = tables.get(table) ?? new Map<string, Record<string, unknown>>();
    tables.set(table, rows);
    rows.set(key, { ...rows.get(key), ...row });
  }
  return new Map([...tables].map(([table, rows]) => [table, [...rows.values()]]));
}

/**
 * The demo accounts' passwords are published (the login screen signs in with them in one click),
 * so a slow hash of them protects nothing and would only hold up a first visit: six hashes at the
 * browser default (DEFAULT_PBKDF2_ITERATIONS) come before the first page's data. Each stored hash
 * keeps its own count, so a demo account signs in with this one, and a password set later (a new
 * account, a changed or reset password) gets the default.
 */
export const DEMO_PASSWORD_ITERATIONS = 1_000;

async function accountRow(a: DemoAccount): Promise<AccountRow> {
  return {
    uid: a.uid,
    email: a.email.trim().toLowerCase(),
    ...(await hashNewPassword(a.password, DEMO_PASSWORD_ITERATIONS)),
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
export async function seedIfEmpty(db: LocalDb, opts: { now: Date }): Promise<boolean> {
  if ((await db.accounts.count()) > 0 || (await db.events.count()) > 0) return false;
  const data = buildDemoData(opts.now);
  // Hashing happens before the transaction: IndexedDB ends a transaction that waits on anything else.
  const accounts = await Promise.all(data.accounts.map(accountRow));
  const rows = localRows(data.docs);
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
