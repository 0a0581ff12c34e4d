import { DomainError } from '@/domain/errors';
import type { Team } from '@/domain/entities/team';

/** SPEC leaves team rules open: a signed-in user creates a team and owns it as its first member. */
export function decideTeamCreate(uid: string | null): { ownerId: string; members: string[] } {
  if (!uid) throw new DomainError('authRequired');
  return { ownerId: uid, members: [uid] };
}

/** Only the owner edits a team. */
export function assertCanEditTeam(uid: string | null, team: Team | null): asserts team is Team {
  if (!uid) throw new DomainError('authRequired');
  if (!team) throw new DomainError('teamNotFound');
  if (team.ownerId !== uid) throw new DomainError('noTeamEditPermission');
}
