import type { TeamsPort } from '@/data/ports/teams';
import {
  autoId,
  DOC_ID,
  fieldOp,
  type Filter,
  type StoredDoc,
  type Transaction,
} from '@/data/storage/storage';
import { requesterNameOf, type NotificationWrite } from '@/domain/entities/notification';
import {
  currentTeamRequest,
  MY_TEAMS_LIMIT,
  TEAM_PENDING_REQUESTS_LIMIT,
  teamJoinRequestSchema,
  teamRequestIdFor,
  TEAMS_PAGE_SIZE,
  teamSchema,
  type Team,
  type TeamJoinRequest,
} from '@/domain/entities/team';
import {
  decideTeamApprove,
  decideTeamCreate,
  decideTeamJoinRequest,
  decideTeamLeave,
  decideTeamMemberRemoval,
  decideTeamReject,
  decideTeamRequestCancel,
  decideTeamUpdate,
  teamRequestVisibleTo,
} from '@/domain/rules/teams';
import {
  notificationDoc,
  parseDoc,
  parseDocs,
  readActor,
  readUnlessRefused,
  type UseCaseActor,
  type UseCaseContext,
} from './context';

/** A user's requests for one team read at most (older ones may carry ids of their own). */
const MY_REQUESTS_LIMIT = 20;

const teamPath = (id: string) => `teams/${id}`;
const requestsPath = (teamId: string) => `teams/${teamId}/joinRequests`;
const requestPath = (teamId: string, id: string) => `${requestsPath(teamId)}/${id}`;
const notificationPath = (id: string) => `notifications/${id}`;

/** A stored request as the domain reads it: its team is the document it is stored under. */
const withTeam = (teamId: string, doc: StoredDoc | null) =>
  doc && { ...doc, data: { ...doc.data, teamId } };

/**
 * Teams and their join requests (src/data/ports/teams.ts), written once for both backends: what
 * each reads, the domain's decision (src/domain/rules/teams.ts), the writes that change together
 * and the notification. The writes have the shapes firestore.rules accept.
 */
