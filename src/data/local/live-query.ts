import { liveQuery } from 'dexie';

/**
 * Runs `query` now and again whenever a table it read changes, in this tab or another one
 * (Dexie broadcasts mutations between tabs), which is what Firestore snapshot listeners give.
 */
export function subscribeLive<T>(
  query: () => Promise<T>,
  onChange: (value: T) => void,
  onError: (e: unknown) => void,
): () => void {
  const subscription = liveQuery(query).subscribe({ next: onChange, error: onError });
  return () => subscription.unsubscribe();
}
