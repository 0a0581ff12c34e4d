import { deleteApp, initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';

/**
 * The server's side of the journeys on the Firebase build: running a scheduled Cloud Function
 * now, and writing a document past the rules as the Functions do. Only for the `firebase`
 * project (the local build runs its schedules in the page).
 */

/** Why scheduled functions cannot run here, or null when they can. */
export function scheduledFunctionsMissing(): string | null {
  if (!process.env.FUNCTIONS_EMULATOR_HOST) return 'the Functions emulator is not running';
  if (!process.env.PUBSUB_EMULATOR_HOST)
    return 'the Pub/Sub emulator is not running, so the Functions emulator registers no scheduled function';
  return null;
}

/**
 * Runs the scheduled function `name` (functions/src/index.ts) once, as Cloud Scheduler would at
 * its time, and returns when the run has finished. The Functions emulator registers a 2nd-gen
 * scheduled function only while the Pub/Sub emulator runs (scripts/emulators.sh), as an HTTP
 * trigger under the key `<region>-<name>-0`; publishing to its topic does not run it
 * (firebase-tools 15 delivers Pub/Sub messages to event-signature functions only), so this posts
 * to the trigger as the scheduler's HTTP call does.
 */
export async function runScheduledFunction(name: string, region = 'asia-northeast1') {
  const missing = scheduledFunctionsMissing();
  if (missing) throw new Error(`Cannot run ${name}: ${missing}`);
  const project = process.env.VITE_FIREBASE_PROJECT_ID!;
  const url = `http://${process.env.FUNCTIONS_EMULATOR_HOST}/functions/projects/${project}/triggers/${region}-${name}-0`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-CloudScheduler-JobName': name,
      'X-CloudScheduler-ScheduleTime': new Date().toISOString(),
    },
    body: '{}',
    signal: AbortSignal.timeout(120_000),
  });
  if (!res.ok) throw new Error(`${name} failed: HTTP ${res.status} ${await res.text()}`);
}

/** Runs `fn` with the Admin SDK's Firestore on the emulator (no rules), as a Function would. */
async function asServer<T>(fn: (db: Firestore) => Promise<T>): Promise<T> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp(
    { projectId: process.env.VITE_FIREBASE_PROJECT_ID! },
    `e2e-${crypto.randomUUID()}`,
  );
  try {
    return await fn(getFirestore(app));
  } finally {
    await deleteApp(app);
  }
}

/** Writes one document past the rules. */
export async function writeDocAsServer(path: string, data: Record<string, unknown>) {
  await asServer((db) => db.doc(path).set(data));
}

/**
 * Changes fields of one document past the rules, as a Function would (a Date becomes a
 * timestamp).
 */
export async function updateDocAsServer(path: string, fields: Record<string, unknown>) {
  await asServer((db) => db.doc(path).update(fields));
}

/**
 * A GET of an HTTP Cloud Function on the Functions emulator, at `path` after its name (as
 * Hosting's rewrite passes the path on): `http://<host>/<project>/us-central1/<name><path>`.
 */
export async function fetchFunction(name: string, path: string): Promise<Response> {
  const host = process.env.FUNCTIONS_EMULATOR_HOST;
  if (!host) throw new Error(`Cannot fetch ${name}: the Functions emulator is not running`);
  const project = process.env.VITE_FIREBASE_PROJECT_ID!;
  return fetch(`http://${host}/${project}/us-central1/${name}${path}`, {
    signal: AbortSignal.timeout(60_000),
  });
}

/** Moves an event's day by `days` past the rules: time passing, for an event that has ended. */
export async function moveEventDayAsServer(eventId: string, days: number) {
  await asServer(async (db) => {
    const ref = db.collection('events').doc(eventId);
    const date = (await ref.get()).get('date') as Timestamp;
    await ref.update({ date: Timestamp.fromMillis(date.toMillis() + days * 24 * 60 * 60_000) });
  });
}
