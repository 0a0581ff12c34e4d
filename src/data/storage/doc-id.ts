/**
 * Orders or filters by the document id (Firestore's documentId()). A module of its own, re-exported
 * by ./storage.ts: the Firebase build's entry uses it for its early read, and the build keeps the
 * entry's modules out of the chunks the app's code shares (vite.config.ts).
 */
export const DOC_ID = '__name__';
