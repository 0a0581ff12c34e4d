import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { StatusPill } from '@/components/ui/status-pill';
import type { Page } from '@/domain/entities/common';
import { EVENT_STATUS_LABELS, type EventStatus, type SportEvent } from '@/domain/entities/event';
import { errorMessage } from '@/domain/errors';
import { formatEventTimes, formatLongDateWithWeekday } from '@/domain/format';

const STATUS_TONES: Record<EventStatus, 'green' | 'amber' | 'red' | 'slate'> = {
  open: 'green',
  closed: 'amber',
  cancelled: 'red',
  finished: 'slate',
};

/** One event as a line of a profile list, linking to its page; `extra` sits on the right. */
export function EventRow({ event, extra }: { event: SportEvent; extra?: ReactNode }) {
  const times = formatEventTimes(event.startTime, event.endTime);
  return (
    <li className="border-b border-slate-100 last:border-b-0">
      <div className="flex items-start gap-3 py-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-slate-500">
            {formatLongDateWithWeekday(event.date)}
            {times ? ` ${times}` : ''}
          </p>
          <Link
            to={`/events/${encodeURIComponent(event.id)}`}
            className="mt-0.5 block font-semibold break-words text-slate-900 hover:text-brand-800 hover:underline"
          >
            {event.title || '（無題のイベント）'}
          </Link>
          <p className="mt-0.5 truncate text-xs text-slate-500">
            {[event.sportType, event.location].filter(Boolean).join('・')}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <StatusPill tone={STATUS_TONES[event.status]}>
            {EVENT_STATUS_LABELS[event.status]}
          </StatusPill>
          {extra}
        </div>
      </div>
    </li>
  );
}

/** Three grey lines where a list is loading. */
export function RowsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3 py-1">
      {[0, 1, 2].map((i) => (
        <div key={i} className="animate-pulse space-y-1.5">
          <div className="h-3 w-32 rounded bg-slate-200" />
          <div className="h-4 w-3/4 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}

/** A failed list: what went wrong and a retry. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-3 text-sm">
      <p className="text-red-800">{errorMessage(error, '読み込めませんでした')}</p>
      <Button variant="secondary" className="mt-2 min-h-8 px-3 py-1 text-xs" onClick={onRetry}>
        再読み込み
      </Button>
    </div>
  );
}

export function ListEmpty({ children }: { children: ReactNode }) {
  return <p className="py-4 text-center text-sm text-slate-500">{children}</p>;
}

type PagedEvents = UseInfiniteQueryResult<InfiniteData<Page<SportEvent>>>;

/**
 * A cursor-paged list of events: a skeleton while the first page loads, the error with a retry,
 * `empty` when there are none, and もっと見る while more pages exist.
 */
export function PagedEventList({
  query,
  label,
  empty,
  extra,
  hide,
}: {
  query: PagedEvents;
  label: string;
  empty: ReactNode;
  extra?: (event: SportEvent) => ReactNode;
  /** Leaves out events the page holds but this list should not show. */
  hide?: (event: SportEvent) => boolean;
}) {
  // The rows replace the skeleton in a deferred render, split into short tasks (FilteredResults).
  const pending = useDeferredValue(query.isPending);
  if (pending || query.isPending) return <RowsSkeleton label={`${label}を読み込み中`} />;
  if (query.isError && !query.data) {
    return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const events = (query.data?.pages.flatMap((p) => p.items) ?? []).filter((e) => !hide?.(e));
  if (events.length === 0) return <ListEmpty>{empty}</ListEmpty>;
  return (
    <div>
      <ul aria-label={label}>
        {events.map((event) => (
          <EventRow key={event.id} event={event} extra={extra?.(event)} />
        ))}
      </ul>
      {query.isFetchNextPageError ? (
        <ListError error={query.error} onRetry={() => void query.fetchNextPage()} />
      ) : null}
      {query.hasNextPage && !query.isFetchNextPageError ? (
        <LoadMoreButton
          className="mt-3 w-full"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        />
      ) : null}
    </div>
  );
}
