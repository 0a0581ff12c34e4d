import {
  Timestamp,
  arrayRemove,
  arrayUnion,
  collection,
  deleteField,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  startAfter,
  where,
  type DocumentReference,
  type DocumentSnapshot,
  type QueryConstraint,
  type Transaction,
} from 'firebase/firestore';
import {
  currentTeamRequest,
  MY_TEAMS_LIMIT,
  TEAM_PENDING_REQUESTS_LIMIT,
  TEAMS_PAGE_SIZE,
  teamRequestIdFor,
  type Team,
  type TeamJoinRequest,
} from '@/domain/entities/team';
import type { Actor } from '@/domain/rules/standing';
import {
  decideTeamApprove,
  decideTeamCreate,
  decideTeamJoinRequest,
  decideTeamLeave,
  decideTeamMemberRemoval,
  decideTeamReject,
  decideTeamRequestCancel,
  decideTeamUpdate,
} from '@/domain/rules/teams';
import type { TeamFilters, TeamsPort } from '@/data/ports/teams';
import { parsedDocs, teamConverter, teamJoinRequestConverter } from './converters';
import { currentActor, currentUid, type FirebaseContext } from './context';
import { decodeCursor, encodeCursor } from './cursor';
import { notificationWrite } from './notifications';
import { requesterNameOf } from '@/domain/entities/notification';
import { isRulesRefusal } from './query-error';

/** A user's requests for one team read by myRequestFor (newest first). */
const MY_REQUESTS_LIMIT = 20;

function cursorOf(snap: DocumentSnapshot): string {
  const created = snap.get('createdAt') as unknown;
  return encodeCursor({ t: created instanceof Timestamp ? created.toMillis() : 0, id: snap.id });
}

/** Equality filters and the order: each combination has its index in firestore.indexes.json. */
function listConstraints(f: TeamFilters): QueryConstraint[] {
  const c: QueryConstraint[] = [];
  if (f.sportType) c.push(where('sportType', '==', f.sportType));
  if (f.region) c.push(where('region', '==', f.region));
  if (f.recruitingOnly) c.push(where('recruiting', '==', true));
  c.push(orderBy('createdAt', 'desc'), orderBy(documentId(), 'desc'));
  return c;
}

/**
 * Teams live in teams/{teamId}, their join requests in teams/{teamId}/joinRequests/{id}. The
 * team rules are the domain's (src/domain/rules/teams.ts), decided inside each transaction;
 * firestore.rules hold the same line for clients that skip the app.
 */
