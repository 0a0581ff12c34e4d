import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/domain/errors';
import { buttonClass } from '@/components/ui/button';
import { QueryLoadMore, type NextPageQuery } from '@/components/ui/load-more';
import { EmptyState, ErrorState } from '@/components/ui/page';

/** What a filtered, cursor-paged list screen needs of its infinite query. */
interface ListQuery extends NextPageQuery {
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/**
 * The results of a filtered list (events, teams): the skeleton while the first page loads, the
 * error with a retry when nothing could be shown, the empty state (clear the filters when some
 * are set, else the way to create the first one), the items and 「もっと見る」. While other
 * filters load, the previous results stay, dimmed and marked busy; `data-results-key` names the
 * filters the shown results belong to (for tests to wait on).
 */
export function FilteredResults({
  query,
  count,
  testId,
  resultsKey,
  skeleton,
  loadErrorMessage,
  emptyTitle,
  active,
  onClear,
  create,
  children,
}: {
  query: ListQuery;
  /** How many items are loaded. */
  count: number;
  testId: string;
  resultsKey: string;
  skeleton: ReactNode;
  loadErrorMessage: string;
  emptyTitle: string;
  /** Whether any filter is set. */
  active: boolean;
  onClear: () => void;
  create: { to: string; label: string };
  children: ReactNode;
}) {
  if (query.isPending) return <>{skeleton}</>;
  if (query.isError && count === 0) {
    return (
      <ErrorState
        message={errorMessage(query.error, loadErrorMessage)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div
      data-testid={testId}
      data-results-key={query.isPlaceholderData ? undefined : resultsKey}
      aria-busy={query.isPlaceholderData || undefined}
      className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
    >
      {count === 0 ? (
        <EmptyState title={emptyTitle}>
          {active ? (
            <button type="button" onClick={onClear} className={buttonClass('secondary', 'mt-3')}>
              条件をクリア
            </button>
          ) : (
            <Link to={create.to} className={buttonClass('secondary', 'mt-3')}>
              {create.label}
            </Link>
          )}
        </EmptyState>
      ) : (
        children
      )}
      <QueryLoadMore className="mt-8" query={query} hidden={query.isPlaceholderData} />
    </div>
  );
}
