import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstItemsFirst } from './use-first-items-first';

/** Every list the hook gives, render by render. */
function renders(initial: number[]) {
  const seen: number[][] = [];
  const hook = renderHook(
    ({ items }) => {
      const shown = useFirstItemsFirst(items, 3);
      seen.push(shown);
      return shown;
    },
    { initialProps: { items: initial } },
  );
  return { seen, hook };
}

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);

describe('useFirstItemsFirst', () => {
  it('gives a list that fills its first items at once, then all of them', () => {
    const { seen, hook } = renders([]);
    hook.rerender({ items: range(10) });
    expect(seen.map((s) => s.length)).toEqual([0, 3, 10]);
    expect(hook.result.current).toEqual(range(10));
  });

  it('gives a list that already shows items every item at once (a filter, the next page)', () => {
    const { seen, hook } = renders(range(5));
    hook.rerender({ items: range(20, 100) });
    // React renders again for the deferred value; no render gives part of the list.
    expect([...new Set(seen.slice(1).map((s) => s.length))]).toEqual([20]);
  });

  it('gives a short list whole', () => {
    const { seen, hook } = renders([]);
    hook.rerender({ items: range(2) });
    expect([...new Set(seen.slice(1).map((s) => s.length))]).toEqual([2]);
  });
});
