import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { EventFilters } from '@/data/ports/events';
import { useBackend } from '@/lib/backend-context';
import { eventQueries } from './event-queries';

/**
 * The paged event list for some filters. The first page starts loading during the first render:
 * useInfiniteQuery itself only subscribes (and fetches) once the persisted cache has been
 * restored, which on a cold start is a good part of the wait for the first cards.
 */
export function useEventList(filters: EventFilters, { keepPrevious = false } = {}) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const options = eventQueries.list(filters, backend);
  if (!queryClient.getQueryState(options.queryKey)) void queryClient.prefetchInfiniteQuery(options);
  return useInfiniteQuery({
    ...options,
    // While other filters load, the previous results stay instead of a skeleton flash.
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}
