import { QueryObserver } from '@tanstack/react-query';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import {
  clearQueryCaches,
  createQueryClient,
  deserializeCache,
  refreshQueries,
  serializeCache,
} from './query-client';

describe('query client', () => {
  it('uses the SPEC §9 defaults', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: 5 * 60_000,
      gcTime: 30 * 60_000,
      retry: 1,
      refetchInterval: false,
      refetchOnWindowFocus: true,
      refetchOnMount: false,
    });
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
    await expect(failing.execute(undefined)).rejects.toThrow();
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
