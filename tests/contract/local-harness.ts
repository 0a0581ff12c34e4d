import Dexie from 'dexie';
import { vi } from 'vitest';
import { createLocalBackend } from '@/data/local/create-local-backend';
import { generateCustomUserId } from '@/domain/entities/user';
import type { ContractHarness } from './harness';
import { oobCodeOf, sleep } from './support';

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
      const user = await backend.auth.signUp(email, PASSWORD, label);
      // Verified through the real flow: the link in the mail carries the code.
      await backend.auth.sendEmailVerification();
      const [mail] = await backend.dev.outbox();
      await backend.auth.applyActionCode(oobCodeOf(mail!.links));
      await backend.auth.reload();
      await backend.users.create(user.uid, {
        email,
        displayName: label,
        photoURL: '',
        bio: '',
        location: '',
        gender: '',
        birthDate: '',
        emailVerified: false,
        customUserId: generateCustomUserId(),
        firebaseUid: user.uid,
        agreedToTerms: true,
      });
      await backend.users.markEmailVerified(user.uid);
      emails.set(user.uid, email);
      return user.uid;
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
