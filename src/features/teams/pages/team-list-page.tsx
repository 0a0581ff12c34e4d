import { useCallback, useMemo } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { CARD_GRID_CLASS, CardGridSkeleton } from '@/components/ui/card-grid';
import { EmptyState, ErrorState, Page } from '@/components/ui/page';
import type { TeamFilters } from '@/data/ports/teams';
import { errorMessage } from '@/domain/errors';
import { useBackend } from '@/lib/backend-context';
import { TeamCard } from '../components/team-card';
import { TeamFilterBar } from '../components/team-filter-bar';
import { paramsFromTeamFilters, teamFiltersFromParams } from '../team-filters';
import { teamQueries } from '../team-queries';

export default function TeamListPage() {
  const backend = useBackend();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => teamFiltersFromParams(new URLSearchParams(search)), [search]);
  const resultsKey = paramsFromTeamFilters(filters).toString();

  // Each choice is a new history entry, so the back button undoes it.
  const apply = useCallback(
    (next: TeamFilters) => {
      const params = paramsFromTeamFilters(next);
      if (params.toString() !== resultsKey) setSearchParams(params);
    },
    [resultsKey, setSearchParams],
  );
  const onChange = useCallback(
    (patch: Partial<TeamFilters>) => apply({ ...filters, ...patch }),
    [apply, filters],
  );
  const onClear = useCallback(() => apply({}), [apply]);

  const query = useInfiniteQuery({
    ...teamQueries.list(filters, backend),
    // While other filters load, the previous results stay instead of a skeleton flash.
    placeholderData: keepPreviousData,
  });
  const teams = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const active = resultsKey !== '';

  return (
    <Page
      title="チーム一覧"
      actions={
        <Link to="/teams/create" className={buttonClass('primary')}>
          チームを作成
        </Link>
      }
    >
      <TeamFilterBar filters={filters} onChange={onChange} onClear={onClear} canClear={active} />

      {query.isPending ? (
        <CardGridSkeleton label="チームを読み込み中…" />
      ) : query.isError && teams.length === 0 ? (
        <ErrorState
          message={errorMessage(query.error, 'チームを読み込めませんでした')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div
          data-testid="team-results"
          data-results-key={query.isPlaceholderData ? undefined : resultsKey}
          aria-busy={query.isPlaceholderData || undefined}
          className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        >
          {teams.length === 0 ? (
            <EmptyState
              title={active ? '条件に合うチームが見つかりません' : 'まだチームがありません'}
            >
              {active ? (
                <button
                  type="button"
                  onClick={onClear}
                  className={buttonClass('secondary', 'mt-3')}
                >
                  条件をクリア
                </button>
              ) : (
                <Link to="/teams/create" className={buttonClass('secondary', 'mt-3')}>
                  最初のチームを作成する
                </Link>
              )}
            </EmptyState>
          ) : (
            <ul className={CARD_GRID_CLASS} aria-label="チーム">
              {teams.map((team) => (
                <TeamCard key={team.id} team={team} />
              ))}
            </ul>
          )}
          <LoadMore
            className="mt-8"
            hasMore={query.hasNextPage && !query.isPlaceholderData}
            loading={query.isFetchingNextPage}
            error={
              query.isFetchNextPageError
                ? errorMessage(query.error, '続きを読み込めませんでした')
                : null
            }
            onLoadMore={() => void query.fetchNextPage()}
          />
        </div>
      )}
    </Page>
  );
}
