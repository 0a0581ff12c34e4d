import { REQUEST_MESSAGE_MAX } from '@/domain/constants';
import { DomainError } from '@/domain/errors';
import {
  notificationIdFor,
  type NotificationWrite,
  type TeamNotificationType,
} from '@/domain/entities/notification';
import {
  isTeamFull,
  teamRequestIdFor,
  type Team,
  type TeamJoinRequest,
} from '@/domain/entities/team';
import { teamFormSchema, teamPatchSchema, type TeamFormValues } from '@/domain/team-form';
import { namedFields, parseInput } from './input';
import { assertOwnImagePath } from './own-image';
import { assertMayWrite, type Actor } from './standing';

/**
 * The team rules (docs/teams.md), decided once here and applied by both backends inside their
 * transactions; firestore.rules holds the same line. Every write starts with assertMayWrite: a
 * visitor gets loginRequired, a suspended account accountSuspended, and creating a team or
 * asking to join one needs a verified email address.
 */

/** A team notification, with the id derived from its cause (one cause, one notification). */
export type TeamNotification = Extract<NotificationWrite, { type: TeamNotificationType }>;

function teamNotification(
  type: TeamNotificationType,
  to: string,
  team: Team,
  requestId: string,
  requesterName?: string,
): TeamNotification {
  const data = { teamId: team.id, requestId, teamName: team.name };
  return {
    id: notificationIdFor(requestId, type),
    userId: to,
    type,
    data: requesterName === undefined ? data : { ...data, requesterName },
  };
}

/** Creating: a verified user, who becomes the owner and the first member. */
export function decideTeamCreate(
  actor: Actor | null,
  input: unknown,
): { fields: TeamFormValues; ownerId: string; members: string[] } {
  const { uid } = assertMayWrite(actor, 'verified');
  const fields = parseInput(teamFormSchema, input, 'invalidTeamInput');
  assertOwnImagePath('teams', uid, fields.imagePath);
  return { fields, ownerId: uid, members: [uid] };
}

function assertOwner(actor: Actor | null, team: Team | null): { uid: string; team: Team } {
  const { uid } = assertMayWrite(actor, 'active');
  if (!team) throw new DomainError('teamNotFound');
  if (team.ownerId !== uid) throw new DomainError('noTeamEditPermission');
  return { uid, team };
}

/**
 * Editing (content, the member limit, recruiting open or closed): the owner only, and the limit
 * never below the members the team already has. Returns the fields to store.
 */
export function decideTeamUpdate(
  actor: Actor | null,
  team: Team | null,
  patch: unknown,
): Partial<TeamFormValues> {
  const owned = assertOwner(actor, team);
  const changes = namedFields(parseInput(teamPatchSchema, patch, 'invalidTeamInput'));
  assertOwnImagePath('teams', owned.uid, changes.imagePath, owned.team.imagePath);
  if (changes.maxMembers !== undefined && changes.maxMembers < owned.team.members.length) {
    throw new DomainError('teamLimitBelowMembers');
  }
  return changes;
}

/**
 * Asking to join: a verified user who is not a member and has no pending request, for a team
 * that is recruiting and has room. The request's id is teamRequestIdFor(team, user): asking
 * again after a rejection reopens the same request. The owner is told.
 */
export function decideTeamJoinRequest(input: {
  actor: Actor | null;
  team: Team | null;
  /** The asker's earlier requests for this team (older ones may carry other ids). */
  myRequests: readonly TeamJoinRequest[];
  message: string;
  /** The asker's display name on their profile (requesterNameOf), which the owner is told. */
  requesterName: string;
}): {
  id: string;
  request: { teamId: string; userId: string; message: string; status: 'pending' };
  notify: TeamNotification;
} {
  const { uid } = assertMayWrite(input.actor, 'verified');
  const { team } = input;
  if (!team) throw new DomainError('teamNotFound');
  if (team.members.includes(uid)) throw new DomainError('alreadyTeamMember');
  if (input.myRequests.some((r) => r.status === 'pending')) {
    throw new DomainError('alreadyTeamRequested', { alreadyDone: true });
  }
  if (!team.recruiting) throw new DomainError('teamNotRecruiting');
  if (isTeamFull(team)) throw new DomainError('teamFull');
  const message = input.message.trim();
  if (message.length > REQUEST_MESSAGE_MAX) throw new DomainError('requestMessageTooLong');
  const id = teamRequestIdFor(team.id, uid);
  return {
    id,
    request: { teamId: team.id, userId: uid, message, status: 'pending' },
    notify: teamNotification('team_join_request', team.ownerId, team, id, input.requesterName),
  };
}

/**
 * A join request is private to its requester and the team's owner (docs/teams.md): to anyone
 * else it reads as missing, so neither its message nor its existence shows.
 */
export function teamRequestVisibleTo(
  uid: string | null,
  request: TeamJoinRequest | null,
  team: Pick<Team, 'ownerId'> | null,
): TeamJoinRequest | null {
  if (!uid || !request) return null;
  return request.userId === uid || team?.ownerId === uid ? request : null;
}