export function createTeamsPort(ctx: FirebaseContext): TeamsPort {
  const teams = collection(ctx.db, 'teams');
  const teamRef = (id: string) => doc(teams, id);
  const requestsOf = (teamId: string) => collection(teamRef(teamId), 'joinRequests');
  const requestRef = (teamId: string, id: string) => doc(requestsOf(teamId), id);

  const readTeam = async (tx: Transaction, id: string): Promise<Team | null> => {
    if (!id) return null;
    const snap = await tx.get(teamRef(id).withConverter(teamConverter));
    return snap.exists() ? snap.data() : null;
  };

  const readRequest = async (
    tx: Transaction,
    teamId: string,
    id: string,
  ): Promise<TeamJoinRequest | null> => {
    if (!teamId || !id) return null;
    // The rules refuse a request to anyone but its requester and the owner (missing ones
    // included, teamRequestVisibleTo): such a refusal reads as "not found".
    try {
      const snap = await tx.get(requestRef(teamId, id).withConverter(teamJoinRequestConverter));
      return snap.exists() ? snap.data() : null;
    } catch (e) {
      if (isRulesRefusal(e)) return null;
      throw e;
    }
  };

  /**
   * A user's requests for a team. A transaction cannot query, so they are found first and the
   * caller re-reads each inside its transaction.
   */
  const findRequests = async (teamId: string, uid: string | null) => {
    if (!uid || !teamId) return [];
    const snap = await getDocs(
      query(requestsOf(teamId), where('userId', '==', uid), limit(MY_REQUESTS_LIMIT)),
    );
    return snap.docs.map((d) => d.ref);
  };

  /**
   * Leaving or removal: the member list and the departing member's requests, together. `refs`
   * are the departing member's requests as found before the transaction.
   */
  const changeMembers = async (
    teamId: string,
    refs: DocumentReference[],
    decide: (actor: Actor | null, team: Team | null) => { deleteRequestsOf: string },
  ) => {
    await runTransaction(ctx.db, async (tx) => {
      const actor = await currentActor(ctx, tx);
      const team = await readTeam(tx, teamId);
      const requests = [];
      for (const ref of refs) {
        const r = await tx.get(ref.withConverter(teamJoinRequestConverter));
        if (r.exists()) requests.push(r);
      }
      const decision = decide(actor, team);
      // arrayRemove of the one uid: the rules see exactly that member leave.
      tx.update(teamRef(teamId), {
        members: arrayRemove(decision.deleteRequestsOf),
        updatedAt: serverTimestamp(),
      });
      for (const r of requests) {
        if (r.data().userId === decision.deleteRequestsOf) tx.delete(r.ref);
      }
    });
  };

  return {
    async list(filters, cursor) {
      const after = decodeCursor(cursor);
      const snap = await getDocs(
        query(
          teams,
          ...listConstraints(filters),
          ...(after ? [startAfter(Timestamp.fromMillis(after.t), after.id)] : []),
          limit(TEAMS_PAGE_SIZE + 1),
        ).withConverter(teamConverter),
      );
      const pageDocs = snap.docs.slice(0, TEAMS_PAGE_SIZE);
      const last = pageDocs.at(-1);
      return {
        items: parsedDocs(pageDocs, 'teams.list'),
        nextCursor: snap.docs.length > TEAMS_PAGE_SIZE && last ? cursorOf(last) : null,
      };
    },

    async get(id) {
      if (!id) return null;
      const snap = await getDoc(teamRef(id).withConverter(teamConverter));
      return snap.exists() ? snap.data() : null;
    },

    async byMember(uid) {
      if (!uid) return [];
      const snap = await getDocs(
        query(
          teams,
          where('members', 'array-contains', uid),
          orderBy('createdAt', 'desc'),
          limit(MY_TEAMS_LIMIT),
        ).withConverter(teamConverter),
      );
      return parsedDocs(snap, 'teams.byMember');
    },

    async create(input) {
      const ref = doc(teams);
      await runTransaction(ctx.db, async (tx) => {
        const decision = decideTeamCreate(await currentActor(ctx, tx), input);
        tx.set(ref, {
          ...decision.fields,
          ownerId: decision.ownerId,
          members: decision.members,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        });
      });
      return ref.id;
    },

    async update(id, patch) {
      await runTransaction(ctx.db, async (tx) => {
        const actor = await currentActor(ctx, tx);
        const changes = decideTeamUpdate(actor, actor ? await readTeam(tx, id) : null, patch);
        tx.update(teamRef(id), { ...changes, updatedAt: serverTimestamp() });
      });
    },

    async requestToJoin(teamId, message) {
      // My earlier requests (older ones may carry other ids) are found first and re-read inside,
      // with the id this request will have.
      const mine = await findRequests(teamId, await currentUid(ctx));
      return runTransaction(ctx.db, async (tx) => {
        const actor = await currentActor(ctx, tx);
        const team = actor ? await readTeam(tx, teamId) : null;
        const refs = new Map(mine.map((r) => [r.id, r]));
        if (actor && team) {
          const keyed = requestRef(teamId, teamRequestIdFor(teamId, actor.uid));
          refs.set(keyed.id, keyed);
        }
        const myRequests: TeamJoinRequest[] = [];
        for (const r of refs.values()) {
          const snap = await tx.get(r.withConverter(teamJoinRequestConverter));
          if (snap.exists()) myRequests.push(snap.data());
        }
        const decision = decideTeamJoinRequest({
          actor,
          team,
          myRequests,
          message,
          requesterName: requesterNameOf(actor?.profile ?? null),
        });
        // A new request, or my rejected one asked again: either way it starts over from now.
        tx.set(requestRef(teamId, decision.id), {
          userId: decision.request.userId,
          message: decision.request.message,
          status: decision.request.status,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        });
        tx.set(
          doc(ctx.db, 'notifications', decision.notify.id),
          notificationWrite(decision.notify),
        );
        return decision.id;
      });
    },

    async cancelRequest(teamId, requestId) {
      await runTransaction(ctx.db, async (tx) => {
        const actor = await currentActor(ctx, tx);
        decideTeamRequestCancel(actor, actor ? await readRequest(tx, teamId, requestId) : null);
        tx.delete(requestRef(teamId, requestId));
      });
    },

    async approveRequest(teamId, requestId) {
      await runTransaction(ctx.db, async (tx) => {
        const actor = await currentActor(ctx, tx);
        const request = actor ? await readRequest(tx, teamId, requestId) : null;
        const team = request ? await readTeam(tx, teamId) : null;
        const decision = decideTeamApprove({ actor, team, request });
        tx.update(requestRef(teamId, requestId), {
          status: 'approved',
          updatedAt: serverTimestamp(),
        });
        if (!team!.members.includes(request!.userId)) {
          // The rules let the owner add exactly the requester of a request approved in this
          // same write, found by its id (teamRequestIdFor). The pointer to the request an older
          // version kept on this public document goes.
          tx.update(teamRef(teamId), {
            members: arrayUnion(request!.userId),
            approvedRequestId: deleteField(),
            updatedAt: serverTimestamp(),
          });
        }
        tx.set(
          doc(ctx.db, 'notifications', decision.notify.id),
          notificationWrite(decision.notify),
        );
      });
    },

    async rejectRequest(teamId, requestId) {
      await runTransaction(ctx.db, async (tx) => {
        const actor = await currentActor(ctx, tx);
        const request = actor ? await readRequest(tx, teamId, requestId) : null;
        const team = request ? await readTeam(tx, teamId) : null;
        const decision = decideTeamReject({ actor, team, request });
        tx.update(requestRef(teamId, requestId), {
          status: 'rejected',
          updatedAt: serverTimestamp(),
        });
        tx.set(
          doc(ctx.db, 'notifications', decision.notify.id),
          notificationWrite(decision.notify),
        );
      });
    },

    async leave(teamId) {
      const refs = await findRequests(teamId, await currentUid(ctx));
      await changeMembers(teamId, refs, decideTeamLeave);
    },

    async removeMember(teamId, memberId) {
      // Only the owner may list someone else's requests; for anyone else the domain refuses
      // inside the transaction, with its own message.
      const uid = await currentUid(ctx);
      const team = uid && teamId ? await getDoc(teamRef(teamId)) : null;
      const owner = team?.exists() && team.get('ownerId') === uid;
      const refs = owner ? await findRequests(teamId, memberId) : [];
      await changeMembers(teamId, refs, (actor, t) => decideTeamMemberRemoval(actor, t, memberId));
    },

    async myRequestFor(teamId) {
      const uid = await currentUid(ctx);
      if (!uid || !teamId) return null;
      const snap = await getDocs(
        query(
          requestsOf(teamId),
          where('userId', '==', uid),
          orderBy('createdAt', 'desc'),
          limit(MY_REQUESTS_LIMIT),
        ).withConverter(teamJoinRequestConverter),
      );
      return currentTeamRequest(parsedDocs(snap, 'teams.myRequestFor'));
    },

    async pendingRequests(teamId) {
      const uid = await currentUid(ctx);
      if (!uid || !teamId) return [];
      const team = await getDoc(teamRef(teamId).withConverter(teamConverter));
      if (!team.exists() || team.data().ownerId !== uid) return [];
      const snap = await getDocs(
        query(
          requestsOf(teamId),
          where('status', '==', 'pending'),
          orderBy('createdAt', 'asc'),
          limit(TEAM_PENDING_REQUESTS_LIMIT),
        ).withConverter(teamJoinRequestConverter),
      );
      return parsedDocs(snap, 'teams.pendingRequests');
    },
  };
}
