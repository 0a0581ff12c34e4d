import { useCallback, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { FilteredResults } from '@/components/flows/filtered-results';
import { Page } from '@/components/ui/page';
import { useFirstItemsFirst } from '@/lib/use-first-items-first';
import { useUrlFilters } from '@/lib/use-url-filters';
import { EAGER_CARDS } from '@/components/ui/cover-image';
import { SKELETON_CARDS } from '@/components/ui/card-grid';
import { EVENT_GRID_CLASS, EventCard, EventCardGridSkeleton } from '../components/event-card';
import { EventFilterBar } from '../components/event-filter-bar';
import { filtersFromParams, hasActiveFilters, paramsFromFilters } from '../event-filters';
import { EventCount, useEventCount } from '../components/event-count';
import { useEventList } from '../use-event-list';
import { oneDatePerSeries } from '@/domain/series-list';

export default function EventListPage() {
  const { filters, resultsKey, apply, onChange, onClear } = useUrlFilters(
    filtersFromParams,
    paramsFromFilters,
  );
  // Refining a typed keyword replaces the history entry, so the history is not one step per
  // pause in typing; any other choice is a new entry (the back button undoes it).
  const onKeyword = useCallback(
    (keyword: string) => apply({ ...filters, keyword }, Boolean(filters.keyword && keyword)),
    [apply, filters],
  );

  const query = useEventList(filters, { keepPrevious: true });
  // Counted once the whole first page is shown (its cards after the first screen's come in a
  // deferred render: useFirstItemsFirst), so the count never delays the cards.
  const firstPage = query.isSuccess && !query.isPlaceholderData;
  const shown = useDeferredValue(firstPage);
  const total = useEventCount(filters, firstPage && shown);
  const events = useMemo(
    () => oneDatePerSeries(query.data?.pages.flatMap((p) => p.items) ?? []),
    [query.data],
  );
  const shownEvents = useFirstItemsFirst(events, SKELETON_CARDS);
  const active = hasActiveFilters(filters);
  // yyyy-MM-dd compares as text. Such a range matches nothing, and saying so beats 見つかりません.
  const reversedDates = Boolean(filters.from && filters.to && filters.from > filters.to);

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
      {reversedDates ? (
        <p
          role="alert"
          data-testid="event-date-range-error"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          開催日の「から」が「まで」より後の日付になっています。日付を見直してください。
        </p>
      ) : (
        <>
          <EventCount total={events.length > 0 ? total : undefined} />
          <FilteredResults
            query={query}
            count={events.length}
            testId="event-results"
            resultsKey={resultsKey}
            skeleton={<EventCardGridSkeleton />}
            loadErrorMessage="イベントを読み込めませんでした"
            emptyTitle="条件に合うイベントが見つかりません"
            active={active}
            onClear={onClear}
            create={{ to: '/create-event', label: 'イベントを作成する' }}
          >
            <ul className={EVENT_GRID_CLASS} aria-label="イベント">
              {shownEvents.map((event, i) => (
                <EventCard key={event.id} event={event} eager={i < EAGER_CARDS} />
              ))}
            </ul>
          </FilteredResults>
        </>
      )}
    </Page>
  );
}
