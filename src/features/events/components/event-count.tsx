import { useQuery } from '@tanstack/react-query';
import type { EventFilters } from '@/data/ports/events';
import { EVENT_COUNT_CAP } from '@/domain/constants';
import { useBackend } from '@/lib/backend-context';
import { eventQueries } from '../event-queries';

/**
 * How many events match the filters (null: not counted, as with a keyword). `enabled` holds
 * the count back until the list's first page is there.
 */
export function useEventCount(filters: EventFilters, enabled: boolean): number | null | undefined {
  const backend = useBackend();
  const count = useQuery({ ...eventQueries.count(filters, backend), enabled });
  return count.data;
}

/**
 * 「12件」; its line keeps its height while nothing is shown, so the cards do not move. Takes
 * the place of the filters' bottom margin, so a phone's first screen still shows three cards.
 */
export function EventCount({ total }: { total: number | null | undefined }) {
  return (
    <p
      className="mb-2 h-5 text-sm text-slate-600 sm:mb-3"
      data-testid="event-count"
      aria-live="polite"
    >
      {typeof total === 'number'
        ? total > EVENT_COUNT_CAP
          ? `${EVENT_COUNT_CAP}件以上`
          : `${total}件`
        : null}
    </p>
  );
}
