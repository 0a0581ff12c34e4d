import { newDocId } from '@/data/storage/storage';

/** A random document id shaped like a Firestore auto id (src/data/storage/storage.ts). */
export const newId = newDocId;

/** Action codes are bearer secrets in a link, so they get more entropy than document ids. */
export function newActionCode(): string {
  return newDocId(40);
}
