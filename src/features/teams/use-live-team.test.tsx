import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Backend } from '@/data/ports/backend';
import {
  teamJoinRequestSchema,
  teamSchema,
  type Team,
  type TeamJoinRequest,
} from '@/domain/entities/team';
import { BackendContext } from '@/lib/backend-context';
import { createQueryClient } from '@/lib/query-client';
import { teamQueries } from './team-queries';
import { myTeamsQuery } from '@/lib/shared-queries';
import { useLiveTeam, useLiveTeamQueue, useMyLiveTeamRequest } from './use-live-team';

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

describe('useMyLiveTeamRequest and useLiveTeamQueue', () => {
  const request = (status: 'pending' | 'approved'): TeamJoinRequest =>
    teamJoinRequestSchema.parse({ id: 'r1', teamId: 't1', userId: 'hanako', status });

  function requestListeners() {
    let mine: ((r: TeamJoinRequest | null) => void) | null = null;
    let queue: ((rs: TeamJoinRequest[]) => void) | null = null;
    const stopped: string[] = [];
    const teams = {
      subscribeMyRequest: vi.fn(
        (_uid: string, _teamId: string, next: (r: TeamJoinRequest | null) => void) => {
          mine = next;
          return () => stopped.push('mine');
        },
      ),
      subscribePendingRequests: vi.fn((_teamId: string, next: (rs: TeamJoinRequest[]) => void) => {
        queue = next;
        return () => stopped.push('queue');
      }),
    };
    return {
      backend: { teams } as unknown as Backend,
      teams,
      mine: (r: TeamJoinRequest | null) => act(() => mine!(r)),
      queue: (rs: TeamJoinRequest[]) => act(() => queue!(rs)),
      stopped,
    };
  }

  it('pushes my request into its query as it changes, and an answer refreshes my teams', () => {
    const live = requestListeners();
    const client = createQueryClient();
    const myTeamsKey = myTeamsQuery('hanako').queryKey;
    client.setQueryData(myTeamsKey, []);
    const { result, unmount } = renderHook(() => useMyLiveTeamRequest('t1', 'hanako'), {
      wrapper: wrapperFor(live.backend, client),
    });
    expect(live.teams.subscribeMyRequest).toHaveBeenCalledWith(
      'hanako',
      't1',
      expect.any(Function),
      expect.any(Function),
    );
    expect(result.current.isLoading).toBe(true);

    live.mine(request('pending'));
    expect(result.current.data?.status).toBe('pending');
    // The first answer is what the page opened with: my teams stay as they were.
    expect(client.getQueryData(myTeamsKey)).toEqual([]);

    // The owner approves in another browser: shown without a read, and my teams (not on
    // screen here) are dropped to load afresh.
    live.mine(request('approved'));
    expect(result.current.data?.status).toBe('approved');
    expect(
      client.getQueryData<TeamJoinRequest>(teamQueries.mine('hanako', 't1').queryKey)?.status,
    ).toBe('approved');
    expect(client.getQueryState(myTeamsKey)).toBeUndefined();

    unmount();
    expect(live.stopped).toEqual(['mine']);
  });

  it("pushes the owner's queue into its query as requests arrive and are answered", () => {
    const live = requestListeners();
    const client = createQueryClient();
    const { result, unmount } = renderHook(() => useLiveTeamQueue('t1'), {
      wrapper: wrapperFor(live.backend, client),
    });
    live.queue([]);
    expect(result.current.data).toEqual([]);
    live.queue([request('pending')]);
    expect(result.current.data?.map((r) => r.id)).toEqual(['r1']);
    expect(client.getQueryData(teamQueries.requests('t1').queryKey)).toHaveLength(1);
    unmount();
    expect(live.stopped).toEqual(['queue']);
  });
});
