// @vitest-environment node
import { afterAll, describe, expect, it, vi } from 'vitest';
import { apiContract } from './api.contract';
import { attendanceContract } from './attendance.contract';
import { feesContract } from './fees.contract';
import { checkInContract } from './check-in.contract';
import { authContract } from './auth.contract';
import { conversationsContract } from './conversations.contract';
import { eventChangesContract } from './event-changes.contract';
import { eventEndContract } from './event-end.contract';
import { eventsContract } from './events.contract';
import { filesContract } from './files.contract';
import { followsContract } from './follows.contract';
import { boardsContract } from './boards.contract';
import {
  describeShape,
  missingIndexes,
  needsComposite,
  readIndexFile,
  recordedShapes,
} from './indexes';
import { QUERY_SHAPES } from './query-shapes';
import { demoSeedContract } from './demo-seed.contract';
import {
  createFirebaseHarness,
  createFirebaseStorageHarness,
  createSeededFirebaseBackend,
  emulators,
} from './firebase-harness';
import { closeInProcessFunctions } from './functions-in-process';
import { notificationsContract } from './notifications.contract';
import { participationContract } from './participation.contract';
import { rosterContract } from './roster.contract';
import { seriesContract } from './series.contract';
import { seriesRegularsContract } from './series-regulars.contract';
import { headcountContract } from './headcount.contract';
import { seriesChangesContract } from './series-changes.contract';
import { seriesHeadcountContract } from './series-headcount.contract';
import { staffContract } from './staff.contract';
import { standingContract } from './standing.contract';
import { storageContract } from './storage.contract';
import { teamsContract } from './teams.contract';
import { usersContract } from './users.contract';

// The harness injects read faults below the backend, in the SDK's read functions, and every
// query read is recorded for the index check at the end of this file.
vi.mock('firebase/firestore', async (importOriginal) => {
  const { withFirestoreReadFaults } = await import('./faults');
  const { recordingQueries } = await import('./indexes');
  return recordingQueries(
    withFirestoreReadFaults(await importOriginal<typeof import('firebase/firestore')>()),
  );
});

/**
 * The Firebase half of the contract suites. The auth suite needs only the Auth emulator, which is
 * plain JavaScript and starts offline; the others need Google's Firestore emulator (a Java
 * archive). Whatever cannot run is reported as skipped, by name, never silently.
 * scripts/test-firebase.sh starts what is available and runs this file.
 */
// The harness runs the Cloud Functions in this process on the Admin SDK (functions-in-process.ts).
afterAll(closeInProcessFunctions);

const AUTH_MISSING = '(not run: needs the Firebase Auth emulator — run scripts/test-firebase.sh)';
const FIRESTORE_MISSING =
  "(not run: needs Google's Firestore emulator — scripts/test-firebase.sh starts it where installed)";
const STORAGE_MISSING =
  "(not run: needs Google's Storage emulator — scripts/test-firebase.sh starts it where cached, Java 21)";

if (emulators.auth) {
  describe('firebase backend: auth', () => authContract(createFirebaseHarness));
} else {
  describe.skip(`firebase backend: auth ${AUTH_MISSING}`, () => {
    it('runs the auth port contract against the Auth emulator', () => {});
  });
}

const firestoreSuites = {
  // The storage interface the use cases run on (src/data/storage/storage.ts).
  storage: () => storageContract(createFirebaseStorageHarness),
  users: usersContract,
  events: eventsContract,
  'event changes': eventChangesContract,
  participation: participationContract,
  notifications: notificationsContract,
  conversations: conversationsContract,
  teams: teamsContract,
  staff: staffContract,
  standing: standingContract,
  api: apiContract,
  attendance: attendanceContract,
  roster: rosterContract,
  'event end': eventEndContract,
  fees: feesContract,
  'check-in': checkInContract,
  follows: followsContract,
  boards: boardsContract,
  series: seriesContract,
  'series regulars': seriesRegularsContract,
  'minimum headcount': headcountContract,
  'series changes': seriesChangesContract,
  'series minimum headcount': seriesHeadcountContract,
  // The demo data (npm run seed:emulators), read back as on the local backend (local.test.ts).
  'demo data': () => demoSeedContract(createSeededFirebaseBackend),
};

for (const [name, suite] of Object.entries(firestoreSuites)) {
  if (emulators.auth && emulators.firestore) {
    describe(`firebase backend: ${name}`, () => suite(createFirebaseHarness));
  } else {
    describe.skip(`firebase backend: ${name} ${FIRESTORE_MISSING}`, () => {
      it(`runs the ${name} port contract against the Firestore and Auth emulators`, () => {});
    });
  }
}

// Uploads need Storage; signing up a user for them needs Firestore as well.
if (emulators.auth && emulators.firestore && emulators.storage) {
  describe('firebase backend: files', () => filesContract(createFirebaseHarness));
} else {
  const missing = emulators.firestore
    ? STORAGE_MISSING
    : "(not run: needs Google's Firestore and Storage emulators — see scripts/test-firebase.sh)";
  describe.skip(`firebase backend: files ${missing}`, () => {
    it('runs the files port contract against the Storage emulator', () => {});
  });
}

// Last, after every suite above has read through the backend: the index check (docs/testing.md
// "Indexes"). The emulator answers queries without their index; production does not.
if (emulators.auth && emulators.firestore) {
  describe('firebase backend: firestore indexes', () => {
    it('every query the suites made that filters and orders has its composite index in firestore.indexes.json, and is listed in query-shapes.ts', () => {
      expect(recordedShapes.size).toBeGreaterThan(0);
      expect(missingIndexes(recordedShapes.values(), readIndexFile())).toEqual([]);
      const listed = new Set(QUERY_SHAPES.map(describeShape));
      const unlisted = [...recordedShapes.values()]
        .filter((s) => needsComposite(s) && !listed.has(describeShape(s)))
        .map((s) => JSON.stringify(s));
      expect(unlisted).toEqual([]);
    });
  });
} else {
  describe.skip(`firebase backend: firestore indexes ${FIRESTORE_MISSING}`, () => {
    it('checks the composite index of every query the suites made', () => {});
  });
}
