/**
 * One page of a filtered list that no index can serve (a keyword search): reads the list in
 * order, batch by batch, keeping the items that match, until the page is full and one more
 * match proves there is a next page, or the list ends, or `maxExamined` rows were read. The
 * cursor then continues after the last item shown, or, when the budget ran out first, after the
 * last row examined, so a page may hold fewer items and still have a next one.
 */
export async function scanPage<R, T, K>(options: {
  /** Where the previous page stopped (null: from the start). */
  after: K | null;
  /** Up to `size` rows after `after`, in list order. */
  read: (after: K | null, size: number) => Promise<R[]>;
  /** The cursor that resumes right after `row`. */
  keyOf: (row: R) => K;
  /** The row as an item, or null when it cannot be read (it is skipped). */
  parse: (row: R) => T | null;
  matches: (item: T) => boolean;
  pageSize: number;
  batchSize: number;
  maxExamined: number;
}): Promise<{ items: T[]; next: K | null }> {
  const { read, keyOf, parse, matches, pageSize, batchSize, maxExamined } = options;
  const items: T[] = [];
  let after = options.after;
  let lastIncluded: R | null = null;
  let lastExamined: R | null = null;
  let examined = 0;
  while (examined < maxExamined) {
    const size = Math.min(batchSize, maxExamined - examined);
    const rows = await read(after, size);
    for (const row of rows) {
      examined++;
      const item = parse(row);
      if (item !== null && matches(item)) {
        if (items.length === pageSize) return { items, next: keyOf(lastIncluded!) };
        items.push(item);
        lastIncluded = row;
      }
      lastExamined = row;
    }
    if (rows.length < size) return { items, next: null };
    after = keyOf(lastExamined!);
  }
  const resumeAt = items.length === pageSize ? lastIncluded : lastExamined;
  return { items, next: resumeAt ? keyOf(resumeAt) : null };
}
