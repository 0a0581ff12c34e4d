/**
 * Orders or filters by the document id (Firestore's documentId()). A module of its own,
 * re-exported by ./storage.ts: the Firebase build's entry uses it for its early read, and were the
 * entry to import ./storage.ts, that module could not join the shared chunk without taking the
 * entry's own modules into a chunk the entry imports (scripts/chunk-groups.ts, the 'first-read'
 * group; the build stops when the entry imports a chunk).
 */
export const DOC_ID = '__name__';
