import { autoId } from '@/data/storage/storage';

/** A random document id shaped like a Firestore auto id, so both backends produce lookalike ids. */
export const newId = autoId;

/** Action codes are bearer secrets in a link, so they get more entropy than document ids. */
export function newActionCode(): string {
  return autoId(40);
}
