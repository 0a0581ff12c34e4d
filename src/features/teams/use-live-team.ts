import type { Team, TeamJoinRequest } from '@/domain/entities/team';
import { useBackend } from '@/lib/backend-context';
import { myTeamsQuery } from '@/lib/shared-queries';
import { useLiveQuery } from '@/lib/use-live-query';
import type { LiveState } from '@/lib/use-live-subscription';
import { teamQueries } from './team-queries';

/**
 * The team as stored, live: while its page is open, the team document's listener pushes every
 * change into the team's query (useLiveQuery), so members joining or leaving and the recruiting
 * state show without a reload, whoever made the change. Null when the team is missing. One
 * document listener per open page: a read to start and one per change.
 */
export function useLiveTeam(id: string): LiveState<Team | null> {
  const backend = useBackend();
  return useLiveQuery<Team | null>(
    teamQueries.detail(id).queryKey,
    (next, fail) => backend.teams.subscribe(id, next, fail),
    'teams: the live team stopped',
  );
}

/**
 * My request for an open team, live (useLiveQuery): the owner's answer in another browser shows
 * without a reload. One query listener over my newest requests for the team. A change after the
 * first answer also refreshes my teams, which an approval changes.
 */
export function useMyLiveTeamRequest(
  teamId: string,
  uid: string,
): LiveState<TeamJoinRequest | null> {
  const backend = useBackend();
  return useLiveQuery<TeamJoinRequest | null>(
    teamQueries.mine(uid, teamId).queryKey,
    (next, fail) => backend.teams.subscribeMyRequest(uid, teamId, next, fail),
    'teams: my live request stopped',
    { alsoRefresh: [myTeamsQuery(uid).queryKey] },
  );
}

/**
 * The owner's queue of an open team, live (useLiveQuery): requests arriving, cancelled or answered
 * in another tab show without a reload. One query listener over at most
 * TEAM_PENDING_REQUESTS_LIMIT pending requests.
 */
export function useLiveTeamQueue(teamId: string): LiveState<TeamJoinRequest[]> {
  const backend = useBackend();
  return useLiveQuery<TeamJoinRequest[]>(
    teamQueries.requests(teamId).queryKey,
    (next, fail) => backend.teams.subscribePendingRequests(teamId, next, fail),
    'teams: the live request queue stopped',
  );
}
