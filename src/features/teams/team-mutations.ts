import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { TeamInput } from '@/data/ports/teams';
import type { Team } from '@/domain/entities/team';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { refreshQueries } from '@/lib/query-client';
import { myTeamsQuery } from '@/lib/shared-queries';
import { teamQueries } from './team-queries';
import { orAlreadyDone, useMutation } from '@/lib/use-mutation';

/**
 * Every key one viewer's picture of one team hangs on: the team (members and the owner's queue
 * under it), the list cards (member counts, recruiting), my request and my teams. Used after a
 * change made elsewhere (the other party, in another tab) and after a refusal, which usually
 * means the screen was behind.
 */
export function refreshTeamForViewer(client: QueryClient, teamId: string, uid: string | null) {
  return refreshQueries(client, [
    teamQueries.detail(teamId).queryKey,
    teamQueries.lists,
    ...(uid ? [teamQueries.mine(uid, teamId).queryKey, myTeamsQuery(uid).queryKey] : []),
  ]);
}

/** Errors of these mutations are shown inline next to the action, so no toast (meta.silent). */
const meta = { silent: true };

export function useCreateTeam() {
  const backend = useBackend();
  const client = useQueryClient();
  const uid = useCurrentUser()?.uid;
  return useMutation({
    meta,
    mutationFn: (input: TeamInput) => backend.teamMembership.create(input),
    onSuccess: () =>
      refreshQueries(client, [teamQueries.lists, ...(uid ? [myTeamsQuery(uid).queryKey] : [])]),
  });
}

export function useUpdateTeam(team: Pick<Team, 'id'>) {
  const backend = useBackend();
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (patch: Partial<TeamInput>) => backend.teamMembership.update(team.id, patch),
    // The name shows in the event form's team choice too.
    onSuccess: () =>
      refreshQueries(client, [
        teamQueries.detail(team.id).queryKey,
        teamQueries.lists,
        ['teams', 'byMember'],
      ]),
  });
}

/**
 * Joining and leaving one team, from both sides. Each mutation refreshes the keys it changed
 * and returns that promise, so `mutateAsync` settles once the screen shows the new state.
 */
export function useTeamMembership(teamId: string) {
  const backend = useBackend();
  const client = useQueryClient();
  const uid = useCurrentUser()?.uid ?? null;
  const mine = (): QueryKey[] => (uid ? [teamQueries.mine(uid, teamId).queryKey] : []);
  const team = teamQueries.detail(teamId).queryKey;
  const refresh = (keys: QueryKey[]) => () => refreshQueries(client, keys);

  return {
    request: useMutation({
      meta,
      mutationFn: (message: string) =>
        orAlreadyDone(backend.teamMembership.requestToJoin(teamId, message)),
      onSuccess: refresh(mine()),
    }),
    cancel: useMutation({
      meta,
      mutationFn: (requestId: string) => backend.teamMembership.cancelRequest(teamId, requestId),
      onSuccess: refresh(mine()),
    }),
    leave: useMutation({
      meta,
      mutationFn: () => backend.teamMembership.leave(teamId),
      onSuccess: () => refreshTeamForViewer(client, teamId, uid),
    }),
    approve: useMutation({
      meta,
      mutationFn: (requestId: string) =>
        orAlreadyDone(backend.teamMembership.approveRequest(teamId, requestId)),
      onSuccess: refresh([team, teamQueries.lists]),
    }),
    reject: useMutation({
      meta,
      mutationFn: (requestId: string) =>
        orAlreadyDone(backend.teamMembership.rejectRequest(teamId, requestId)),
      onSuccess: refresh([teamQueries.requests(teamId).queryKey]),
    }),
    remove: useMutation({
      meta,
      mutationFn: (memberId: string) => backend.teamMembership.removeMember(teamId, memberId),
      onSuccess: refresh([team, teamQueries.lists]),
    }),
  };
}
