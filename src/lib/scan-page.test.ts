import { describe, expect, it } from 'vitest';
import { scanPage } from './scan-page';

/** Rows 1..n in order; the cursor is the last row's number. */
function source(n: number) {
  const reads: number[] = [];
  return {
    reads,
    read: async (after: number | null, size: number) => {
      reads.push(size);
      const from = (after ?? 0) + 1;
      return Array.from({ length: Math.max(0, Math.min(size, n - from + 1)) }, (_, i) => from + i);
    },
  };
}

const common = {
  keyOf: (r: number) => r,
  parse: (r: number) => (r === 4 ? null : r),
  pageSize: 3,
  batchSize: 5,
  maxExamined: 20,
};

describe('scanPage', () => {
  it('fills a page of matches, skipping unreadable rows, and resumes after the last item shown', async () => {
    const s = source(100);
    const even = (x: number) => x % 2 === 0;
    const first = await scanPage({ ...common, after: null, read: s.read, matches: even });
    // 4 cannot be read: 2, 6, 8 are the page; 10 proves there is more.
    expect(first).toEqual({ items: [2, 6, 8], next: 8 });
    const second = await scanPage({ ...common, after: first.next, read: s.read, matches: even });
    expect(second.items).toEqual([10, 12, 14]);
  });

  it('ends with no cursor when the list runs out', async () => {
    const s = source(7);
    expect(await scanPage({ ...common, after: null, read: s.read, matches: () => true })).toEqual({
      items: [1, 2, 3],
      next: 3,
    });
    expect(await scanPage({ ...common, after: 5, read: s.read, matches: () => true })).toEqual({
      items: [6, 7],
      next: null,
    });
  });

  it('stops at the budget and continues from the last row examined', async () => {
    const s = source(100);
    const rare = (x: number) => x === 2 || x === 60;
    const first = await scanPage({ ...common, after: null, read: s.read, matches: rare });
    expect(first).toEqual({ items: [2], next: 20 });
    expect(s.reads.reduce((a, b) => a + b, 0)).toBe(20);
    const later = await scanPage({ ...common, after: 40, read: s.read, matches: rare });
    expect(later).toEqual({ items: [60], next: 60 });
  });
});
