import { infiniteQueryOptions, skipToken, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@/domain/entities/common';

/**
 * The query options of a list read a page at a time with the backend's opaque cursor (the ports'
 * Page): the first page from null, the next from the last page's cursor, none after a page
 * without one. Without `fetchPage` (no backend) it gives the key alone and never fetches.
 */
export function cursorPages<T, K extends QueryKey>(
  queryKey: K,
  fetchPage: ((cursor: string | null) => Promise<Page<T>>) | null,
  meta?: { silent?: boolean },
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: fetchPage
      ? ({ pageParam }: { pageParam: string | null }) => fetchPage(pageParam)
      : skipToken,
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<T>) => last.nextCursor ?? undefined,
    meta,
  });
}
