import type { TeamFilters, TeamInput } from '@/data/ports/teams';
import {
  orderByThenId,
  type Query,
  type StoredDoc,
  type Transaction,
} from '@/data/storage/storage';
import { TEAMS_PAGE_SIZE } from '@/domain/constants';
import type { Page } from '@/domain/entities/common';
import {
  currentTeamRequest,
  mayListTeamRequests,
  MY_TEAMS_LIMIT,
  TEAM_PENDING_REQUESTS_LIMIT,
  teamJoinRequestSchema,
  teamSchema,
  type Team,
  type TeamJoinRequest,
} from '@/domain/entities/team';
import { loadOnce } from '@/lib/load-once';
import {
  listenAfter,
  onOwnQuery,
  parseDoc,
  parseDocs,
  parsePage,
  type UseCaseContext,
} from './context';
import { teamListQuery } from './list-queries';

/** A user's requests for one team read at most (older ones may carry ids of their own). */
export const MY_REQUESTS_LIMIT = 20;

export const teamPath = (id: string) => `teams/${id}`;
export const requestsPath = (teamId: string) => `teams/${teamId}/joinRequests`;
export const requestPath = (teamId: string, id: string) => `${requestsPath(teamId)}/${id}`;

/** A stored request as the domain reads it: its team is the document it is stored under. */
export const withTeam = (teamId: string, doc: StoredDoc | null) =>
  doc && { ...doc, data: { ...doc.data, teamId } };

/** The team `id`, or null when missing or unreadable (also for id ''). */
export const readTeam = async (tx: Pick<Transaction, 'get'>, id: string): Promise<Team | null> =>
  id ? parseDoc(teamSchema, await tx.get(teamPath(id))) : null;

/**
 * Teams and their join requests (docs/teams.md), written once for both backends: what each
 * reads, the domain's decision (src/domain/rules/teams.ts), the writes that change together and
 * the notification, in one transaction per write and the shapes firestore.rules accept. Every
 * write refuses a visitor with loginRequired and a suspended account with accountSuspended;
 * creating and asking to join also refuse an unverified address with emailNotVerified.
 * Each method's statements (Missing, Fails, Order / cap, Caller) follow the convention in
 * src/data/ports/backend.ts.
 */
