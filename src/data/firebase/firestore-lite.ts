/**
 * What 'firebase/firestore' is for the first-read copies of this backend's modules
 * (scripts/firestore-lite-plugin.ts): Firestore Lite, which reads and writes over plain requests
 * and has no listeners, no cache and no persistence. Its count is getCount; a listener is never
 * started on it (src/data/firebase/staged-backend.ts sends listeners to the full SDK), and one
 * started by mistake says so.
 */
export * from 'firebase/firestore/lite';
export { getCount as getCountFromServer } from 'firebase/firestore/lite';

export function onSnapshot(): never {
  throw new Error('A listener needs the full Firestore SDK, not Firestore Lite');
}
