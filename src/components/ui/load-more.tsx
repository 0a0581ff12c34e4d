import { errorMessage } from '@/domain/errors';
import { Button } from './button';

/** 「もっと見る」 under a cursor-paged list, busy while the next page loads, with its failure. */
export function LoadMore({
  hasMore,
  loading,
  error,
  onLoadMore,
  className = 'mt-4',
}: {
  hasMore: boolean;
  loading: boolean;
  /** Why the last next page failed, or null. */
  error: string | null;
  onLoadMore: () => void;
  className?: string;
}) {
  if (!hasMore && !error) return null;
  return (
    <div className={`flex flex-col items-center gap-3 ${className}`}>
      {hasMore ? (
        <Button
          variant="secondary"
          className="min-w-40"
          busy={loading}
          busyLabel="読み込み中…"
          onClick={onLoadMore}
        >
          もっと見る
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="text-center text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What LoadMore needs of an infinite query. */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
}

/**
 * LoadMore for an infinite query: its next page, its loading and the failure of the last next
 * page. `hidden` keeps the button away while the shown page is not the query's own (placeholder).
 */
export function QueryLoadMore({
  query,
  hidden = false,
  className,
}: {
  query: NextPageQuery;
  hidden?: boolean;
  className?: string;
}) {
  return (
    <LoadMore
      className={className}
      hasMore={query.hasNextPage && !hidden}
      loading={query.isFetchingNextPage}
      error={
        query.isFetchNextPageError ? errorMessage(query.error, '続きを読み込めませんでした') : null
      }
      onLoadMore={() => void query.fetchNextPage()}
    />
  );
}
