import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { NotificationType } from '@/domain/entities/notification';
import { useNotifications } from '@/features/notifications/public';
import { refreshTeamForViewer } from './team-mutations';
import { teamQueries } from './team-queries';

const TEAM_TYPES: readonly string[] = [
  'team_join_request',
  'team_join_approved',
  'team_join_rejected',
  'team_member_left',
] satisfies NotificationType[];

/**
 * Requests, their answers and leaving members come from the other party, in another browser or
 * tab. Each of them notifies this user (a request or a leave the owner, an answer the
 * requester), and notifications are a
 * live list; so when the latest team notification about this team is newer than what the page
 * shows, the team, my request and the owner's queue are read again.
 */
export function useLiveTeam(teamId: string, uid: string) {
  const client = useQueryClient();
  const { notifications } = useNotifications();
  const latest = notifications.find((n) => n.data.teamId === teamId && TEAM_TYPES.includes(n.type));
  const latestId = latest?.id;
  const latestAt = latest?.timestamp.getTime() ?? 0;

  useEffect(() => {
    if (!latestId) return;
    const shown = [
      teamQueries.detail(teamId).queryKey,
      teamQueries.mine(uid, teamId).queryKey,
      teamQueries.requests(teamId).queryKey,
    ];
    const outdated = shown.some((queryKey) => {
      const loadedAt = client.getQueryState(queryKey)?.dataUpdatedAt ?? 0;
      return loadedAt > 0 && loadedAt < latestAt;
    });
    if (outdated) void refreshTeamForViewer(client, teamId, uid);
  }, [client, teamId, uid, latestId, latestAt]);
}
