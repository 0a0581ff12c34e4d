import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Backend } from '@/data/ports/backend';
import type { SportEvent } from '@/domain/entities/event';
import { BackendContext } from '@/lib/backend-context';
import { eventKeys } from '@/lib/shared-queries';
import { logger } from '@/lib/logger';
import { createQueryClient } from '@/lib/query-client';
import { sportEvent } from '@/test/fixtures';
import { useLiveEvent } from './use-live-event';

type Next = (event: SportEvent | null) => void;

/** A backend whose event listener the test drives: who listens, and the unsubscribes. */
function listeningBackend() {
  const listeners = new Map<string, { next: Next; fail: (e: unknown) => void }>();
  const unsubscribed: string[] = [];
  const subscribeEvent = vi.fn((id: string, next: Next, fail: (e: unknown) => void) => {
    listeners.set(id, { next, fail });
    return () => {
      listeners.delete(id);
      unsubscribed.push(id);
    };
  });
  const backend = { events: { subscribe: subscribeEvent } } as unknown as Backend;
  return { backend, listeners, unsubscribed, subscribeEvent };
}

function render(backend: Backend, client: QueryClient, initialId: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <BackendContext.Provider value={backend}>{children}</BackendContext.Provider>
    </QueryClientProvider>
  );
  return renderHook(({ id }) => useLiveEvent(id), { wrapper, initialProps: { id: initialId } });
}

describe('useLiveEvent', () => {
  it("pushes each change of the event document into the event's query, and stops on unmount", () => {
    const { backend, listeners, unsubscribed } = listeningBackend();
    const client = createQueryClient();
    const { result, unmount } = render(backend, client, 'e1');
    expect(result.current.isLoading).toBe(true);

    act(() => listeners.get('e1')!.next(sportEvent({ id: 'e1', status: 'open' })));
    expect(result.current.data?.status).toBe('open');

    // Cancelled elsewhere: the page shows it, and any screen reading the key gets it.
    act(() => listeners.get('e1')!.next(sportEvent({ id: 'e1', status: 'cancelled' })));
    expect(result.current.data?.status).toBe('cancelled');
    expect(client.getQueryData<SportEvent>(eventKeys.detail('e1'))?.status).toBe('cancelled');

    unmount();
    expect(unsubscribed).toEqual(['e1']);
    expect(listeners.size).toBe(0);
  });

  it('shows a cached copy at once, and moves the listener to another event', () => {
    const { backend, listeners, unsubscribed } = listeningBackend();
    const client = createQueryClient();
    client.setQueryData(eventKeys.detail('e1'), sportEvent({ id: 'e1', title: '一覧から' }));
    const { result, rerender } = render(backend, client, 'e1');
    expect(result.current.data?.title).toBe('一覧から');
    expect(result.current.isLoading).toBe(false);

    rerender({ id: 'e2' });
    expect(unsubscribed).toEqual(['e1']);
    expect([...listeners.keys()]).toEqual(['e2']);
    expect(result.current.data).toBeUndefined();
    act(() => listeners.get('e2')!.next(null));
    // A missing event is null (the page says it is not found), not loading.
    expect(result.current.data).toBeNull();
    expect(result.current.isLoading).toBe(false);
  });

  it('gives null for an empty id without listening', () => {
    const { backend, subscribeEvent } = listeningBackend();
    const { result } = render(backend, createQueryClient(), '');
    expect(result.current.data).toBeNull();
    expect(subscribeEvent).not.toHaveBeenCalled();
  });

  it('reports a failed listener and listens again on retry', () => {
    const { backend, listeners, subscribeEvent } = listeningBackend();
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    const { result } = render(backend, createQueryClient(), 'e1');
    act(() => listeners.get('e1')!.fail(new Error('offline')));
    expect(result.current.error).toBeInstanceOf(Error);
    expect(result.current.isLoading).toBe(false);

    act(() => result.current.retry());
    expect(subscribeEvent).toHaveBeenCalledTimes(2);
    act(() => listeners.get('e1')!.next(sportEvent({ id: 'e1' })));
    expect(result.current.error).toBeNull();
    expect(result.current.data?.id).toBe('e1');
  });
});
