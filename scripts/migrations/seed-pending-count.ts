// npm run seed:pending-count -- --project <projectId> [--dry-run]
//
// One-off, when a project has join requests from before the staff dashboard's pending count
// (stats/participation) was kept, or from a version that left promoted requests in it: sets the
// count to the pending requests stored now. Safe to run again. Credentials: ./project-cli.ts.
import type { Firestore } from 'firebase-admin/firestore';
import { PENDING_STATS_PATH, isCountedPending } from '@/data/use-cases/pending-count';
import { runOnProject } from './project-cli';

/**
 * Gives the staff dashboard's pending count (stats/participation) the number of pending join
 * requests stored now, counted as the app counts them (isCountedPending: asked by their
 * requester, not made for someone moving up from the キャンセル待ち). The app keeps the count in
 * step from then on, in every write that moves a request into or out of pending; requests
 * stored before the count existed, or before a version that left some writes out of it, are
 * otherwise missing from it, and processing them makes it read low.
 *
 * One transaction reads the count and the pending requests and writes the number: every write
 * that moves a request also writes the count, so such a write running at the same time makes
 * one of the two try again, and the number is exact when it commits. Safe to run again (it
 * writes only when the number differs). lastRequest is kept (the rules compare only its next
 * value). With dryRun, says what it would write.
 */
export async function seedPendingCount(
  db: Firestore,
  opts: { dryRun?: boolean } = {},
): Promise<{ before: number | null; pending: number; written: boolean }> {
  return db.runTransaction(async (tx) => {
    const stats = db.doc(PENDING_STATS_PATH);
    const stored = await tx.get(stats);
    const requests = await tx.get(
      db
        .collection('participationRequests')
        .where('status', '==', 'pending')
        .select('status', 'fromWaitlist'),
    );
    const pending = requests.docs.filter((d) =>
      isCountedPending({
        status: String(d.get('status')),
        fromWaitlist: d.get('fromWaitlist') === true,
      }),
    ).length;
    const value: unknown = stored.get('pending');
    const before = typeof value === 'number' ? value : null;
    const written = before !== pending && !opts.dryRun;
    if (written) {
      tx.set(
        stats,
        { pending, lastRequest: String(stored.get('lastRequest') ?? '') },
        { merge: true },
      );
    }
    return { before, pending, written };
  });
}

export function main(args: string[]): Promise<void> {
  return runOnProject(args, 'npm run seed:pending-count --', async (db, dryRun) => {
    const { before, pending, written } = await seedPendingCount(db, { dryRun });
    const action = written ? 'set to' : before === pending ? 'already' : 'would be set to';
    return `the pending count was ${before ?? 'unset'}, ${action} ${pending}.`;
  });
}
