// @vitest-environment node
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe } from 'vitest';
import { createReminderStores } from '@functions/reminder-stores';
import { reminderStoresContract } from '../contract/reminder-stores.contract';
import { NOT_RUN, firestoreHost } from '../rules/firestore-support';

/**
 * The scheduled reminder's Firestore stores (functions/src/reminder-stores.ts, Admin SDK) on the
 * emulator, held to the contract the local backend's stores are held to
 * (tests/contract/reminder-stores.contract.ts, run on those by tests/contract/local.test.ts).
 */
describe.skipIf(!firestoreHost)(`Firestore${NOT_RUN}`, () => {
  let app: App;
  let db: Firestore;

  beforeAll(() => {
    process.env.METADATA_SERVER_DETECTION ??= 'none';
    app = initializeApp({ projectId: 'demo-reminder-stores' }, 'reminder-stores-test');
    db = getFirestore(app);
  });
  afterAll(() => deleteApp(app));

  /** Timestamps read back as Dates, at any depth, as the app's documents hold them. */
  const asDates = (v: unknown): unknown =>
    v instanceof Timestamp
      ? v.toDate()
      : Array.isArray(v)
        ? v.map(asDates)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asDates(x)]))
          : v;

  reminderStoresContract(async () => {
    for (const name of ['events', 'reminders', 'notifications']) {
      await db.recursiveDelete(db.collection(name));
    }
    return {
      stores: (now) => createReminderStores(db, now),
      put: async (path, data) => {
        await db.doc(path).set(data);
      },
      read: async (path) => {
        const snap = await db.doc(path).get();
        return snap.exists ? (asDates(snap.data()) as Record<string, unknown>) : null;
      },
      count: async (collection) => (await db.collection(collection).count().get()).data().count,
      dispose: async () => {},
    };
  });
});
