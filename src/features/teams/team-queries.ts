import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import { cursorPages } from '@/lib/cursor-pages';
import type { TeamFilters } from '@/data/ports/teams';
import { profilesQueryFn } from '@/lib/profiles';

/**
 * Only the filters that are set, in a fixed key order, so `{}` and `{ region: undefined }` share
 * one cache entry whatever order the URL listed them in.
 */
export function normalizeTeamFilters(filters: TeamFilters): TeamFilters {
  const out: TeamFilters = {};
  if (filters.sportType) out.sportType = filters.sportType;
  if (filters.region) out.region = filters.region;
  if (filters.recruitingOnly) out.recruitingOnly = true;
  return out;
}

/**
 * The one query-options factory of the teams feature. Keys are hierarchical (['teams'] >
 * ['teams','list'|'detail'|'mine'] > …) so a mutation refreshes exactly what it touched; what
 * hangs under a team's detail key (members, requests) refreshes with it. Keys that depend on
 * who asks carry the uid. Without a backend, each method gives the key alone.
 */
export const teamQueries = {
  all: ['teams'] as const,
  lists: ['teams', 'list'] as const,

  /** Cursor pages of TEAMS_PAGE_SIZE, newest first. */
  list: (filters: TeamFilters, backend?: Backend) => {
    const normalized = normalizeTeamFilters(filters);
    return cursorPages(
      ['teams', 'list', normalized] as const,
      backend ? (cursor) => backend.teams.list(normalized, cursor) : null,
    );
  },

  detail: (id: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['teams', 'detail', id] as const,
      queryFn: backend ? () => backend.teams.get(id) : skipToken,
    }),

  /** The first member profiles (membersToShow), under the team's key. */
  members: (teamId: string, ids: readonly string[], backend?: Backend) =>
    queryOptions({
      queryKey: ['teams', 'detail', teamId, 'members', ids] as const,
      queryFn: profilesQueryFn(ids, backend),
    }),

  /** The owner's queue of pending requests: the key its live value is kept under (useLiveTeamQueue). */
  requests: (teamId: string) => ({
    queryKey: ['teams', 'detail', teamId, 'requests'] as const,
  }),

  /** The requesters' profiles, under the queue's key. */
  requesters: (teamId: string, uids: readonly string[], backend?: Backend) =>
    queryOptions({
      queryKey: ['teams', 'detail', teamId, 'requests', 'profiles', uids] as const,
      queryFn: profilesQueryFn(uids, backend),
    }),

  /** My request for a team that counts (null when none): the key of its live value (useMyLiveTeamRequest). */
  mine: (uid: string, teamId: string) => ({
    queryKey: ['teams', 'mine', uid, teamId] as const,
  }),
};
