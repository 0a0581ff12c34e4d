import { QueryObserver, skipToken } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import {
  clearQueryCaches,
  createPersister,
  createQueryClient,
  deserializeCache,
  refreshQueries,
  serializeCache,
} from './query-client';

describe('query client', () => {
  it('uses the cache settings of docs/constants.md', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      gcTime: 30 * 60_000,
      retry: 1,
      refetchInterval: false,
      refetchOnWindowFocus: true,
    });
    // Read in this page: fresh for 5 minutes, not read again on mount.
    const client = createQueryClient();
    client.setQueryData(['k'], 1);
    const query = client.getQueryCache().find({ queryKey: ['k'] })!;
    const staleTime = defaults.queries!.staleTime as (q: typeof query) => number;
    expect(staleTime(query)).toBe(5 * 60_000);
    const refetchOnMount = defaults.queries!.refetchOnMount as (q: typeof query) => boolean;
    expect(refetchOnMount(query)).toBe(false);
    expect(defaults.mutations).toMatchObject({ retry: 0 });
  });

  it('logs failed mutations as "Mutation error" and raises one notice', async () => {
    const notify = vi.fn();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createQueryClient(notify);
    const failing = client.getMutationCache().build(client, {
      mutationFn: async () => {
        throw new Error('このイベントが見つかりません');
      },
    });
    await expect(failing.execute(undefined)).rejects.toThrow('このイベントが見つかりません');
    expect(spy).toHaveBeenCalledWith('[Mutation error]', expect.any(Error));
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('このイベントが見つかりません');
  });

  it('clears the in-memory cache and its one stored entry together', () => {
    const client = createQueryClient();
    client.setQueryData(['events', 'detail', 'e1'], { id: 'e1' });
    localStorage.setItem(STORAGE_KEYS.queryCache, '{"clientState":{}}');
    clearQueryCaches(client);
    expect(client.getQueryData(['events', 'detail', 'e1'])).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toBeNull();
  });

  it('refetches, for the new user, a query a mounted screen is watching', async () => {
    const client = createQueryClient();
    let owner = 'before';
    const observer = new QueryObserver(client, { queryKey: ['me'], queryFn: async () => owner });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r.data));
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('before'));
    owner = 'after';
    clearQueryCaches(client);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('after'));
    expect(seen).toContain(undefined);
    unsubscribe();
  });

  it('refreshes watched queries in place and drops unwatched ones so they load fresh', async () => {
    const client = createQueryClient();
    let version = 1;
    const queryFn = async () => version;
    const observer = new QueryObserver(client, { queryKey: ['events', 'detail', 'a'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    await client.fetchQuery({ queryKey: ['events', 'list', 'p1'], queryFn });
    await client.fetchQuery({ queryKey: ['teams', 'x'], queryFn });

    version = 2;
    await refreshQueries(client, [['events']]);

    // Settled only after the watched query shows the new value.
    expect(observer.getCurrentResult().data).toBe(2);
    expect(client.getQueryData(['events', 'list', 'p1'])).toBeUndefined();
    expect(client.getQueryData(['teams', 'x'])).toBe(1);
    unsubscribe();
  });

  it('keeps a live query a page shows (queryFn skipToken) through a refresh', async () => {
    const client = createQueryClient();
    client.setQueryData(['events', 'detail', 'live'], 'pushed by the listener');
    const observer = new QueryObserver(client, {
      queryKey: ['events', 'detail', 'live'],
      queryFn: skipToken,
    });
    const unsubscribe = observer.subscribe(() => {});

    await refreshQueries(client, [['events', 'detail', 'live']]);

    expect(observer.getCurrentResult().data).toBe('pushed by the listener');
    expect(client.getQueryData(['events', 'detail', 'live'])).toBe('pushed by the listener');
    unsubscribe();
  });

  it('keeps Dates as Dates through the stored cache', () => {
    const when = new Date(2026, 10, 21, 9, 30);
    const back = deserializeCache<{ a: { when: Date; n: number } }>(
      serializeCache({ a: { when, n: 1 } }),
    );
    expect(back.a.when).toBeInstanceOf(Date);
    expect(back.a.when.getTime()).toBe(when.getTime());
    expect(back.a.n).toBe(1);
  });
});

describe('the stored query cache', () => {
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
  });

  /** The previous page: `value` read (or written) under ['settings'], then stored. */
  async function previousPage(value: string) {
    const before = createQueryClient();
    before.setQueryData(['settings'], value);
    const persister = createPersister(localStorage);
    await persistQueryClientSave({ queryClient: before, persister, buster: 'local' });
    window.dispatchEvent(new Event('pagehide'));
  }

  it('never lets a restored copy win over the fresh read', async () => {
    await previousPage('old');
    await new Promise((r) => setTimeout(r, 5));
    const client = createQueryClient();
    await persistQueryClientRestore({
      queryClient: client,
      persister: createPersister(localStorage),
      buster: 'local',
    });
    expect(client.getQueryData(['settings'])).toBe('old');
    const observer = new QueryObserver(client, {
      queryKey: ['settings'],
      queryFn: async () => 'new',
    });
    const unsubscribe = observer.subscribe(() => {});
    // Shown at once, then replaced by the server's answer, which stays.
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('new'));
    expect(observer.getCurrentResult().isStale).toBe(false);
    unsubscribe();
  });

  it('stores a write at once when the page is left, not only a moment later', async () => {
    vi.useFakeTimers();
    const persister = createPersister(localStorage);
    const client = createQueryClient();
    client.setQueryData(['settings'], 'written');
    await persistQueryClientSave({ queryClient: client, persister, buster: 'local' });
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    const stored = deserializeCache<{ clientState: { queries: { state: { data: unknown } }[] } }>(
      localStorage.getItem(STORAGE_KEYS.queryCache)!,
    );
    expect(stored.clientState.queries.map((q) => q.state.data)).toEqual(['written']);
  });

  it('writes the latest state a moment after a change without a page change', async () => {
    vi.useFakeTimers();
    const persister = createPersister(localStorage);
    const client = createQueryClient();
    client.setQueryData(['settings'], 'first');
    await persistQueryClientSave({ queryClient: client, persister });
    client.setQueryData(['settings'], 'second');
    await persistQueryClientSave({ queryClient: client, persister });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toContain('second');
  });
});
