import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Backend } from '@/data/ports/backend';
import type { AppNotification } from '@/domain/entities/notification';
import { teamSchema, type Team } from '@/domain/entities/team';
import { BackendContext } from '@/lib/backend-context';
import { createQueryClient } from '@/lib/query-client';
import { teamQueries } from './team-queries';
import { useLiveTeam, useLiveTeamRequests } from './use-live-team';

let notifications: AppNotification[] = [];
vi.mock('@/features/notifications/public', () => ({
  useNotifications: () => ({ notifications }),
}));

const team = (members: string[]): Team =>
  teamSchema.parse({ id: 't1', name: 'チーム', ownerId: 'owner', members });

type Next = (team: Team | null) => void;

function listeningBackend() {
  const listeners = new Map<string, Next>();
  const unsubscribed: string[] = [];
  const subscribe = vi.fn((id: string, next: Next) => {
    listeners.set(id, next);
    return () => {
      listeners.delete(id);
      unsubscribed.push(id);
    };
  });
  return { backend: { teams: { subscribe } } as unknown as Backend, listeners, unsubscribed };
}

function wrapperFor(backend: Backend, client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <BackendContext.Provider value={backend}>{children}</BackendContext.Provider>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  notifications = [];
});

describe('useLiveTeam', () => {
  it("pushes each change of the team document into the team's query, and stops on unmount", () => {
    const { backend, listeners, unsubscribed } = listeningBackend();
    const client = createQueryClient();
    const { result, unmount } = renderHook(() => useLiveTeam('t1'), {
      wrapper: wrapperFor(backend, client),
    });
    expect(result.current.isLoading).toBe(true);
    act(() => listeners.get('t1')!(team(['owner'])));
    expect(result.current.data?.members).toEqual(['owner']);

    // Someone joined elsewhere: the page and the cache show it without a read.
    act(() => listeners.get('t1')!(team(['owner', 'hanako'])));
    expect(result.current.data?.members).toEqual(['owner', 'hanako']);
    expect(client.getQueryData<Team>(teamQueries.detail('t1').queryKey)?.members).toHaveLength(2);

    unmount();
    expect(unsubscribed).toEqual(['t1']);
  });
});

describe('useLiveTeamRequests', () => {
  const notification = (type: string, at: number): AppNotification =>
    ({
      id: `n-${type}`,
      userId: 'owner',
      type,
      title: '',
      content: '',
      data: { teamId: 't1' },
      read: false,
      timestamp: new Date(at),
    }) as AppNotification;

  it('drops the requests shown before a newer request notification, and keeps the team', () => {
    const { backend } = listeningBackend();
    const client = createQueryClient();
    const requestsKey = teamQueries.requests('t1').queryKey;
    const teamKey = teamQueries.detail('t1').queryKey;
    client.setQueryData(requestsKey, [], { updatedAt: 1_000 });
    client.setQueryData(teamKey, team(['owner']), { updatedAt: 1_000 });
    notifications = [notification('team_join_request', 2_000)];

    renderHook(() => useLiveTeamRequests('t1', 'owner'), { wrapper: wrapperFor(backend, client) });
    // Not on screen here, so dropped: the queue reads afresh when it shows.
    expect(client.getQueryState(requestsKey)).toBeUndefined();
    expect(client.getQueryData(teamKey)).toBeDefined();
  });

  it('leaves requests alone when the latest notification is older, or about members', () => {
    const { backend } = listeningBackend();
    const client = createQueryClient();
    const requestsKey = teamQueries.requests('t1').queryKey;
    client.setQueryData(requestsKey, [], { updatedAt: 3_000 });
    notifications = [
      notification('team_member_left', 5_000),
      notification('team_join_request', 2_000),
    ];
    renderHook(() => useLiveTeamRequests('t1', 'owner'), { wrapper: wrapperFor(backend, client) });
    expect(client.getQueryState(requestsKey)?.dataUpdatedAt).toBe(3_000);
  });
});
