import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

/**
 * The command line of a one-off migration: `--project <projectId> [--dry-run]`. Against a real
 * project it signs in with Application Default Credentials (`gcloud auth application-default
 * login` as someone with write access to Firestore, or GOOGLE_APPLICATION_CREDENTIALS=<service
 * account key.json>); with FIRESTORE_EMULATOR_HOST set it writes to that emulator instead (no
 * credentials needed). `run` does the work and says what it did, for the line printed after
 * where it ran.
 */
export async function runOnProject(
  args: string[],
  usage: string,
  run: (db: Firestore, dryRun: boolean) => Promise<string>,
): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { project: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
  if (!values.project) {
    console.error(`usage: ${usage} --project <projectId> [--dry-run]`);
    process.exit(2);
  }
  const emulator = process.env.FIRESTORE_EMULATOR_HOST;
  if (emulator) process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp({ projectId: values.project }, 'migration');
  try {
    const said = await run(getFirestore(app), values['dry-run'] ?? false);
    console.info(`${emulator ? `the emulator at ${emulator}` : values.project}: ${said}`);
  } finally {
    await deleteApp(app);
  }
}
