import {
  MutationCache,
  QueryCache,
  QueryClient,
  defaultShouldDehydrateQuery,
  type Query,
  type QueryKey,
} from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
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
 * The cache settings of docs/constants.md. Errors reach the user once: the caches raise one
 * toast; a screen adds an inline message only where the user can act on it (and sets meta.silent
 * to skip the toast).
 *
 * What was restored from storage is shown at once but never trusted: its data is older than
 * this client (the stored copy keeps the time it was read), so it counts as stale and is read
 * again when a screen uses it, and the answer replaces it. Without that, a copy stored before
 * the last write of the previous page (storage is written a moment after each change) would
 * stand for the whole fresh time, since nothing refetches on mount.
 */
export function createQueryClient(notify: Notify = () => {}): QueryClient {
  const startedAt = Date.now();
  const restored = (query: Query) =>
    query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < startedAt;
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
        staleTime: (query) => (restored(query) ? 0 : QUERY_STALE_TIME_MS),
        gcTime: QUERY_GC_TIME_MS,
        retry: QUERY_RETRY,
        refetchInterval: false,
        refetchOnWindowFocus: true,
        refetchOnMount: (query) => restored(query),
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

/** What the stored copy keeps: settled queries, but none marked `meta.persist: false`. */
export const dehydrateOptions = {
  shouldDehydrateQuery: (query: Query) =>
    defaultShouldDehydrateQuery(query) && query.meta?.persist !== false,
};

/** How long after a change the stored copy is written (at most once per this time). */
const PERSIST_DELAY_MS = 1_000;

/**
 * One stored entry holds the whole dehydrated cache. It is written a moment after a change (the
 * latest state, once per PERSIST_DELAY_MS), and at once when the page is hidden or left, so a
 * reload right after a write stores that write rather than the copy from before it.
 */
export function createPersister(
  storage: Storage | undefined = typeof window === 'undefined' ? undefined : window.localStorage,
): Persister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!pending || !storage) return;
    try {
      storage.setItem(STORAGE_KEYS.queryCache, serializeCache(pending));
    } catch (e) {
      // A full or refused storage only costs the next visit its head start.
      logger.warn('query cache not stored', e);
    }
    pending = null;
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }
  return {
    persistClient: (client) => {
      pending = client;
      timer ??= setTimeout(flush, PERSIST_DELAY_MS);
    },
    restoreClient: () => {
      const text = storage?.getItem(STORAGE_KEYS.queryCache);
      return text ? deserializeCache<PersistedClient>(text) : undefined;
    },
    removeClient: () => {
      pending = null;
      storage?.removeItem(STORAGE_KEYS.queryCache);
    },
  };
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
 * After a change: refetches what is on screen under the keys and drops what no screen watches. The app does
 * not refetch on mount (docs/constants.md), so an entry that was only marked stale would be shown
 * unchanged the next time its screen opens; dropped, it loads fresh instead. (Refetching inactive entries is
 * no option either: those restored from the stored cache have no query function until a screen
 * uses them.) Resolves once the active ones have refetched.
 */
export function refreshQueries(client: QueryClient, keys: QueryKey[]): Promise<void> {
  return Promise.all(
    keys.map((queryKey) => {
      // Not type 'inactive': a live query (useLiveQuery, queryFn skipToken) counts as inactive
      // while its page shows it, and dropping it would blank that page until the next change.
      client.removeQueries({ queryKey, predicate: (query) => query.getObserversCount() === 0 });
      return client.invalidateQueries({ queryKey });
    }),
  ).then(() => undefined);
}

declare module '@tanstack/react-query' {
  interface Register {
    /** silent: no toast on failure; persist false: left out of the stored copy of the cache. */
    queryMeta: { silent?: boolean; persist?: boolean };
    mutationMeta: { silent?: boolean };
  }
}
