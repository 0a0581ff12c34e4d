import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ErrorState } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import type { Page } from '@/domain/entities/common';
import { errorMessage } from '@/domain/errors';
import { QueryLoadMore } from '@/components/ui/load-more';

/**
 * The states of a cursor-paged staff list: loading, an error with a retry, empty, the rows and
 * 「もっと見る」. A scan may end a page with no match yet and more to read; it says so.
 */
export function PagedList<T>({
  query,
  loadingLabel,
  errorText,
  empty,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;
  loadingLabel: string;
  errorText: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError && items.length === 0 && !query.isFetchNextPageError) {
    return (
      <ErrorState
        message={errorMessage(query.error, errorText)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (items.length === 0 && !query.hasNextPage) return <>{empty}</>;
  return (
    <>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">
          ここまでに一致するものはありませんでした。続きを探すには「もっと見る」を押してください。
        </p>
      ) : (
        children(items)
      )}
      <QueryLoadMore query={query} />
    </>
  );
}
