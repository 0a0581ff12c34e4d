/** Firestore's `in` filter takes at most 30 values. */
export const IN_LIMIT = 30;

/**
 * Reads `ids` in chunks of IN_LIMIT, all chunks at once (independent reads need not wait for
 * each other), and returns their results in chunk order.
 */
export async function readInChunks<T>(
  ids: readonly string[],
  read: (chunk: string[]) => Promise<T[]>,
): Promise<T[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += IN_LIMIT) chunks.push(ids.slice(i, i + IN_LIMIT));
  return (await Promise.all(chunks.map(read))).flat();
}
