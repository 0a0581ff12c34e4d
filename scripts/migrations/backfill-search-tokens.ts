// npm run backfill:search-tokens -- --project <projectId> [--dry-run]
//
// One-off, after deploying a version that changes what keyword search stores: gives every event
// of the project the search tokens the domain computes today. Safe to run again (writes only
// events whose tokens differ) and to stop halfway. Credentials: ./project-cli.ts.
import { FieldPath, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { searchTokensOf } from '@/domain/event-search';
import { runOnProject } from './project-cli';

/** Events read per query, and at most as many writes per batch (Firestore's batch limit). */
const PAGE = 500;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The search tokens of a stored event's fields (any missing text counts as empty). */
export function tokensOfStored(get: (field: string) => unknown): string[] {
  return searchTokensOf({
    title: text(get('title')),
    sportType: text(get('sportType')),
    location: text(get('location')),
    organizerName: text(get('organizerName')),
    teamName: text(get('teamName')),
    description: text(get('description')),
  });
}

const sameList = (stored: unknown, tokens: string[]): boolean =>
  Array.isArray(stored) &&
  stored.length === tokens.length &&
  stored.every((t, i) => t === tokens[i]);

/**
 * Gives every event the search tokens the domain computes from its texts today (searchTokensOf):
 * events stored before tokens existed, or before the fold or the searched texts last changed,
 * are otherwise found by keyword only after their next edit. Reads the events PAGE at a time in
 * id order and writes only those whose tokens differ, so a second run writes nothing and a run
 * cut short can simply be started again. Nothing else on the event changes (not updatedAt: the
 * organizer edited nothing). With dryRun, counts what it would write.
 */
export async function backfillSearchTokens(
  db: Firestore,
  opts: { dryRun?: boolean } = {},
): Promise<{ read: number; updated: number }> {
  let read = 0;
  let updated = 0;
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    let page = db.collection('events').orderBy(FieldPath.documentId()).limit(PAGE);
    if (last) page = page.startAfter(last);
    const snap = await page.get();
    const batch = db.batch();
    let inBatch = 0;
    for (const d of snap.docs) {
      const tokens = tokensOfStored((field) => d.get(field));
      if (sameList(d.get('searchTokens'), tokens)) continue;
      batch.update(d.ref, { searchTokens: tokens });
      inBatch += 1;
    }
    if (inBatch > 0 && !opts.dryRun) await batch.commit();
    read += snap.size;
    updated += inBatch;
    if (snap.size < PAGE) return { read, updated };
    last = snap.docs.at(-1);
  }
}

export function main(args: string[]): Promise<void> {
  return runOnProject(args, 'npm run backfill:search-tokens --', async (db, dryRun) => {
    const { read, updated } = await backfillSearchTokens(db, { dryRun });
    return `${read} events read, ${updated} ${dryRun ? 'would get' : 'given'} new search tokens.`;
  });
}
