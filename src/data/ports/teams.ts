import type { Page } from '@/domain/entities/common';
import type { Team, TeamJoinRequest } from '@/domain/entities/team';
import type { TeamFormValues } from '@/domain/team-form';

/** What creating or editing a team sends: the parsed team form (src/domain/team-form.ts). */
export type TeamInput = TeamFormValues;

export interface TeamFilters {
  sportType?: string;
  region?: string;
  /** Only teams that are recruiting (メンバー募集中). */
  recruitingOnly?: boolean;
}

/**
 * Teams and their join requests (docs/teams.md). The rules are the domain's
 * (src/domain/rules/teams.ts), applied by both backends inside one transaction per write; the
 * Firebase security rules hold the same line. Every write refuses a visitor with
 * 操作にはログインが必要です and a suspended account with the accountSuspended message.
 *
 * Reads never swallow errors: a network failure or a rules refusal rejects, and the screen shows
 * its error state with a retry. Writes reject with the catalogue message of the rule that
 * refused; a rules refusal the domain did not foresee rejects with the SDK's error.
 */
export interface TeamsPort {
  /**
   * Anyone (signed in or not). Newest first (createdAt, then id, descending), TEAMS_PAGE_SIZE a
   * page; `nextCursor` is null on the last page. An unreadable cursor starts from the first page.
   */
  list(filters: TeamFilters, cursor?: string | null): Promise<Page<Team>>;
  /** Anyone. Null for a missing team (or an empty id). */
  get(id: string): Promise<Team | null>;
  /**
   * The teams a user belongs to, newest first, at most MY_TEAMS_LIMIT; anyone may ask (team
   * membership is public on the team page).
   */
  byMember(uid: string): Promise<Team[]>;
  /**
   * A verified user; they become the owner and first member. Input the form would refuse
   * rejects with invalidTeamInput. Returns the new id.
   */
  create(input: TeamInput): Promise<string>;
  /**
   * The owner only (noTeamEditPermission; teamNotFound for a missing team): any content field,
   * the member limit (never below the current members: teamLimitBelowMembers) and recruiting.
   */
  update(id: string, patch: Partial<TeamInput>): Promise<void>;
  /**
   * A verified user who is not a member and has no pending request, for a team that is
   * recruiting and not full; the message is trimmed, at most REQUEST_MESSAGE_MAX characters.
   * The owner is notified (team_join_request) in the same write. Returns the request id.
   */
  requestToJoin(teamId: string, message: string): Promise<string>;
  /** The requester, while the request is pending: deletes it. requestNotFound when missing. */
  cancelRequest(teamId: string, requestId: string): Promise<void>;
  /**
   * The owner, a pending request: the requester becomes a member (never beyond the limit:
   * teamFull) and is notified (team_join_approved), all in one write.
   */
  approveRequest(teamId: string, requestId: string): Promise<void>;
  /** The owner, a pending request: rejected, and the requester notified (team_join_rejected). */
  rejectRequest(teamId: string, requestId: string): Promise<void>;
  /** A member other than the owner leaves; their requests for the team are deleted with it. */
  leave(teamId: string): Promise<void>;
  /** The owner removes a member (not themself); that member's requests are deleted with it. */
  removeMember(teamId: string, memberId: string): Promise<void>;
  /**
   * The caller's latest request for the team (a pending one first), or null: none, or signed
   * out.
   */
  myRequestFor(teamId: string): Promise<TeamJoinRequest | null>;
  /**
   * The owner: the pending requests, oldest first, at most TEAM_PENDING_REQUESTS_LIMIT. Anyone
   * else (signed out included) gets an empty list without the requests being read. A missing
   * team gives an empty list.
   */
  pendingRequests(teamId: string): Promise<TeamJoinRequest[]>;
}