export function teamUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

  // The writes load on the first one (./team-writes.ts), so a page that only reads teams does
  // not download them nor the rules and form checks they use; a failed load is tried again on
  // the next write.
  const writes = loadOnce(() => import('./team-writes').then((m) => m.teamWrites(ctx)));

  /** My newest requests for a team, newest first. */
  const myRequestsQuery = (uid: string, teamId: string): Query => ({
    collection: requestsPath(teamId),
    where: [{ field: 'userId', op: '==', value: uid }],
    orderBy: orderByThenId('createdAt', 'desc'),
    limit: MY_REQUESTS_LIMIT,
  });
  const countingRequest = (teamId: string, docs: StoredDoc[]) =>
    currentTeamRequest(
      parseDocs(
        teamJoinRequestSchema,
        docs.map((d) => withTeam(teamId, d)!),
        'teams.myRequestFor',
      ),
    );

  /** The owner's queue: the pending requests, oldest first. */
  const pendingQuery = (teamId: string): Query => ({
    collection: requestsPath(teamId),
    where: [{ field: 'status', op: '==', value: 'pending' }],
    orderBy: orderByThenId('createdAt', 'asc'),
    limit: TEAM_PENDING_REQUESTS_LIMIT,
  });
  const pendingIn = (teamId: string, docs: StoredDoc[]) =>
    parseDocs(
      teamJoinRequestSchema,
      docs.map((d) => withTeam(teamId, d)!),
      'teams.pendingRequests',
    );

  /** Whether the session's user may see the team's queue (mayListTeamRequests: its owner). */
  const mayListQueue = async (teamId: string) => {
    const who = await ctx.session();
    return mayListTeamRequests(who?.uid ?? null, who ? await readTeam(storage, teamId) : null);
  };

  return {
    /**
     * One page of the teams matching every filter given. Order: newest first (createdAt, then id,
     * both descending). Cap: TEAMS_PAGE_SIZE a page; nextCursor is null on the last page; an
     * unreadable cursor starts from the first page. Missing: unreadable stored teams are left out
     * (and logged). Fails: throws. Caller: anyone, signed out too.
     */
    async list(filters: TeamFilters, cursor?: string | null): Promise<Page<Team>> {
      const docs = await storage.query({ ...teamListQuery(filters), after: cursor ?? null });
      return parsePage(teamSchema, docs, TEAMS_PAGE_SIZE, 'teams.list');
    },

    /** Missing: null (also for id ''). Fails: throws. Caller: anyone, signed out too. */
    get(id: string): Promise<Team | null> {
      return readTeam(storage, id);
    },

    /**
     * Delivers the team (null when missing or unreadable, also for id '') now and on every change
     * until unsubscribed, so an open team page shows members joining or leaving and its recruiting
     * state as they change. One document listener: one read to start, one per change. Fails: calls
     * `error`. Caller: anyone, signed out too.
     */
    subscribe(
      id: string,
      next: (team: Team | null) => void,
      error: (e: unknown) => void,
    ): () => void {
      if (!id) {
        next(null);
        return () => {};
      }
      return storage.onDoc(
        teamPath(id),
        (doc) => next(doc ? (parseDocs(teamSchema, [doc], 'teams.subscribe')[0] ?? null) : null),
        error,
      );
    },

    /**
     * The teams `uid` is a member of. Order: newest first (createdAt, then id, both descending).
     * Cap: MY_TEAMS_LIMIT teams read, so an unreadable one among them is left out (and logged), not
     * replaced by an older one. Missing: an unknown user (or '') gives []; teams without createdAt
     * are not listed. Fails: throws. Caller: anyone (membership is public on the team page).
     */
    async byMember(uid: string): Promise<Team[]> {
      if (!uid) return [];
      const docs = await storage.query({
        collection: 'teams',
        where: [{ field: 'members', op: 'array-contains', value: uid }],
        orderBy: orderByThenId('createdAt', 'desc'),
        limit: MY_TEAMS_LIMIT,
      });
      return parseDocs(teamSchema, docs, 'teams.byMember');
    },

    /**
     * Creates a team owned by the caller, its first member, and returns its id. Refusals:
     * loginRequired, accountSuspended, emailNotVerified, invalidTeamInput (input the form would
     * refuse). Fails: throws. Caller: a verified user.
     */
    async create(input: TeamInput): Promise<string> {
      return (await writes()).create(input);
    },

    /**
     * Changes the given content fields, the member limit and recruiting. Refusals: loginRequired,
     * accountSuspended, teamNotFound, noTeamEditPermission, invalidTeamInput,
     * teamLimitBelowMembers. Fails: throws. Caller: the owner.
     */
    async update(id: string, patch: Partial<TeamInput>): Promise<void> {
      return (await writes()).update(id, patch);
    },

    /**
     * Creates a pending request with the trimmed message and, in the same write, a
     * team_join_request notification to the owner (id `<requestId>_team_join_request`); returns the
     * request id. Refusals: loginRequired, accountSuspended, emailNotVerified, teamNotFound,
     * alreadyTeamMember, alreadyTeamRequested, teamNotRecruiting, teamFull, requestMessageTooLong.
     * Fails: throws. Caller: a verified user who is not a member.
     */
    async requestToJoin(teamId: string, message: string): Promise<string> {
      return (await writes()).requestToJoin(teamId, message);
    },

    /**
     * Deletes the caller's pending request. Refusals: loginRequired, accountSuspended,
     * requestNotFound (also once cancelled, or for another team's id), noCancelPermission,
     * alreadyProcessed. Fails: throws. Caller: the requester.
     */
    async cancelRequest(teamId: string, requestId: string): Promise<void> {
      return (await writes()).cancelRequest(teamId, requestId);
    },

    /**
     * In one write: the request approved, the requester added to the members, a team_join_approved
     * notification to them. Refusals: loginRequired, accountSuspended, requestNotFound,
     * alreadyProcessed, teamNotFound, noProcessPermission, teamFull (never beyond the limit).
     * Fails: throws. Caller: the owner.
     */
    async approveRequest(teamId: string, requestId: string): Promise<void> {
      return (await writes()).approveRequest(teamId, requestId);
    },

    /**
     * As approveRequest without adding anyone: the request rejected and a team_join_rejected
     * notification; the requester may ask again. Refusals as approveRequest except teamFull. Fails:
     * throws. Caller: the owner.
     */
    async rejectRequest(teamId: string, requestId: string): Promise<void> {
      return (await writes()).rejectRequest(teamId, requestId);
    },

    /**
     * Removes the caller from the members, deletes their requests for the team (at most 20 read)
     * and tells the owner (team_member_left, id `<teamId>_<uid>_team_member_left`), in one write;
     * the team takes requests again if it was full. Refusals: loginRequired, accountSuspended,
     * teamNotFound, teamOwnerCannotLeave, notTeamMember. Fails: throws. Caller: a member other than
     * the owner.
     */
    async leave(teamId: string): Promise<void> {
      return (await writes()).leave(teamId);
    },

    /**
     * Removes a member other than the owner and deletes that member's requests, in one write.
     * Refusals: loginRequired, accountSuspended, teamNotFound, noTeamMemberPermission,
     * cannotRemoveTeamOwner, notTeamMember. Fails: throws. Caller: the owner.
     */
    async removeMember(teamId: string, memberId: string): Promise<void> {
      return (await writes()).removeMember(teamId, memberId);
    },

    /**
     * My request for the team that counts (currentTeamRequest: the pending one, else the latest).
     * Cap: my MY_REQUESTS_LIMIT newest requests for the team are read. Missing: null (none,
     * signed out, or teamId ''). Fails: throws. Caller: anyone. (The screens follow it live
     * with subscribeMyRequest; this single read is what the contract suite checks state with.)
     */
    async myRequestFor(teamId: string): Promise<TeamJoinRequest | null> {
      const who = await ctx.session();
      if (!who || !teamId) return null;
      return countingRequest(teamId, await storage.query(myRequestsQuery(who.uid, teamId)));
    },

    /**
     * My request for the team that counts, as myRequestFor, delivered now and on every change
     * (the owner's answer included) until unsubscribed. Fails: onError; 'permission-denied' for
     * anyone's but the caller's own. Caller: the signed-in user, for themself.
     */
    subscribeMyRequest(
      uid: string,
      teamId: string,
      onChange: (request: TeamJoinRequest | null) => void,
      onError: (e: unknown) => void,
    ): () => void {
      if (!teamId) {
        onChange(null);
        return () => {};
      }
      return onOwnQuery(
        ctx,
        uid,
        () => myRequestsQuery(uid, teamId),
        (docs) => onChange(countingRequest(teamId, docs)),
        onError,
      );
    },

    /**
     * The team's pending requests, messages included. Order: oldest first (the order they arrived).
     * Cap: TEAM_PENDING_REQUESTS_LIMIT. Only the owner sees them: anyone else, signed out included,
     * gets [] without the requests being read, and so does a missing team. Fails: throws. Caller:
     * anyone. (The owner's screen follows it live with subscribePendingRequests; this single read
     * is what the contract suite checks state with.)
     */
    async pendingRequests(teamId: string): Promise<TeamJoinRequest[]> {
      if (!(await mayListQueue(teamId))) return [];
      return pendingIn(teamId, await storage.query(pendingQuery(teamId)));
    },

    /**
     * The team's pending requests, as pendingRequests, delivered now and on every change (a new
     * request, an answer, a cancel) until unsubscribed. Anyone but the owner gets [] once and no
     * listener. Fails: onError. Caller: anyone.
     */
    subscribePendingRequests(
      teamId: string,
      onChange: (requests: TeamJoinRequest[]) => void,
      onError: (e: unknown) => void,
    ): () => void {
      return listenAfter(
        () => mayListQueue(teamId),
        (allowed) =>
          allowed
            ? storage.onQuery(
                pendingQuery(teamId),
                (docs) => onChange(pendingIn(teamId, docs)),
                onError,
              )
            : (onChange([]), () => {}),
        onError,
      );
    },
  };
}
