import { runLocalAutoAttendance } from '@/data/local/local-auto-attendance';
import { runLocalSeriesDates } from '@/data/local/local-series';
import Dexie, { type DBCore, type DBCoreCursor, type Middleware } from 'dexie';
import { createLocalBackend } from '@/data/local/create-local-backend';
import { demoDoc } from '@/data/demo/demo-data';
import { LocalDb } from '@/data/local/db';
import { localRows } from '@/data/local/seed';
import { dexieStorage } from '@/data/local/storage';
import { sideEffectsSettled } from '@/lib/side-effects';
import { dexieReadFaults, dexieWriteFaults, type ReadFault, type WriteFault } from './faults';
import type { SeededBackend } from './demo-seed.contract';
import type { StorageHarness } from './storage.contract';
import type { ReminderStoresHarness } from './reminder-stores.contract';
import { localReminderStores } from '@/data/local/local-reminders';
import { LocalApi, localMailReads } from '@/data/local/local-api';
import type { MailReadsHarness } from './mail-reads.contract';
import { APP_ORIGIN, type ContractHarness } from './harness';
import { signUpUnverified } from '@/test/accounts';
import { signUpVerified } from './support';

const PASSWORD = 'contract-pass1';
let serial = 0;

/**
 * The local backend on fake-indexeddb: a fresh database per harness, no seed, and cheap
 * password hashing (the iteration count is the only thing tests change).
 */
export async function createLocalHarness(): Promise<ContractHarness> {
  const dbName = `contract-${++serial}-${crypto.randomUUID()}`;
  const backend = await createLocalBackend({
    dbName,
    seed: false,
    origin: APP_ORIGIN,
    passwordIterations: 1000,
  });
  const emails = new Map<string, string>();
  // Reopened with the fault middleware, which Dexie only takes before opening.
  const faults: ReadFault[] = [];
  const reads = { documents: 0 };
  backend.db.close();
  backend.db.use(dexieReadFaults(faults));
  const noticeFault: WriteFault = { table: 'notifications', remaining: 0 };
  backend.db.use(dexieWriteFaults(noticeFault));
  backend.db.use(dexieQueryReads(reads));
  await backend.db.open();

  return {
    backend,
    async signUpAs(label, given) {
      const email = given ?? `user${++serial}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      // Verified through the real flow: the link in the mail carries the code. The newest mail to
      // this address: a mail an earlier write sends to someone else may land after it.
      const uid = await signUpVerified(backend, email, PASSWORD, label, async () => {
        const mail = (await backend.dev.outbox()).find((m) => m.to === email);
        if (!mail) throw new Error(`no verification mail for ${email}`);
        return mail.links;
      });
      emails.set(uid, email);
      return uid;
    },
    async signUpUnverifiedAs(label) {
      const email = `user${++serial}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const uid = await signUpUnverified(backend, email, PASSWORD, label);
      emails.set(uid, email);
      return uid;
    },
    async setSuspended(uid, suspended) {
      await backend.db.users.update(uid, { isActive: !suspended });
    },
    async seedNotification(id, doc) {
      await backend.db.notifications.put({ id, userId: String(doc.userId), ...doc });
    },
    async signInAs(uid) {
      const email = emails.get(uid);
      if (!email) throw new Error(`unknown test user ${uid}`);
      await backend.auth.signIn(email, PASSWORD);
    },
    signOut: () => backend.auth.signOut(),
    outbox: () => backend.dev.outbox(),
    // One outbox holds both kinds of mail in the local backend (the Functions' code writes to it).
    notificationOutbox: () => backend.dev.outbox(),
    // users/{uid}/private/* lives in the privateDocs table here.
    failReads: (fault) =>
      faults.push(fault.collection === 'private' ? { ...fault, collection: 'privateDocs' } : fault),
    queriedDocuments: () => reads.documents,
    failNoticeCommits: (commits) => {
      noticeFault.remaining = commits;
    },
    async putDocuments(docs) {
      // Where each path goes locally, as the demo seeder decides it.
      const rows = localRows(docs.map(({ path, data }) => demoDoc(path, data)));
      await backend.db.transaction('rw', backend.db.allTables(), async () => {
        for (const [table, tableRows] of rows) await backend.db.table(table).bulkPut(tableRows);
      });
    },
    async serverUpdate(collection, id, fields) {
      await backend.db.table(collection).update(id, fields);
    },
    async runSeriesDates(at, seriesId) {
      const storage = dexieStorage(backend.db, () => at);
      return (await runLocalSeriesDates(storage, backend.db, () => at, seriesId)).datesCreated;
    },
    async runAutoAttendance(at) {
      const storage = dexieStorage(backend.db, () => at);
      return (await runLocalAutoAttendance(storage, () => at)).marked;
    },
    runHeadcountDecisions: (at) =>
      new LocalApi(
        { db: backend.db, now: () => at, currentUser: () => null },
        APP_ORIGIN,
      ).runHeadcountDecisions(),
    async storedTime(collection, id, field) {
      const value: unknown = (await backend.db.table(collection).get(id))?.[field];
      return value instanceof Date ? value.getTime() : null;
    },
    async dispose() {
      // Side effects (mail) finish before the database goes.
      await sideEffectsSettled();
      await backend.auth.signOut();
      backend.close();
      await Dexie.delete(dbName);
    },
  };
}

