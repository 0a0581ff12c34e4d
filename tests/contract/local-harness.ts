import Dexie from 'dexie';
import { vi } from 'vitest';
import { createLocalBackend } from '@/data/local/create-local-backend';
import type { SeededBackend } from './demo-seed.contract';
import type { ContractHarness } from './harness';
import { signUpVerified, sleep } from './support';

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
    origin: 'http://localhost:5173',
    passwordIterations: 1000,
  });
  const emails = new Map<string, string>();

  return {
    backend,
    readsOthersEmail: true,
    async signUpAs(label) {
      const email = `user${++serial}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      // Verified through the real flow: the link in the mail carries the code.
      const uid = await signUpVerified(backend, email, PASSWORD, label, async () => {
        const [mail] = await backend.dev.outbox();
        return mail!.links;
      });
      emails.set(uid, email);
      return uid;
    },
    async signInAs(uid) {
      const email = emails.get(uid);
      if (!email) throw new Error(`unknown test user ${uid}`);
      await backend.auth.signIn(email, PASSWORD);
    },
    signOut: () => backend.auth.signOut(),
    outbox: () => backend.dev.outbox(),
    // One outbox holds both kinds of mail in the local backend.
    notificationOutbox: () => backend.dev.outbox(),
    failPendingMainQuery() {
      vi.spyOn(backend.participation, 'queryPendingMain').mockRejectedValue(
        Object.assign(new Error('The query requires an index.'), { code: 'failed-precondition' }),
      );
    },
    async dispose() {
      // Lets fire-and-forget work (the unread-message mail) finish before the database goes.
      await sleep(0);
      await backend.auth.signOut();
      backend.close();
      await Dexie.delete(dbName);
    },
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
