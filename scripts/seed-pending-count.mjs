// node scripts/seed-pending-count.mjs --project <projectId> [--dry-run]
//
// One-off, when a project has join requests from before the staff dashboard's pending count
// (stats/participation) was kept, or from a version that left promoted requests in it: sets the
// count to the pending requests stored now (scripts/pending-count-seed.ts). Safe to run again.
//
// Credentials as scripts/backfill-search-tokens.mjs: Application Default Credentials against a
// real project; with FIRESTORE_EMULATOR_HOST set it writes to that emulator instead.
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { loadTsScript } from './load-ts.mjs';

const { values } = parseArgs({
  options: { project: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
});
if (!values.project) {
  console.error('usage: node scripts/seed-pending-count.mjs --project <projectId> [--dry-run]');
  process.exit(2);
}
if (process.env.FIRESTORE_EMULATOR_HOST) process.env.METADATA_SERVER_DETECTION ??= 'none';

const { seedPendingCount } = await loadTsScript('/scripts/pending-count-seed.ts');
const app = initializeApp({ projectId: values.project }, 'seed-pending-count');
try {
  const dryRun = values['dry-run'];
  const { before, pending, written } = await seedPendingCount(getFirestore(app), { dryRun });
  const where = process.env.FIRESTORE_EMULATOR_HOST
    ? `the emulator at ${process.env.FIRESTORE_EMULATOR_HOST}`
    : values.project;
  const action = written ? 'set to' : before === pending ? 'already' : 'would be set to';
  console.info(`${where}: the pending count was ${before ?? 'unset'}, ${action} ${pending}.`);
} finally {
  await deleteApp(app);
}
