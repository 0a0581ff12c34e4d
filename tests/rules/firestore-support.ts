import { readFileSync } from 'node:fs';
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  Timestamp,
  deleteDoc,
  doc,
  getDoc,
  increment,
  onSnapshot,
  setDoc,
  writeBatch,
  type DocumentData,
  type Query,
  type WriteBatch,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';

/**
 * What the Firestore rules suites share. They need Google's Firestore emulator
 * (FIRESTORE_EMULATOR_HOST; scripts/test-firebase.sh starts one where it can) and skip by name
 * without it. Each file runs in a project of its own, so files running side by side never
 * clear each other's data.
 */
export const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
export const NOT_RUN = firestoreHost
  ? ''
  : " (not run: needs Google's Firestore emulator, FIRESTORE_EMULATOR_HOST unset)";

export const ALICE = 'alice';
export const BOB = 'bob';
export const CAROL = 'carol';
export const ADMIN = 'admin1';
export const MOD = 'mod1';

export interface RulesKit {
  /** A signed-in client with a verified email unless the claims say otherwise. */
  as(uid: string, claims?: Record<string, unknown>): Firestore;
  /** A signed-in client whose email is not verified. */
  unverified(uid: string): Firestore;
  anon(): Firestore;
  /** Writes past the rules. */
  seed(path: string, data: DocumentData): Promise<void>;
  /** Reads past the rules (null when missing). */
  peek(path: string): Promise<DocumentData | null>;
  /** Deletes past the rules. */
  unseed(path: string): Promise<void>;
}

/**
 * Starts the rules test environment for a describe block and clears it before each test, with
 * an admin and a moderator profile seeded. Call inside the describe.
 */
export function useRulesEnv(projectId: string): RulesKit {
  // Every assertion is a round trip to the emulator; on a busy two-core machine a test of a
  // dozen of them takes seconds, and loading the rules (the set-up hook) took 13-16 s at a load
  // of 15.
  vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
  let env: RulesTestEnvironment;
  const db = (ctx: RulesTestContext) => ctx.firestore() as unknown as Firestore;

  beforeAll(async () => {
    const [host, port] = firestoreHost!.split(':');
    env = await initializeTestEnvironment({
      projectId,
      firestore: { rules: readFileSync('firestore.rules', 'utf8'), host, port: Number(port) },
    });
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  const kit: RulesKit = {
    as: (uid, claims = {}) =>
      db(
        env.authenticatedContext(uid, {
          email: `${uid}@example.com`,
          email_verified: true,
          ...claims,
        }),
      ),
    unverified: (uid) => kit.as(uid, { email_verified: false }),
    anon: () => db(env.unauthenticatedContext()),
    seed: (path, data) =>
      env.withSecurityRulesDisabled(async (ctx) => {
        await setDoc(doc(db(ctx), path), data);
      }),
    unseed: (path) =>
      env.withSecurityRulesDisabled(async (ctx) => {
        await deleteDoc(doc(db(ctx), path));
      }),
    async peek(path) {
      let out: DocumentData | null = null;
      await env.withSecurityRulesDisabled(async (ctx) => {
        const snap = await getDoc(doc(db(ctx), path));
        out = snap.exists() ? snap.data() : null;
      });
      return out;
    },
  };

  beforeEach(async () => {
    await env.clearFirestore();
    await kit.seed(`users/${ADMIN}`, profile(ADMIN, { role: 'admin' }));
    await kit.seed(`users/${MOD}`, profile(MOD, { role: 'moderator' }));
  });

  return kit;
}

export function profile(uid: string, extra: DocumentData = {}): DocumentData {
  return {
    displayName: uid,
    photoURL: '',
    bio: '',
    location: '',
    gender: '',
    birthDate: '',
    emailVerified: false,
    customUserId: 'user_Ab3dE5gH',
    firebaseUid: uid,
    agreedAt: null,
    createdAt: Timestamp.fromDate(new Date(2024, 0, 1)),
    role: 'user',
    ...extra,
  };
}

export function event(extra: DocumentData = {}): DocumentData {
  return {
    title: '週末フットサル',
    description: '',
    sportType: 'フットサル',
    location: '世田谷区総合運動場',
    region: '関東',
    level: '誰でも',
    teamName: '',
    date: Timestamp.fromDate(new Date(Date.now() + 7 * 86_400_000)),
    startTime: '10:00',
    endTime: '12:00',
    fee: 1000,
    capacity: 3,
    imageURL: '',
    imagePath: '',
    organizerName: 'Alice',
    organizerPhotoURL: '',
    organizerId: ALICE,
    status: 'open',
    participants: [],
    createdAt: Timestamp.fromDate(new Date(2024, 0, 1)),
    ...extra,
  };
}

/** A stored request; its id is `${eventId}_${userId}` (requestIdFor). */
export function request(extra: DocumentData = {}): DocumentData {
  return {
    userId: BOB,
    eventId: 'e1',
    message: 'よろしくお願いします',
    status: 'pending',
    createdAt: Timestamp.fromDate(new Date(2024, 0, 2)),
    updatedAt: Timestamp.fromDate(new Date(2024, 0, 2)),
    ...extra,
  };
}

/**
 * A write that moves request `requestId` into (+1) or out of (-1) pending, as the use case makes
 * it: with the staff dashboard's count in the same batch (stats/participation, naming it).
 * `count: false` leaves the count out, as an attacker might.
 */
export function countedRequestWrite(
  db: Firestore,
  requestId: string,
  delta: 1 | -1,
  fill: (batch: WriteBatch) => void,
  count: { pending?: unknown; lastRequest?: unknown } | false = {},
): Promise<void> {
  const batch = writeBatch(db);
  fill(batch);
  if (count) {
    batch.set(
      doc(db, 'stats/participation'),
      { pending: increment(delta), lastRequest: requestId, ...count },
      { merge: true },
    );
  }
  return batch.commit();
}

/** Sets, updates or deletes participationRequests/{id} with the count (countedRequestWrite). */
export const counted = {
  set: (db: Firestore, id: string, data: DocumentData) =>
    countedRequestWrite(db, id, 1, (b) => b.set(doc(db, `participationRequests/${id}`), data)),
  update: (db: Firestore, id: string, fields: DocumentData, delta: 1 | -1 = -1) =>
    countedRequestWrite(db, id, delta, (b) =>
      b.update(doc(db, `participationRequests/${id}`), fields),
    ),
  delete: (db: Firestore, id: string) =>
    countedRequestWrite(db, id, -1, (b) => b.delete(doc(db, `participationRequests/${id}`))),
};

/**
 * A live listener's first answer, or its refusal: what a page's listener (onSnapshot) gets,
 * for assertSucceeds / assertFails. The rules judge a listener's query as they judge a read of
 * it; these cases show it for the listeners the screens keep open.
 */
export function firstSnapshot(q: Query): Promise<number> {
  return new Promise((resolve, reject) => {
    const stop = onSnapshot(
      q,
      (snap) => {
        stop();
        resolve(snap.size);
      },
      reject,
    );
  });
}
