import { skipToken, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { refreshQueries } from './query-client';
import { useLiveSubscription, type LiveState } from './use-live-subscription';

type Subscribe<T> = (onChange: (value: T) => void, onError: (e: unknown) => void) => () => void;

/**
 * Live data the one way the app has it: while mounted with a `queryKey`, the backend's listener
 * pushes every value into that query (setQueryData), and every screen reads it from the cache
 * with useQuery. Nothing fetches it (so it never goes stale by time), a screen that mounts later
 * shows the latest value at once, and the listener is torn down when the key changes (another
 * user, another conversation) or goes null. `persist: false` keeps the value out of the stored
 * copy of the cache (src/lib/query-client.ts), for what should not outlive the page.
 * `alsoRefresh` names queries that a change after the first value makes stale (a request's
 * answer changes my lists too): each later value refreshes them (refreshQueries).
 */
export function useLiveQuery<T>(
  queryKey: QueryKey | null,
  subscribe: Subscribe<T>,
  context: string,
  { persist = true, alsoRefresh = [] }: { persist?: boolean; alsoRefresh?: QueryKey[] } = {},
): LiveState<T> {
  const client = useQueryClient();
  const live = useLiveSubscription<T>(
    queryKey ? JSON.stringify(queryKey) : null,
    (next, fail) => {
      let first = true;
      return subscribe((value) => {
        client.setQueryData(queryKey!, value);
        next(value);
        if (!first && alsoRefresh.length > 0) void refreshQueries(client, alsoRefresh);
        first = false;
      }, fail);
    },
    context,
  );
  const query = useQuery<T, Error, T, QueryKey>({
    queryKey: queryKey ?? ['live', 'none'],
    queryFn: skipToken,
    staleTime: Infinity,
    enabled: queryKey !== null,
    meta: persist ? undefined : { persist: false },
  });
  const data = queryKey ? query.data : undefined;
  return {
    data,
    error: live.error,
    isLoading: queryKey !== null && data === undefined && !live.error,
    retry: live.retry,
  };
}
