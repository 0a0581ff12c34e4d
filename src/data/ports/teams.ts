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
 * Teams and their join requests (docs/teams.md). The statements follow the convention in
 * ./backend.ts; the refusals are the domain's (src/domain/rules/teams.ts), decided inside one
 * transaction per write by src/data/use-cases/teams.ts for both backends. Every write refuses a visitor with loginRequired and
 * a suspended account with accountSuspended (assertMayWrite, src/domain/rules/standing.ts);
 * creating and asking to join also refuse an unverified address with emailNotVerified.
 */
export interface TeamsPort {
  /**
   * One page of the teams matching every filter given. Order: newest first (createdAt, then id,
   * both descending). Cap: TEAMS_PAGE_SIZE a page; nextCursor is null on the last page; an
   * unreadable cursor starts from the first page. Missing: unreadable stored teams are left out
   * (and logged). Fails: throws. Caller: anyone, signed out too.
   */
  list(filters: TeamFilters, cursor?: string | null): Promise<Page<Team>>;
  /** Missing: null (also for id ''). Fails: throws. Caller: anyone, signed out too. */
  get(id: string): Promise<Team | null>;
  /**
   * Delivers the team (null when missing or unreadable, also for id '') now and on every change
   * until unsubscribed, so an open team page shows members joining or leaving and its recruiting
   * state as they change. One document listener: one read to start, one per change. Fails:
   * calls `error`. Caller: anyone, signed out too.
   */
  subscribe(id: string, next: (team: Team | null) => void, error: (e: unknown) => void): () => void;
  /**
   * The teams `uid` is a member of. Order: newest first (createdAt, then id, both descending).
   * Cap: MY_TEAMS_LIMIT teams read, so an unreadable one among them is left out (and logged),
   * not replaced by an older one. Missing: an unknown user (or '') gives []; teams without
   * createdAt are not listed. Fails: throws. Caller: anyone (membership is public on the team
   * page).
   */
  byMember(uid: string): Promise<Team[]>;
  /**
   * Creates a team owned by the caller, its first member, and returns its id. Refusals:
   * loginRequired, accountSuspended, emailNotVerified, invalidTeamInput (input the form would
   * refuse). Fails: throws. Caller: a verified user.
   */
  create(input: TeamInput): Promise<string>;
  /**
   * Changes the given content fields, the member limit and recruiting. Refusals: loginRequired,
   * accountSuspended, teamNotFound, noTeamEditPermission, invalidTeamInput,
   * teamLimitBelowMembers. Fails: throws. Caller: the owner.
   */
  update(id: string, patch: Partial<TeamInput>): Promise<void>;
  /**
   * Creates a pending request with the trimmed message and, in the same write, a
   * team_join_request notification to the owner (id `<requestId>_team_join_request`); returns
   * the request id. Refusals: loginRequired, accountSuspended, emailNotVerified, teamNotFound,
   * alreadyTeamMember, alreadyTeamRequested, teamNotRecruiting, teamFull,
   * requestMessageTooLong. Fails: throws. Caller: a verified user who is not a member.
   */
  requestToJoin(teamId: string, message: string): Promise<string>;
  /**
   * Deletes the caller's pending request. Refusals: loginRequired, accountSuspended,
   * requestNotFound (also once cancelled, or for another team's id), noCancelPermission,
   * alreadyProcessed. Fails: throws. Caller: the requester.
   */
  cancelRequest(teamId: string, requestId: string): Promise<void>;
  /**
   * In one write: the request approved, the requester added to the members, a
   * team_join_approved notification to them. Refusals: loginRequired, accountSuspended,
   * requestNotFound, alreadyProcessed, teamNotFound, noProcessPermission, teamFull (never beyond
   * the limit). Fails: throws. Caller: the owner.
   */
  approveRequest(teamId: string, requestId: string): Promise<void>;
  /**
   * As approveRequest without adding anyone: the request rejected and a team_join_rejected
   * notification; the requester may ask again. Refusals as approveRequest except teamFull.
   * Fails: throws. Caller: the owner.
   */
  rejectRequest(teamId: string, requestId: string): Promise<void>;
  /**
   * Removes the caller from the members, deletes their requests for the team (at most 20 read)
   * and tells the owner (team_member_left, id `<teamId>_<uid>_team_member_left`), in one write;
   * the team takes requests again if it was full. Refusals: loginRequired, accountSuspended,
   * teamNotFound, teamOwnerCannotLeave, notTeamMember. Fails: throws. Caller: a member other
   * than the owner.
   */
  leave(teamId: string): Promise<void>;
  /**
   * Removes a member other than the owner and deletes that member's requests, in one write.
   * Refusals: loginRequired, accountSuspended, teamNotFound, noTeamMemberPermission,
   * cannotRemoveTeamOwner, notTeamMember. Fails: throws. Caller: the owner.
   */
  removeMember(teamId: string, memberId: string): Promise<void>;
  /**
   * My request for the team that counts (currentTeamRequest: the pending one, else the latest).
   * Cap: my 20 newest requests for the team are read. Missing: null (none, signed out, or teamId
   * ''). Fails: throws. Caller: anyone.
   */
  myRequestFor(teamId: string): Promise<TeamJoinRequest | null>;
  /**
   * The team's pending requests, messages included. Order: oldest first (the order they
   * arrived). Cap: TEAM_PENDING_REQUESTS_LIMIT. Only the owner sees them: anyone else, signed out
   * included, gets [] without the requests being read, and so does a missing team. Fails:
   * throws. Caller: anyone.
   */
  pendingRequests(teamId: string): Promise<TeamJoinRequest[]>;
}
