import { deleteApp } from 'firebase/app';
import { vi } from 'vitest';
import {
  DEFAULT_EMULATOR_HOSTS,
  createFirebaseServices,
} from '@/data/firebase/create-firebase-backend';
import type { FirebaseParticipationPort } from '@/data/firebase/participation';
import type { OutboxMail } from '@/data/ports/backend';
import type { ContractHarness } from './harness';
import { oobCodes, resetEmulators } from '../../scripts/emulator-rest';
import { seedFirebaseEmulators } from '../../scripts/firebase-seed';
import type { SeededBackend } from './demo-seed.contract';
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
  const apiCalls: { url: string; body: unknown }[] = [];
  // The Functions are not part of these runs; the calls are recorded and answered 200.
  const fakeFetch: typeof fetch = async (input, init) => {
    apiCalls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : null });
    return new Response('{"ok":true}', {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const services = await createEmulatorServices({
    projectId: FIREBASE_PROJECT_ID,
    fetch: fakeFetch,
  });
  const { backend } = services;
  const emails = new Map<string, string>();

  return {
    backend,
    // firestore.rules: users/{uid}/private/account is the owner's (and staff's) only.
    readsOthersEmail: false,
    async signUpAs(label) {
      const email = `user${serial}-${crypto.randomUUID().slice(0, 8)}@example.com`;
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
    async signInAs(uid) {
      const email = emails.get(uid);
      if (!email) throw new Error(`unknown test user ${uid}`);
      await backend.auth.signIn(email, PASSWORD);
    },
    signOut: () => backend.auth.signOut(),
    outbox: authOutbox,
    failPendingMainQuery() {
      vi.spyOn(
        backend.participation as FirebaseParticipationPort,
        'queryPendingMain',
      ).mockRejectedValue(
        Object.assign(new Error('The query requires an index.'), { code: 'failed-precondition' }),
      );
    },
    async dispose() {
      await backend.auth.signOut().catch(() => {});
      await deleteApp(services.app);
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
