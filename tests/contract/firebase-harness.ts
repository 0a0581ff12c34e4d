import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getDoc,
  getFirestore,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { DEFAULT_EMULATOR_HOSTS, createFirebaseServices } from '@/data/firebase/sdk-backend';
import type { OutboxMail } from '@/data/ports/backend';
import { firestoreStorage } from '@/data/firebase/storage';
import { sideEffectsSettled } from '@/lib/side-effects';
import { armFirestoreFault, clearFirestoreFaults } from './faults';
import { queriedDocuments } from './indexes';
import { inProcessFunctions } from './functions-in-process';
import { APP_ORIGIN, type ContractHarness } from './harness';
import { signUpUnverified } from '@/test/accounts';
import { oobCodes, resetEmulators } from '../../scripts/emulator-rest';
import { seedFirebaseEmulators } from '../../scripts/firebase-seed';
import type { SeededBackend } from './demo-seed.contract';
import type { StorageHarness } from './storage.contract';
import { signUpVerified } from './support';

/**
 * The Firebase backend against the emulators that `firebase emulators:exec` (or
 * scripts/test-firebase.sh) announces through the usual variables. Every harness is a fresh
 * app on an emptied database and auth store, so suites see only what they wrote.
 */
export const FIREBASE_PROJECT_ID = process.env.GCLOUD_PROJECT || 'demo-sports-community';
const PASSWORD = 'contract-pass1';

export const emulators = {
  auth: process.env.FIREBASE_AUTH_EMULATOR_HOST,
  firestore: process.env.FIRESTORE_EMULATOR_HOST,
  storage: process.env.FIREBASE_STORAGE_EMULATOR_HOST,
};

/** host:port of the Firestore emulator, split for the SDK's connect call. */
const firestore = (() => {
  const hostPort = emulators.firestore || DEFAULT_EMULATOR_HOSTS.firestore;
  const at = hostPort.lastIndexOf(':');
  return { host: hostPort.slice(0, at), port: Number(hostPort.slice(at + 1)) };
})();

let serial = 0;

/** The Auth emulator keeps every mail it would have sent; they are the outbox here. */
async function authOutbox(): Promise<OutboxMail[]> {
  return (await oobCodes(FIREBASE_PROJECT_ID, emulators.auth ?? DEFAULT_EMULATOR_HOSTS.auth))
    .map((c) => ({
      id: c.oobCode,
      to: c.email,
      subject: c.requestType,
      body: '',
      links: [c.oobLink],
      sentAt: new Date(),
    }))
    .reverse();
}

/** A plain value as the Firestore REST API writes it. */
function restValue(v: unknown): Record<string, unknown> {
  if (v === null || v === undefined) return { nullValue: null };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'number')
    return Number.isInteger(v) ? { integerValue: String(v) } : { doubleValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (v instanceof Date) return { timestampValue: v.toISOString() };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(restValue) } };
  return { mapValue: { fields: restFields(v as Record<string, unknown>) } };
}

function restFields(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, restValue(v)]));
}

/** One commit through the emulator's REST API as its owner, which the rules do not apply to. */
async function putAsOwner(docs: { path: string; data: Record<string, unknown> }[]): Promise<void> {
  const root = `projects/${FIREBASE_PROJECT_ID}/databases/(default)/documents`;
  const res = await fetch(`http://${firestore.host}:${firestore.port}/v1/${root}:commit`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      writes: docs.map(({ path, data }) => ({
        update: { name: `${root}/${path}`, fields: restFields(data) },
      })),
    }),
  });
  if (!res.ok) throw new Error(`putDocuments: ${res.status} ${await res.text()}`);
}

/**
 * The Firebase backend of one test app (a name of its own, memory-only persistence) on the
 * emulators; `fetch` stands in for the calls to the Functions.
 */
export async function createEmulatorServices(opts: {
  projectId: string;
  fetch?: typeof fetch;
}): ReturnType<typeof createFirebaseServices> {
  return createFirebaseServices(
    {
      apiKey: 'demo-key',
      authDomain: `${opts.projectId}.firebaseapp.com`,
      projectId: opts.projectId,
      storageBucket: `${opts.projectId}.appspot.com`,
      appId: 'demo-app',
      useEmulators: true,
      emulatorHosts: emulators,
    },
    {
      appName: `contract-${++serial}-${crypto.randomUUID()}`,
      memoryOnly: true,
      fetch: opts.fetch,
    },
  );
}

