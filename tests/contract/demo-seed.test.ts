// @vitest-environment node
import Dexie from 'dexie';
import { deleteApp } from 'firebase/app';
import { describe, it } from 'vitest';
import { createLocalBackend } from '@/data/local/create-local-backend';
import { seedFirebaseEmulators } from '../../scripts/firebase-seed';
import { demoSeedContract } from './demo-seed.contract';
import { createEmulatorServices, emulators } from './firebase-harness';

/**
 * The demo data on both backends: the local seeder into fake-indexeddb, and the emulator seeder
 * (npm run seed:emulators) into the Auth and Firestore emulators, which scripts/test-firebase.sh
 * starts where it can. A project of its own, so the other Firebase suites running beside it
 * never see these documents.
 */
const PROJECT_ID = 'demo-seed-contract';

describe('local backend', () => {
  demoSeedContract(async () => {
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
  });
});

if (emulators.auth && emulators.firestore) {
  describe('firebase backend', () => {
    demoSeedContract(async () => {
      const now = new Date();
      await seedFirebaseEmulators({ projectId: PROJECT_ID, now, reset: true });
      const services = await createEmulatorServices({
        projectId: PROJECT_ID,
        fetch: async () => new Response('{}', { status: 200 }),
      });
      return { backend: services.backend, now, dispose: () => deleteApp(services.app) };
    });
  });
} else {
  describe.skip('firebase backend: demo data (not run: needs the Auth and Firestore emulators — scripts/test-firebase.sh starts them where installed)', () => {
    it('loads the demo data into the emulators and reads it back through the ports', () => {});
  });
}
