import type { TeamInput } from '@/data/ports/teams';
import { autoId, fieldOp, type StoredDoc, type Transaction } from '@/data/storage/storage';
import { requesterNameOf, type NotificationWrite } from '@/domain/entities/notification';
import {
  teamJoinRequestSchema,
  teamRequestIdFor,
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
  actorTransaction,
  parseDoc,
  readActor,
  readUnlessRefused,
  writeNotification,
  type UseCaseActor,
  type UseCaseContext,
} from './context';
import {
  MY_REQUESTS_LIMIT,
  readTeam,
  requestPath,
  requestsPath,
  teamPath,
  withTeam,
} from './teams';

/**
 * A team and who is in it (docs/teams.md), written once for both backends: creating and editing a
 * team, asking to join and cancelling, the owner's answers, leaving and removing a member, each
 * with its notification in the same transaction. Reading teams is the teams port (./teams.ts).
 * The refusals are the domain's (src/domain/rules/teams.ts); the writes have the shapes
 * firestore.rules accept. Every write refuses a visitor with loginRequired and a suspended
 * account with accountSuspended; creating and asking to join also refuse an unverified address
 * with emailNotVerified. Each method's statements follow the convention in
 * src/data/ports/backend.ts.
 */
export function teamMembershipUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

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
    await actorTransaction(ctx, async (tx, actor) => {
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
    await actorTransaction(ctx, async (tx, actor) => {
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
      if (decision.notify) writeNotification(tx, decision.notify, ctx.now());
    });
  };

  return {
    /**
     * Creates a team owned by the caller, its first member, and returns its id. Refusals:
     * loginRequired, accountSuspended, emailNotVerified, invalidTeamInput (input the form would
     * refuse). Fails: throws. Caller: a verified user.
     */
    async create(input: TeamInput): Promise<string> {
      const id = autoId();
      await actorTransaction(ctx, async (tx, actor) => {
        const decision = decideTeamCreate(actor, input);
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

    /**
     * Changes the given content fields, the member limit and recruiting. Refusals: loginRequired,
     * accountSuspended, teamNotFound, noTeamEditPermission, invalidTeamInput,
     * teamLimitBelowMembers. Fails: throws. Caller: the owner.
     */
    async update(id: string, patch: Partial<TeamInput>): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const changes = decideTeamUpdate(actor, actor ? await readTeam(tx, id) : null, patch);
        tx.update(teamPath(id), { ...changes, updatedAt: fieldOp.serverTime() });
      });
    },

    /**
     * Creates a pending request with the trimmed message and, in the same write, a
     * team_join_request notification to the owner (id `<requestId>_team_join_request`); returns the
     * request id. Refusals: loginRequired, accountSuspended, emailNotVerified, teamNotFound,
     * alreadyTeamMember, alreadyTeamRequested, teamNotRecruiting, teamFull, requestMessageTooLong.
     * Fails: throws. Caller: a verified user who is not a member.
     */
    async requestToJoin(teamId: string, message: string): Promise<string> {
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
        writeNotification(tx, decision.notify, ctx.now());
        return decision.id;
      });
    },

    /**
     * Deletes the caller's pending request. Refusals: loginRequired, accountSuspended,
     * requestNotFound (also once cancelled, or for another team's id), noCancelPermission,
     * alreadyProcessed. Fails: throws. Caller: the requester.
     */
    async cancelRequest(teamId: string, requestId: string): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const request = actor ? await readRequest(tx, teamId, requestId) : null;
        const team = request ? await readTeam(tx, teamId) : null;
        decideTeamRequestCancel(actor, teamRequestVisibleTo(actor?.uid ?? null, request, team));
        tx.delete(requestPath(teamId, requestId));
      });
    },

    /**
     * In one write: the request approved, the requester added to the members, a team_join_approved
     * notification to them. Refusals: loginRequired, accountSuspended, requestNotFound,
     * alreadyProcessed, teamNotFound, noProcessPermission, teamFull (never beyond the limit).
     * Fails: throws. Caller: the owner.
     */
    async approveRequest(teamId: string, requestId: string): Promise<void> {
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
        writeNotification(tx, decision.notify, ctx.now());
      });
    },

    /**
     * As approveRequest without adding anyone: the request rejected and a team_join_rejected
     * notification; the requester may ask again. Refusals as approveRequest except teamFull. Fails:
     * throws. Caller: the owner.
     */
    async rejectRequest(teamId: string, requestId: string): Promise<void> {
      await process(teamId, requestId, (tx, read) => {
        const decision = decideTeamReject(read);
        tx.update(requestPath(teamId, requestId), {
          status: 'rejected',
          updatedAt: fieldOp.serverTime(),
        });
        writeNotification(tx, decision.notify, ctx.now());
      });
    },

    /**
     * Removes the caller from the members, deletes their requests for the team (at most 20 read)
     * and tells the owner (team_member_left, id `<teamId>_<uid>_team_member_left`), in one write;
     * the team takes requests again if it was full. Refusals: loginRequired, accountSuspended,
     * teamNotFound, teamOwnerCannotLeave, notTeamMember. Fails: throws. Caller: a member other than
     * the owner.
     */
    async leave(teamId: string): Promise<void> {
      const found = await findRequests(teamId, (await ctx.session())?.uid);
      await changeMembers(teamId, found, (actor, team) =>
        decideTeamLeave(actor, team, requesterNameOf(actor?.profile ?? null)),
      );
    },

    /**
     * Removes a member other than the owner and deletes that member's requests, in one write.
     * Refusals: loginRequired, accountSuspended, teamNotFound, noTeamMemberPermission,
     * cannotRemoveTeamOwner, notTeamMember. Fails: throws. Caller: the owner.
     */
    async removeMember(teamId: string, memberId: string): Promise<void> {
      // Only the owner may list someone else's requests; for anyone else the domain refuses
      // inside the transaction, with its own message.
      const who = await ctx.session();
      const team = who ? await readTeam(storage, teamId) : null;
      const found = team?.ownerId === who?.uid ? await findRequests(teamId, memberId) : [];
      await changeMembers(teamId, found, (actor, t) => decideTeamMemberRemoval(actor, t, memberId));
    },
  };
}