/** Cancelling deletes my request, and only while it is pending. */
export function decideTeamRequestCancel(
  actor: Actor | null,
  request: TeamJoinRequest | null,
): void {
  const { uid } = assertMayWrite(actor, 'active');
  if (!request) throw new DomainError('requestNotFound');
  if (request.userId !== uid) throw new DomainError('noCancelPermission');
  if (request.status !== 'pending') throw new DomainError('alreadyProcessed');
}

/** As for events: the owner deciding again what they already decided is a repeat, taken as done. */
function assertProcessable(
  input: {
    actor: Actor | null;
    team: Team | null;
    request: TeamJoinRequest | null;
  },
  outcome: 'approved' | 'rejected',
): { team: Team; request: TeamJoinRequest } {
  const { uid } = assertMayWrite(input.actor, 'active');
  if (!input.request) throw new DomainError('requestNotFound');
  if (input.request.status !== 'pending') {
    const repeat = input.request.status === outcome && input.team?.ownerId === uid;
    throw new DomainError('alreadyProcessed', { alreadyDone: repeat });
  }
  if (!input.team) throw new DomainError('teamNotFound');
  if (input.team.ownerId !== uid) throw new DomainError('noProcessPermission');
  return { team: input.team, request: input.request };
}

/**
 * Approving: the owner adds the requester, never beyond the member limit. A team that closed
 * recruiting still takes the requests that were pending when it closed (as events do).
 */
export function decideTeamApprove(input: {
  actor: Actor | null;
  team: Team | null;
  request: TeamJoinRequest | null;
}): { members: string[]; notify: TeamNotification } {
  const { team, request } = assertProcessable(input, 'approved');
  const already = team.members.includes(request.userId);
  if (!already && isTeamFull(team)) throw new DomainError('teamFull');
  return {
    members: already ? team.members : [...team.members, request.userId],
    notify: teamNotification('team_join_approved', request.userId, team, request.id),
  };
}

export function decideTeamReject(input: {
  actor: Actor | null;
  team: Team | null;
  request: TeamJoinRequest | null;
}): { notify: TeamNotification } {
  const { team, request } = assertProcessable(input, 'rejected');
  return { notify: teamNotification('team_join_rejected', request.userId, team, request.id) };
}

/**
 * Leaving: a member other than the owner; their requests for the team go with them, and the
 * owner is told (by the member's id and profile name, one notification per team and member).
 */
export function decideTeamLeave(
  actor: Actor | null,
  team: Team | null,
  /** The leaving member's display name on their profile (requesterNameOf), which the owner is told. */
  memberName: string,
): { members: string[]; deleteRequestsOf: string; notify: NotificationWrite } {
  const { uid } = assertMayWrite(actor, 'active');
  if (!team) throw new DomainError('teamNotFound');
  if (team.ownerId === uid) throw new DomainError('teamOwnerCannotLeave');
  if (!team.members.includes(uid)) throw new DomainError('notTeamMember');
  return {
    members: team.members.filter((m) => m !== uid),
    deleteRequestsOf: uid,
    notify: {
      id: notificationIdFor(teamRequestIdFor(team.id, uid), 'team_member_left'),
      userId: team.ownerId,
      type: 'team_member_left',
      data: { teamId: team.id, teamName: team.name, memberId: uid, memberName },
    },
  };
}

/** The owner removes a member (never themself); that member's requests go too. */
export function decideTeamMemberRemoval(
  actor: Actor | null,
  team: Team | null,
  memberId: string,
): { members: string[]; deleteRequestsOf: string } {
  const { uid } = assertMayWrite(actor, 'active');
  if (!team) throw new DomainError('teamNotFound');
  if (team.ownerId !== uid) throw new DomainError('noTeamMemberPermission');
  if (memberId === team.ownerId) throw new DomainError('cannotRemoveTeamOwner');
  if (!team.members.includes(memberId)) throw new DomainError('notTeamMember');
  return { members: team.members.filter((m) => m !== memberId), deleteRequestsOf: memberId };
}

/**
 * The team an event is held by (teamId and the team's name, denormalized for lists). Choosing a
 * team needs membership of it, and the name is always the team's own. An event that keeps the
 * team it had is not checked again (its organizer may have left the team since); an event
 * without a team id keeps an older free-text team name only unchanged.
 */
export function decideEventTeam(input: {
  uid: string;
  teamId: string;
  teamName: string;
  team: Team | null;
  current?: { teamId: string; teamName: string } | null;
}): { teamId: string; teamName: string } {
  const { current } = input;
  if (!input.teamId) {
    const keepsLegacyName =
      !!current && current.teamId === '' && input.teamName === current.teamName;
    return { teamId: '', teamName: keepsLegacyName ? current.teamName : '' };
  }
  if (current && current.teamId === input.teamId) return { ...current };
  if (!input.team) throw new DomainError('teamNotFound');
  if (!input.team.members.includes(input.uid)) throw new DomainError('teamEventNotMember');
  return { teamId: input.team.id, teamName: input.team.name };
}