export function teamUseCases(ctx: UseCaseContext): TeamsPort {
  const { storage } = ctx;

  const readTeam = async (tx: Pick<Transaction, 'get'>, id: string): Promise<Team | null> =>
    id ? parseDoc(teamSchema, await tx.get(teamPath(id))) : null;

  /** A request, or null when missing or refused (the rules let only its requester and the owner read it). */
  const readRequest = async (
    tx: Transaction,
    teamId: string,
    id: string,
  ): Promise<TeamJoinRequest | null> =>
    teamId && id
      ? parseDoc(
          teamJoinRequestSchema,
          withTeam(teamId, await readUnlessRefused(() => tx.get(requestPath(teamId, id)))),
        )
      : null;

  /**
   * A user's requests for a team. A transaction cannot query, so they are found first and the
   * caller reads each again inside its transaction.
   */
  const findRequests = async (teamId: string, uid: string | null | undefined) =>
    uid && teamId
      ? storage.query({
          collection: requestsPath(teamId),
          where: [{ field: 'userId', op: '==', value: uid }],
          limit: MY_REQUESTS_LIMIT,
        })
      : [];

  /** The owner's decision on a request, in one transaction with the actor, team and request. */
  const process = async (
    teamId: string,
    requestId: string,
    write: (
      tx: Transaction,
      read: { actor: UseCaseActor | null; team: Team | null; request: TeamJoinRequest | null },
    ) => void,
  ) => {
    const who = await ctx.session();
    await storage.transaction(async (tx) => {
      const actor = await readActor(tx, who);
      const team = actor ? await readTeam(tx, teamId) : null;
      const request = actor
        ? teamRequestVisibleTo(actor.uid, await readRequest(tx, teamId, requestId), team)
        : null;
      write(tx, { actor, team, request });
    });
  };

  /**
   * Leaving or removal: the member taken off (arrayRemove of the one uid: the rules see exactly
   * that member go) and their requests, found before the transaction, deleted with it.
   */
  const changeMembers = async (
    teamId: string,
    found: readonly StoredDoc[],
    decide: (
      actor: UseCaseActor | null,
      team: Team | null,
    ) => { deleteRequestsOf: string; notify?: NotificationWrite },
  ) => {
    const who = await ctx.session();
    await storage.transaction(async (tx) => {
      const actor = await readActor(tx, who);
      const team = await readTeam(tx, teamId);
      const requests: TeamJoinRequest[] = [];
      for (const d of found) {
        const r = await readRequest(tx, teamId, d.id);
        if (r) requests.push(r);
      }
      const decision = decide(actor, team);
      tx.update(teamPath(teamId), {
        members: fieldOp.arrayRemove(decision.deleteRequestsOf),
        updatedAt: fieldOp.serverTime(),
      });
      for (const r of requests) {
        if (r.userId === decision.deleteRequestsOf) tx.delete(requestPath(teamId, r.id));
      }
      if (decision.notify) {
        tx.set(notificationPath(decision.notify.id), notificationDoc(decision.notify, ctx.now()));
      }
    });
  };

  return {
    async list(filters, cursor) {
      // Each combination of the filters has its index (firestore.indexes.json, db.ts).
      const where: Filter[] = [];
      if (filters.sportType) where.push({ field: 'sportType', op: '==', value: filters.sportType });
      if (filters.region) where.push({ field: 'region', op: '==', value: filters.region });
      if (filters.recruitingOnly) where.push({ field: 'recruiting', op: '==', value: true });
      const docs = await storage.query({
        collection: 'teams',
        where,
        orderBy: [
          { field: 'createdAt', direction: 'desc' },
          { field: DOC_ID, direction: 'desc' },
        ],
        after: cursor ?? null,
        limit: TEAMS_PAGE_SIZE + 1,
      });
      const page = docs.slice(0, TEAMS_PAGE_SIZE);
      return {
        items: parseDocs(teamSchema, page, 'teams.list'),
        nextCursor: docs.length > TEAMS_PAGE_SIZE ? page.at(-1)!.cursor : null,
      };
    },

    get: (id) => readTeam(storage, id),

    subscribe(id, next, error) {
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

    async byMember(uid) {
      if (!uid) return [];
      const docs = await storage.query({
        collection: 'teams',
        where: [{ field: 'members', op: 'array-contains', value: uid }],
        orderBy: [
          { field: 'createdAt', direction: 'desc' },
          { field: DOC_ID, direction: 'desc' },
        ],
        limit: MY_TEAMS_LIMIT,
      });
      return parseDocs(teamSchema, docs, 'teams.byMember');
    },

    async create(input) {
      const who = await ctx.session();
      const id = autoId();
      await storage.transaction(async (tx) => {
        const decision = decideTeamCreate(await readActor(tx, who), input);
        tx.set(teamPath(id), {
          ...decision.fields,
          ownerId: decision.ownerId,
          members: decision.members,
          createdAt: fieldOp.serverTime(),
          updatedAt: fieldOp.serverTime(),
        });
      });
      return id;
    },

    async update(id, patch) {
      const who = await ctx.session();
      await storage.transaction(async (tx) => {
        const actor = await readActor(tx, who);
        const changes = decideTeamUpdate(actor, actor ? await readTeam(tx, id) : null, patch);
        tx.update(teamPath(id), { ...changes, updatedAt: fieldOp.serverTime() });
      });
    },

    async requestToJoin(teamId, message) {
      const who = await ctx.session();
      const mine = await findRequests(teamId, who?.uid);
      return storage.transaction(async (tx) => {
        const actor = await readActor(tx, who);
        const team = actor ? await readTeam(tx, teamId) : null;
        const myRequests: TeamJoinRequest[] = [];
        if (actor && team) {
          const ids = new Set([teamRequestIdFor(teamId, actor.uid), ...mine.map((d) => d.id)]);
          for (const id of ids) {
            const r = await readRequest(tx, teamId, id);
            if (r) myRequests.push(r);
          }
        }
        const decision = decideTeamJoinRequest({
          actor,
          team,
          myRequests,
          message,
          requesterName: requesterNameOf(actor?.profile ?? null),
        });
        // A new request, or my rejected one asked again: either way it starts over from now.
        // Its team is the path it is stored under, not a field.
        const { userId, status } = decision.request;
        tx.set(requestPath(teamId, decision.id), {
          userId,
          message: decision.request.message,
          status,
          createdAt: fieldOp.serverTime(),
          updatedAt: fieldOp.serverTime(),
        });
        tx.set(notificationPath(decision.notify.id), notificationDoc(decision.notify, ctx.now()));
        return decision.id;
      });
    },

    async cancelRequest(teamId, requestId) {
      const who = await ctx.session();
      await storage.transaction(async (tx) => {
        const actor = await readActor(tx, who);
        const request = actor ? await readRequest(tx, teamId, requestId) : null;
        const team = request ? await readTeam(tx, teamId) : null;
        decideTeamRequestCancel(actor, teamRequestVisibleTo(actor?.uid ?? null, request, team));
        tx.delete(requestPath(teamId, requestId));
      });
    },

    async approveRequest(teamId, requestId) {
      await process(teamId, requestId, (tx, read) => {
        const decision = decideTeamApprove(read);
        const { team, request } = read as { team: Team; request: TeamJoinRequest };
        // Request, members and notification change together or not at all.
        tx.update(requestPath(teamId, requestId), {
          status: 'approved',
          updatedAt: fieldOp.serverTime(),
        });
        if (!team.members.includes(request.userId)) {
          // The rules let the owner add exactly the requester of a request approved in this same
          // write, found by its id (teamRequestIdFor). The pointer to the request an older
          // version kept on this public document goes.
          tx.update(teamPath(teamId), {
            members: fieldOp.arrayUnion(request.userId),
            approvedRequestId: fieldOp.deleteField(),
            updatedAt: fieldOp.serverTime(),
          });
        }
        tx.set(notificationPath(decision.notify.id), notificationDoc(decision.notify, ctx.now()));
      });
    },

    async rejectRequest(teamId, requestId) {
      await process(teamId, requestId, (tx, read) => {
        const decision = decideTeamReject(read);
        tx.update(requestPath(teamId, requestId), {
          status: 'rejected',
          updatedAt: fieldOp.serverTime(),
        });
        tx.set(notificationPath(decision.notify.id), notificationDoc(decision.notify, ctx.now()));
      });
    },

    async leave(teamId) {
      const found = await findRequests(teamId, (await ctx.session())?.uid);
      await changeMembers(teamId, found, (actor, team) =>
        decideTeamLeave(actor, team, requesterNameOf(actor?.profile ?? null)),
      );
    },

    async removeMember(teamId, memberId) {
      // Only the owner may list someone else's requests; for anyone else the domain refuses
      // inside the transaction, with its own message.
      const who = await ctx.session();
      const team = who ? await readTeam(storage, teamId) : null;
      const found = team?.ownerId === who?.uid ? await findRequests(teamId, memberId) : [];
      await changeMembers(teamId, found, (actor, t) => decideTeamMemberRemoval(actor, t, memberId));
    },

    async myRequestFor(teamId) {
      const who = await ctx.session();
      if (!who || !teamId) return null;
      const docs = await storage.query({
        collection: requestsPath(teamId),
        where: [{ field: 'userId', op: '==', value: who.uid }],
        orderBy: [
          { field: 'createdAt', direction: 'desc' },
          { field: DOC_ID, direction: 'desc' },
        ],
        limit: MY_REQUESTS_LIMIT,
      });
      return currentTeamRequest(
        parseDocs(
          teamJoinRequestSchema,
          docs.map((d) => withTeam(teamId, d)!),
          'teams.myRequestFor',
        ),
      );
    },

    async pendingRequests(teamId) {
      const who = await ctx.session();
      const team = who ? await readTeam(storage, teamId) : null;
      if (!team || team.ownerId !== who?.uid) return [];
      const docs = await storage.query({
        collection: requestsPath(teamId),
        where: [{ field: 'status', op: '==', value: 'pending' }],
        orderBy: [
          { field: 'createdAt', direction: 'asc' },
          { field: DOC_ID, direction: 'asc' },
        ],
        limit: TEAM_PENDING_REQUESTS_LIMIT,
      });
      return parseDocs(
        teamJoinRequestSchema,
        docs.map((d) => withTeam(teamId, d)!),
        'teams.pendingRequests',
      );
    },
  };
}
