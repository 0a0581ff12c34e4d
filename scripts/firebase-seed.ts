import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { buildDemoData } from '@/data/demo/demo-parts';
import { emulatorHostsFromEnv, resetEmulators } from './emulator-rest';
import { tokensOfStored } from './migrations/backfill-search-tokens';

/** Firestore takes at most 500 writes per batch. */
const BATCH = 500;

/**
 * Loads the demo data (src/data/demo, times relative to `now`) into the Auth and Firestore emulators through the Admin
 * SDK, which the rules do not apply to: accounts with their uid, password and verified flag, and
 * every document at its path (Dates become Timestamps). Only ever against the emulators and a
 * demo- project, so a mistake cannot write to a real project.
 *
 * With `reset`, both emulators are emptied first (every account and document of the project).
 */
export async function seedFirebaseEmulators(opts: {
  projectId: string;
  now: Date;
  reset?: boolean;
}): Promise<{ accounts: number; docs: number }> {
  const hosts = emulatorHostsFromEnv();
  if (!hosts.auth || !hosts.firestore) {
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST must both be set');
  }
  if (!opts.projectId.startsWith('demo-')) {
    throw new Error(`Refusing to seed ${opts.projectId}: only demo- projects (emulators)`);
  }
  if (opts.reset) await resetEmulators(opts.projectId, hosts);
  const data = buildDemoData(opts.now);

  // The emulators need no credentials: never ask the cloud metadata server for any.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp({ projectId: opts.projectId }, `seed-${crypto.randomUUID()}`);
  try {
    const auth = getAuth(app);
    await Promise.all(
      data.accounts.map((a) =>
        auth.createUser({
          uid: a.uid,
          email: a.email,
          password: a.password,
          emailVerified: a.emailVerified,
          displayName: a.displayName,
        }),
      ),
    );
    const db = getFirestore(app);
    for (let i = 0; i < data.docs.length; i += BATCH) {
      const batch = db.batch();
      for (const d of data.docs.slice(i, i + BATCH)) {
        // Events carry the keyword search's lookup tokens here, as the app writes them on
        // Firebase; the local backend searches the texts themselves and never stores them.
        const tokens = d.path.startsWith('events/')
          ? { searchTokens: tokensOfStored((field) => d.data[field]) }
          : {};
        batch.set(db.doc(d.path), { ...d.data, ...tokens });
      }
      await batch.commit();
    }
  } finally {
    await deleteApp(app);
  }
  return { accounts: data.accounts.length, docs: data.docs.length };
}