/**
 * Counts the rows the local backend's queries read (an index walk's answer, or each step of a
 * cursor), as the Firebase harness counts the documents its queries return: the read bounds the
 * ports state hold on both.
 */
function dexieQueryReads(reads: { documents: number }): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'contract-query-reads',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        return {
          ...table,
          query: async (req) => {
            const res = await table.query(req);
            reads.documents += res.result.length;
            return res;
          },
          openCursor: async (req) => {
            const cursor = await table.openCursor(req);
            if (!cursor) return cursor;
            return Object.create(cursor, {
              start: {
                value: (onNext: () => void) =>
                  cursor.start(() => {
                    reads.documents++;
                    onNext();
                  }),
              },
            }) as DBCoreCursor;
          },
        };
      },
    }),
  };
}

/** A fresh database that the local backend seeds with the demo data, as the app does. */
export async function createSeededLocalBackend(): Promise<SeededBackend> {
  const now = new Date();
  const backend = await createLocalBackend({
    dbName: `demo-seed-${crypto.randomUUID()}`,
    origin: 'http://localhost:5173',
    passwordIterations: 1000,
    now: () => now,
  });
  return {
    backend,
    now,
    dispose: async () => {
      backend.close();
      await Dexie.delete(backend.db.name);
    },
  };
}

/** The Dexie storage adapter on a fresh database of the local backend's schema. */
export async function createLocalStorageHarness(): Promise<StorageHarness> {
  const db = new LocalDb(`storage-${crypto.randomUUID()}`);
  await db.open();
  return {
    storage: dexieStorage(db, () => new Date()),
    dispose: async () => {
      db.close();
      await Dexie.delete(db.name);
    },
  };
}

/** The local backend's reminder stores (over the Dexie storage adapter) on a fresh database. */
export async function createLocalReminderStoresHarness(): Promise<ReminderStoresHarness> {
  const db = new LocalDb(`reminders-${crypto.randomUUID()}`);
  await db.open();
  const storage = (now: () => Date) => dexieStorage(db, now);
  const plain = storage(() => new Date());
  return {
    stores: (now) => localReminderStores(storage(now), now),
    put: (path, data) => plain.set(path, data),
    read: async (path) => (await plain.get(path))?.data ?? null,
    count: (collection) => plain.count({ collection }),
    dispose: async () => {
      db.close();
      await Dexie.delete(db.name);
    },
  };
}

/** The local backend's mail reads on a fresh database. */
export async function createLocalMailReadsHarness(): Promise<MailReadsHarness> {
  const db = new LocalDb(`mail-reads-${crypto.randomUUID()}`);
  await db.open();
  const storage = dexieStorage(db, () => new Date());
  return {
    reads: localMailReads(db),
    put: (path, data) => storage.set(path, data),
    dispose: async () => {
      db.close();
      await Dexie.delete(db.name);
    },
  };
}
