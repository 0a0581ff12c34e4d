import Dexie from 'dexie';
import type { TeamFilters, TeamInput, TeamsPort } from '@/data/ports/teams';
import type { Page } from '@/domain/entities/common';
import {
  currentTeamRequest,
  MY_TEAMS_LIMIT,
  oldestFirst,
  TEAM_PENDING_REQUESTS_LIMIT,
  teamJoinRequestSchema,
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
import type { Actor } from '@/domain/rules/standing';
import { currentActor, currentUid, type LocalContext } from './context';
import type { LocalDb, TeamRow } from './db';
import { newId } from './ids';
import { decodeKeyCursor, encodeKeyCursor } from './key-cursor';
import { putNotification } from './local-notifications';
import { requesterNameOf } from '@/domain/entities/notification';
import { parseRow, parseRows, tryParseRow } from './rows';

/** Rows read by the list scan's first step; each further step reads twice as many, up to the max. */
const SCAN_BATCH = 32;
const SCAN_BATCH_MAX = 1024;

type ListKey = [Date, string];

/** The index the list walks: a sport or region prefix of [createdAt+id] when filtered by one. */
function listIndex(f: TeamFilters): { index: string; prefix: string[] } {
  if (f.sportType) return { index: '[sportType+createdAt+id]', prefix: [f.sportType] };
  if (f.region) return { index: '[region+createdAt+id]', prefix: [f.region] };
  return { index: '[createdAt+id]', prefix: [] };
}

function matches(f: TeamFilters, t: Team): boolean {
  if (f.sportType && t.sportType !== f.sportType) return false;
  if (f.region && t.region !== f.region) return false;
  if (f.recruitingOnly && !t.recruiting) return false;
  return true;
}

export class LocalTeams implements TeamsPort {
  private readonly ctx: LocalContext;

  constructor(ctx: LocalContext) {
    this.ctx = ctx;
  }

  /**
   * Walks an index newest first from the cursor in growing batches and stops once a page plus
   * one match is found, so the cost follows the page, not the table.
   */
  async list(filters: TeamFilters, cursor?: string | null): Promise<Page<Team>> {
    const { db } = this.ctx;
    const { index, prefix } = listIndex(filters);
    const after = decodeCursor(cursor);
    let upper: unknown[] = after ?? [Dexie.maxKey];
    let upperOpen = after !== null;
    const found: { team: Team; key: ListKey }[] = [];
    for (let batch = SCAN_BATCH; ; batch = Math.min(batch * 2, SCAN_BATCH_MAX)) {
      const rows = await db.teams
        .where(index)
        .between([...prefix, Dexie.minKey], [...prefix, ...upper], true, !upperOpen)
        .reverse()
        .limit(batch)
        .toArray();
      for (const row of rows) {
        const team = tryParseRow(teamSchema, row, 'teams.list');
        if (!team || !matches(filters, team)) continue;
        found.push({ team, key: [row.createdAt, row.id] });
        if (found.length > TEAMS_PAGE_SIZE) break;
      }
      if (found.length > TEAMS_PAGE_SIZE || rows.length < batch) break;
      const last = rows[rows.length - 1]!;
      upper = [last.createdAt, last.id];
      upperOpen = true;
    }
    const page = found.slice(0, TEAMS_PAGE_SIZE);
    return {
      items: page.map((f) => f.team),
      nextCursor:
        found.length > TEAMS_PAGE_SIZE ? encodeKeyCursor(page[page.length - 1]!.key) : null,
    };
  }

  async get(id: string): Promise<Team | null> {
    return id ? readTeam(this.ctx.db, id) : null;
  }

  async byMember(uid: string): Promise<Team[]> {
    if (!uid) return [];
    // The cap bounds the read, as on Firebase: an unreadable team among the newest is left
    // out, not replaced by an older one.
    const rows = await this.ctx.db.teams
      .where('memberships')
      // [uid] sorts before every [uid, createdAt, id], and [uid, []] after (arrays sort last).
      .between([uid], [uid, []])
      .reverse()
      .limit(MY_TEAMS_LIMIT)
      .toArray();
    return parseRows(teamSchema, rows, 'teams.byMember');
  }

  async create(input: TeamInput): Promise<string> {
    const { db } = this.ctx;
    const id = newId();
    await db.transaction('rw', [db.teams, db.users, db.accounts], async () => {
      const decision = decideTeamCreate(await currentActor(this.ctx), input);
      const now = this.ctx.now();
      await db.teams.add({
        id,
        ...decision.fields,
        ownerId: decision.ownerId,
        members: decision.members,
        createdAt: now,
        updatedAt: now,
      });
    });
    return id;
  }

  async update(id: string, patch: Partial<TeamInput>): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', [db.teams, db.users, db.accounts], async () => {
      const changes = decideTeamUpdate(await currentActor(this.ctx), await readTeam(db, id), patch);
      await db.teams.update(id, { ...changes, updatedAt: this.ctx.now() });
    });
  }

  async requestToJoin(teamId: string, message: string): Promise<string> {
    const { db } = this.ctx;
    return db.transaction(
      'rw',
      [db.teams, db.teamJoinRequests, db.notifications, db.users, db.accounts],
      async () => {
        const actor = await currentActor(this.ctx);
        const decision = decideTeamJoinRequest({
          actor,
          team: await readTeam(db, teamId),
          myRequests: actor ? await this.requestsOf(teamId, actor.uid) : [],
          message,
          requesterName: requesterNameOf(actor?.profile ?? null),
        });
        const now = this.ctx.now();
        // A new request, or my rejected one asked again: either way it starts over from now.
        await db.teamJoinRequests.put({
          id: decision.id,
          ...decision.request,
          createdAt: now,
          updatedAt: now,
        });
        await putNotification(db, decision.notify, now);
        return decision.id;
      },
    );
  }

  async cancelRequest(teamId: string, requestId: string): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', [db.teams, db.teamJoinRequests, db.users, db.accounts], async () => {
      const actor = await currentActor(this.ctx);
      decideTeamRequestCancel(
        actor,
        teamRequestVisibleTo(
          actor?.uid ?? null,
          await readRequest(db, teamId, requestId),
          await readTeam(db, teamId),
        ),
      );
      await db.teamJoinRequests.delete(requestId);
    });
  }

  async approveRequest(teamId: string, requestId: string): Promise<void> {
    await this.process(teamId, requestId, async (read, now) => {
      const decision = decideTeamApprove(read);
      // Request, members and notification change together or not at all.
      await this.ctx.db.teamJoinRequests.update(requestId, { status: 'approved', updatedAt: now });
      await this.ctx.db.teams.update(teamId, { members: decision.members, updatedAt: now });
      await putNotification(this.ctx.db, decision.notify, now);
    });
  }

  async rejectRequest(teamId: string, requestId: string): Promise<void> {
    await this.process(teamId, requestId, async (read, now) => {
      const decision = decideTeamReject(read);
      await this.ctx.db.teamJoinRequests.update(requestId, { status: 'rejected', updatedAt: now });
      await putNotification(this.ctx.db, decision.notify, now);
    });
  }

  async leave(teamId: string): Promise<void> {
    await this.changeMembers(teamId, (actor, team) => decideTeamLeave(actor, team));
  }

  async removeMember(teamId: string, memberId: string): Promise<void> {
    await this.changeMembers(teamId, (actor, team) =>
      decideTeamMemberRemoval(actor, team, memberId),
    );
  }

  async myRequestFor(teamId: string): Promise<TeamJoinRequest | null> {
    const uid = currentUid(this.ctx);
    if (!uid || !teamId) return null;
    return currentTeamRequest(await this.requestsOf(teamId, uid));
  }

  async pendingRequests(teamId: string): Promise<TeamJoinRequest[]> {
    const uid = currentUid(this.ctx);
    const team = uid && teamId ? await readTeam(this.ctx.db, teamId) : null;
    if (!team || team.ownerId !== uid) return [];
    const rows = await this.ctx.db.teamJoinRequests
      .where('[teamId+status]')
      .equals([teamId, 'pending'])
      .toArray();
    return oldestFirst(parseRows(teamJoinRequestSchema, rows, 'teams.pendingRequests')).slice(
      0,
      TEAM_PENDING_REQUESTS_LIMIT,
    );
  }

  /** Reads the request and its team and runs the decision and its writes in one transaction. */
  private async process(
    teamId: string,
    requestId: string,
    apply: (
      read: {
        actor: Actor | null;
        team: Team | null;
        request: TeamJoinRequest | null;
      },
      now: Date,
    ) => Promise<void>,
  ): Promise<void> {
    const { db } = this.ctx;
    await db.transaction(
      'rw',
      [db.teams, db.teamJoinRequests, db.notifications, db.users, db.accounts],
      async () => {
        const actor = await currentActor(this.ctx);
        const team = await readTeam(db, teamId);
        const request = teamRequestVisibleTo(
          actor?.uid ?? null,
          await readRequest(db, teamId, requestId),
          team,
        );
        await apply({ actor, team, request }, this.ctx.now());
      },
    );
  }

  /** Leaving or removal: the new member list and the departing member's requests, together. */
  private async changeMembers(
    teamId: string,
    decide: (
      actor: Actor | null,
      team: Team | null,
    ) => { members: string[]; deleteRequestsOf: string },
  ): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', [db.teams, db.teamJoinRequests, db.users, db.accounts], async () => {
      const decision = decide(await currentActor(this.ctx), await readTeam(db, teamId));
      await db.teams.update(teamId, { members: decision.members, updatedAt: this.ctx.now() });
      await db.teamJoinRequests
        .where('[teamId+userId]')
        .equals([teamId, decision.deleteRequestsOf])
        .delete();
    });
  }

  private async requestsOf(teamId: string, uid: string): Promise<TeamJoinRequest[]> {
    const rows = await this.ctx.db.teamJoinRequests
      .where('[teamId+userId]')
      .equals([teamId, uid])
      .toArray();
    return parseRows(teamJoinRequestSchema, rows, 'teams.requestsOf');
  }
}

async function readTeam(db: LocalDb, id: string): Promise<Team | null> {
  const row: TeamRow | undefined = await db.teams.get(id);
  return row ? parseRow(teamSchema, row) : null;
}

async function readRequest(
  db: LocalDb,
  teamId: string,
  requestId: string,
): Promise<TeamJoinRequest | null> {
  const row = requestId ? await db.teamJoinRequests.get(requestId) : undefined;
  return row && row.teamId === teamId ? parseRow(teamJoinRequestSchema, row) : null;
}

/** The cursor is the index key of the last item shown (./key-cursor.ts); opaque to callers. */
function decodeCursor(cursor: string | null | undefined): ListKey | null {
  const key = decodeKeyCursor(cursor, 2);
  return key && key[0] instanceof Date && typeof key[1] === 'string' ? [key[0], key[1]] : null;
}
