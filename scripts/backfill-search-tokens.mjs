// npm run backfill:search-tokens -- --project <projectId> [--dry-run]
//
// One-off, after deploying a version that changes what keyword search stores: gives every event
// of the project the search tokens the domain computes today (scripts/search-tokens-backfill.ts).
// Safe to run again (writes only events whose tokens differ) and to stop halfway.
//
// Against a real project it signs in with Application Default Credentials: `gcloud auth
// application-default login` as someone with write access to Firestore, or
// GOOGLE_APPLICATION_CREDENTIALS=<service account key.json>. With FIRESTORE_EMULATOR_HOST set it
// writes to that emulator instead (no credentials needed).
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { loadTsScript } from './load-ts.mjs';

const { values } = parseArgs({
  options: { project: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
});
if (!values.project) {
  console.error('usage: npm run backfill:search-tokens -- --project <projectId> [--dry-run]');
  process.exit(2);
}
if (process.env.FIRESTORE_EMULATOR_HOST) process.env.METADATA_SERVER_DETECTION ??= 'none';

const { backfillSearchTokens } = await loadTsScript('/scripts/search-tokens-backfill.ts');
const app = initializeApp({ projectId: values.project }, 'backfill-search-tokens');
try {
  const dryRun = values['dry-run'];
  const { read, updated } = await backfillSearchTokens(getFirestore(app), { dryRun });
  const where = process.env.FIRESTORE_EMULATOR_HOST
    ? `the emulator at ${process.env.FIRESTORE_EMULATOR_HOST}`
    : values.project;
  console.info(
    `${where}: ${read} events read, ${updated} ${dryRun ? 'would get' : 'given'} new search tokens.`,
  );
} finally {
  await deleteApp(app);
}