export async function createFirebaseHarness(): Promise<ContractHarness> {
  await resetEmulators(FIREBASE_PROJECT_ID, emulators);
  // The Functions run in this process, on the same emulators (functions-in-process.ts).
  const functions = inProcessFunctions({ projectId: FIREBASE_PROJECT_ID, appBaseUrl: APP_ORIGIN });
  const services = await createEmulatorServices({
    projectId: FIREBASE_PROJECT_ID,
    fetch: functions.fetch,
  });
  const { backend } = services;
  const emails = new Map<string, string>();

  // The emulator lets a client whose token is the string 'owner' past the rules: the stand-in
  // for staff tools and the Admin SDK.
  const ownerApp = initializeApp(
    { projectId: FIREBASE_PROJECT_ID },
    `owner-${serial}-${crypto.randomUUID()}`,
  );
  let ownerDb: Firestore | null = null;
  const owner = () => {
    if (!ownerDb) {
      ownerDb = getFirestore(ownerApp);
      connectFirestoreEmulator(ownerDb, firestore.host, firestore.port, { mockUserToken: 'owner' });
    }
    return ownerDb;
  };

  return {
    backend,
    async signUpAs(label, given) {
      const email = given ?? `user${serial}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      // Verified through the real flow: the emulator's copy of the mail carries the code.
      const uid = await signUpVerified(backend, email, PASSWORD, label, async () => {
        const mail = (await authOutbox()).find(
          (m) => m.to === email && m.subject === 'VERIFY_EMAIL',
        );
        if (!mail) throw new Error(`no verification mail for ${email}`);
        return mail.links;
      });
      emails.set(uid, email);
      return uid;
    },
    async signUpUnverifiedAs(label) {
      const email = `user${serial}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const uid = await signUpUnverified(backend, email, PASSWORD, label);
      emails.set(uid, email);
      return uid;
    },
    async setSuspended(uid, suspended) {
      await updateDoc(doc(owner(), 'users', uid), { isActive: !suspended });
    },
    async seedNotification(id, data) {
      await setDoc(doc(owner(), 'notifications', id), data);
    },
    async signInAs(uid) {
      const email = emails.get(uid);
      if (!email) throw new Error(`unknown test user ${uid}`);
      await backend.auth.signIn(email, PASSWORD);
    },
    signOut: () => backend.auth.signOut(),
    outbox: authOutbox,
    notificationOutbox: functions.outbox,
    runSeriesDates: functions.runSeriesDates,
    runAutoAttendance: functions.runAutoAttendance,
    runHeadcountDecisions: functions.runHeadcountDecisions,
    failNoticeCommits: functions.failNoticeCommits,
    // Needs firebase.test.ts's vi.mock of firebase/firestore (withFirestoreReadFaults).
    failReads: armFirestoreFault,
    queriedDocuments,
    putDocuments: putAsOwner,
    async serverUpdate(collection, id, fields) {
      await updateDoc(doc(owner(), collection, id), fields);
    },
    async storedTime(collection, id, field) {
      const value: unknown = (await getDoc(doc(owner(), collection, id))).get(field);
      return value instanceof Timestamp ? value.toMillis() : null;
    },
    async dispose() {
      clearFirestoreFaults();
      await sideEffectsSettled();
      await backend.auth.signOut().catch(() => {});
      await deleteApp(services.app);
      await deleteApp(ownerApp);
    },
  };
}

/** The emulators emptied and loaded with the demo data by npm run seed:emulators' seeder. */
export async function createSeededFirebaseBackend(): Promise<SeededBackend> {
  const now = new Date();
  await seedFirebaseEmulators({ projectId: FIREBASE_PROJECT_ID, now, reset: true });
  const services = await createEmulatorServices({
    projectId: FIREBASE_PROJECT_ID,
    fetch: async () => new Response('{}', { status: 200 }),
  });
  return { backend: services.backend, now, dispose: () => deleteApp(services.app) };
}

/** The Firestore storage adapter on the emptied emulator, past the rules (the owner's token). */
export async function createFirebaseStorageHarness(): Promise<StorageHarness> {
  await resetEmulators(FIREBASE_PROJECT_ID, emulators);
  const app = initializeApp({ projectId: FIREBASE_PROJECT_ID }, `storage-${crypto.randomUUID()}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, firestore.host, firestore.port, { mockUserToken: 'owner' });
  return { storage: firestoreStorage(db), dispose: () => deleteApp(app) };
}
