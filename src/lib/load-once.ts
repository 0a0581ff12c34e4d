/**
 * `load` run once: every call shares its promise. A failed load is not kept, so the next call
 * loads again (a chunk that did not download on a bad connection may on the next try).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((e: unknown) => {
      loaded = undefined;
      throw e;
    }));
}
