import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  MUTATION_RETRY,
  QUERY_GC_TIME_MS,
  QUERY_RETRY,
  QUERY_STALE_TIME_MS,
} from '@/domain/constants';
import { errorMessage } from '@/domain/errors';
import { logger } from '@/lib/logger';
import { STORAGE_KEYS } from '@/lib/storage-keys';

type Notify = (message: string) => void;

/**
 * SPEC §9 defaults. Errors reach the user once: the caches raise one toast; a screen adds an
 * inline message only where the user can act on it (and sets meta.silent to skip the toast).
 */
export function createQueryClient(notify: Notify = () => {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        logger.error('Query error', error);
        if (!query.meta?.silent) notify(errorMessage(error, 'データの読み込みに失敗しました'));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        logger.error('Mutation error', error);
        if (!mutation.meta?.silent) notify(errorMessage(error));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: QUERY_RETRY,
        refetchInterval: false,
        refetchOnWindowFocus: true,
        refetchOnMount: false,
      },
      mutations: { retry: MUTATION_RETRY },
    },
  });
}

/** Dates survive the round trip through storage (domain objects carry Date fields). */
export function serializeCache(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { __date: raw.getTime() } : v;
  });
}

export function deserializeCache<T>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) =>
    v && typeof v === 'object' && typeof (v as { __date?: unknown }).__date === 'number'
      ? new Date((v as { __date: number }).__date)
      : v,
  ) as T;
}

/** One stored entry holds the whole dehydrated cache. */
export function createPersister() {
  return createSyncStoragePersister({
    storage: typeof window === 'undefined' ? undefined : window.localStorage,
    key: STORAGE_KEYS.queryCache,
    serialize: serializeCache,
    deserialize: deserializeCache,
  });
}

/**
 * Sign-in clears both the in-memory cache and its stored copy. Queries a mounted screen is
 * watching are reset (their data dropped, then fetched again for the new user) rather than
 * removed, so no screen is left holding a query that nothing will ever settle.
 */
export function clearQueryCaches(client: QueryClient): void {
  const cache = client.getQueryCache();
  for (const query of cache.getAll()) {
    if (query.getObserversCount() === 0) cache.remove(query);
  }
  client.getMutationCache().clear();
  void client.resetQueries();
  try {
    window.localStorage.removeItem(STORAGE_KEYS.queryCache);
  } catch (e) {
    logger.warn('clearQueryCaches', e);
  }
}

/**
 * After a change: refetches what is on screen under the keys and drops what is not. The app does
 * not refetch on mount (SPEC §9), so an entry that was only marked stale would be shown unchanged
 * the next time its screen opens; dropped, it loads fresh instead. (Refetching inactive entries is
 * no option either: those restored from the stored cache have no query function until a screen
 * uses them.) Resolves once the active ones have refetched.
 */
export function refreshQueries(client: QueryClient, keys: QueryKey[]): Promise<void> {
  return Promise.all(
    keys.map((queryKey) => {
      client.removeQueries({ queryKey, type: 'inactive' });
      return client.invalidateQueries({ queryKey });
    }),
  ).then(() => undefined);
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}
