import { FirebaseError } from 'firebase/app';
import { logger } from '@/lib/logger';

/**
 * docs/domain.md "Errors": a failed query is logged, and a missing composite index (failed-precondition) with a
 * hint: its message carries the console link that creates the index, and firestore.indexes.json
 * should list it so `firebase deploy --only firestore:indexes` creates it everywhere.
 */
export function logQueryError(context: string, e: unknown): void {
  if (e instanceof FirebaseError && e.code === 'failed-precondition') {
    logger.error(
      `${context}: missing Firestore index? Add it to firestore.indexes.json and deploy (firebase deploy --only firestore:indexes)`,
      e,
    );
    return;
  }
  logger.error(context, e);
}

/** The security rules refused the read or write. */
export function isRulesRefusal(e: unknown): boolean {
  return e instanceof FirebaseError && e.code === 'permission-denied';
}
