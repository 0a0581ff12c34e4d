import { useMemo } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { CARD_GRID_CLASS, CardGridSkeleton, SKELETON_CARDS } from '@/components/ui/card-grid';
import { FilteredResults } from '@/components/flows/filtered-results';
import { Page } from '@/components/ui/page';
import { useBackend } from '@/lib/backend-context';
import { useFirstItemsFirst } from '@/lib/use-first-items-first';
import { useUrlFilters } from '@/lib/use-url-filters';
import { EAGER_CARDS } from '@/components/ui/cover-image';
import { TeamCard } from '../components/team-card';
import { TeamFilterBar } from '../components/team-filter-bar';
import { paramsFromTeamFilters, teamFiltersFromParams } from '../team-filters';
import { teamQueries } from '../team-queries';

export default function TeamListPage() {
  const backend = useBackend();
  const { filters, resultsKey, onChange, onClear } = useUrlFilters(
    teamFiltersFromParams,
    paramsFromTeamFilters,
  );
  const query = useInfiniteQuery({
    ...teamQueries.list(filters, backend),
    // While other filters load, the previous results stay instead of a skeleton flash.
    placeholderData: keepPreviousData,
  });
  const teams = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const shownTeams = useFirstItemsFirst(teams, SKELETON_CARDS);
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
      <FilteredResults
        query={query}
        count={teams.length}
        testId="team-results"
        resultsKey={resultsKey}
        skeleton={<CardGridSkeleton label="チームを読み込み中…" />}
        loadErrorMessage="チームを読み込めませんでした"
        emptyTitle={active ? '条件に合うチームが見つかりません' : 'まだチームがありません'}
        active={active}
        onClear={onClear}
        create={{ to: '/teams/create', label: '最初のチームを作成する' }}
      >
        <ul className={CARD_GRID_CLASS} aria-label="チーム">
          {shownTeams.map((team, i) => (
            <TeamCard key={team.id} team={team} eager={i < EAGER_CARDS} />
          ))}
        </ul>
      </FilteredResults>
    </Page>
  );
}
