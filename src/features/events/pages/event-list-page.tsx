import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { EmptyState, ErrorState, Page } from '@/components/ui/page';
import type { EventFilters } from '@/data/ports/events';
import { errorMessage } from '@/domain/errors';
import { EVENT_GRID_CLASS, EventCard, EventCardGridSkeleton } from '../components/event-card';
import { EventFilterBar } from '../components/event-filter-bar';
import { filtersFromParams, hasActiveFilters, paramsFromFilters } from '../event-filters';
import { useEventList } from '../use-event-list';

export default function EventListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(search)), [search]);
  const resultsKey = paramsFromFilters(filters).toString();

  const apply = useCallback(
    (next: EventFilters, replace: boolean) => {
      const params = paramsFromFilters(next);
      if (params.toString() === paramsFromFilters(filters).toString()) return;
      setSearchParams(params, { replace });
    },
    [filters, setSearchParams],
  );
  // A choice in a filter is a new history entry (the back button undoes it); refining a typed
  // keyword replaces the entry so the history is not one step per pause in typing.
  const onChange = useCallback(
    (patch: Partial<EventFilters>) => apply({ ...filters, ...patch }, false),
    [apply, filters],
  );
  const onKeyword = useCallback(
    (keyword: string) => apply({ ...filters, keyword }, Boolean(filters.keyword && keyword)),
    [apply, filters],
  );
  const onClear = useCallback(() => apply({}, false), [apply]);

  const query = useEventList(filters, { keepPrevious: true });
  const events = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const active = hasActiveFilters(filters);

  return (
    <Page
      title="イベント一覧"
      actions={
        <Link to="/create-event" className={buttonClass('primary')}>
          イベントを作成
        </Link>
      }
    >
      <EventFilterBar
        filters={filters}
        onChange={onChange}
        onKeyword={onKeyword}
        onClear={onClear}
        canClear={active}
      />

      {query.isPending ? (
        <EventCardGridSkeleton />
      ) : query.isError && events.length === 0 ? (
        <ErrorState
          message={errorMessage(query.error, 'イベントを読み込めませんでした')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div
          data-testid="event-results"
          data-results-key={query.isPlaceholderData ? undefined : resultsKey}
          aria-busy={query.isPlaceholderData || undefined}
          className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        >
          {events.length === 0 ? (
            <EmptyState title="条件に合うイベントが見つかりません">
              {active ? (
                <button
                  type="button"
                  onClick={onClear}
                  className={buttonClass('secondary', 'mt-3')}
                >
                  条件をクリア
                </button>
              ) : (
                <Link to="/create-event" className={buttonClass('secondary', 'mt-3')}>
                  イベントを作成する
                </Link>
              )}
            </EmptyState>
          ) : (
            <ul className={EVENT_GRID_CLASS} aria-label="イベント">
              {events.map((event) => (
                <EventCard key={event.id} event={event} />
              ))}
            </ul>
          )}
          {query.hasNextPage && !query.isPlaceholderData ? (
            <div className="mt-8 flex justify-center">
              <LoadMoreButton
                className="min-w-40"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              />
            </div>
          ) : null}
          {query.isFetchNextPageError ? (
            <p role="alert" className="mt-3 text-center text-sm text-red-700">
              {errorMessage(query.error, '続きを読み込めませんでした')}
            </p>
          ) : null}
        </div>
      )}
    </Page>
  );
}
