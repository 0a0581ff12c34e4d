// @vitest-environment node
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe } from 'vitest';
import { createFirestoreReads } from '@functions/firestore-deps';
import { mailReadsContract } from '../contract/mail-reads.contract';
import { NOT_RUN, firestoreHost } from '../rules/firestore-support';

/**
 * The Cloud Functions' reads for the mail handlers (functions/src/firestore-deps.ts, Admin SDK)
 * on the emulator, held to the contract the local backend's reads are held to
 * (tests/contract/mail-reads.contract.ts, run on those by tests/contract/local.test.ts).
 */
describe.skipIf(!firestoreHost)(`Firestore${NOT_RUN}`, () => {
  let app: App;
  let db: Firestore;

  beforeAll(() => {
    process.env.METADATA_SERVER_DETECTION ??= 'none';
    app = initializeApp({ projectId: 'demo-mail-reads' }, 'mail-reads-test');
    db = getFirestore(app);
  });
  afterAll(() => deleteApp(app));

  mailReadsContract(async () => {
    for (const name of [
      'events',
      'participationRequests',
      'notifications',
      'conversations',
      'users',
    ]) {
      await db.recursiveDelete(db.collection(name));
    }
    return {
      reads: createFirestoreReads(db),
      put: async (path, data) => {
        await db.doc(path).set(data);
      },
      dispose: async () => {},
    };
  });
});
