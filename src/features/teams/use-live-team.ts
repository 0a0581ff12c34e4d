import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { NotificationType } from '@/domain/entities/notification';
import type { Team } from '@/domain/entities/team';
import { useNotifications } from '@/features/notifications/public';
import { useBackend } from '@/lib/backend-context';
import { refreshQueries } from '@/lib/query-client';
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

const REQUEST_TYPES: readonly string[] = [
  'team_join_request',
  'team_join_approved',
  'team_join_rejected',
] satisfies NotificationType[];

/**
 * The join requests beside an open team. The team itself is live (useLiveTeam); requests and
 * their answers come from the other party, in another browser or tab, and each notifies this
 * user (a request the owner, an answer the requester). Notifications are a live list already, so
 * when the latest request notification about this team is newer than the requests shown, my
 * request and the owner's queue are read again.
 */
export function useLiveTeamRequests(teamId: string, uid: string) {
  const client = useQueryClient();
  const { notifications } = useNotifications();
  const latest = notifications.find(
    (n) => n.data.teamId === teamId && REQUEST_TYPES.includes(n.type),
  );
  const latestId = latest?.id;
  const latestAt = latest?.timestamp.getTime() ?? 0;

  useEffect(() => {
    if (!latestId) return;
    const shown = [teamQueries.mine(uid, teamId).queryKey, teamQueries.requests(teamId).queryKey];
    const outdated = shown.some((queryKey) => {
      const loadedAt = client.getQueryState(queryKey)?.dataUpdatedAt ?? 0;
      return loadedAt > 0 && loadedAt < latestAt;
    });
    if (outdated) void refreshQueries(client, shown);
  }, [client, teamId, uid, latestId, latestAt]);
}
