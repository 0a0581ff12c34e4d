import type { TeamFilters } from '@/data/ports/teams';
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
 * Reading teams and their join requests (docs/teams.md), written once for both backends: the
 * list, a team and its live copy, a user's teams, my request and an owner's queue. What changes a
 * team or who is in it is the teamMembership port (./team-membership.ts). Each method's statements (Missing, Fails, Order / cap, Caller) follow the convention in
 * src/data/ports/backend.ts.
 */
export function teamUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

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
