import Dexie from 'dexie';
import type { TeamInput, TeamsPort } from '@/data/ports/teams';
import { TEAMS_PAGE_SIZE } from '@/domain/constants';
import type { Page } from '@/domain/entities/common';
import { teamSchema, type Team } from '@/domain/entities/team';
import { assertCanEditTeam, decideTeamCreate } from '@/domain/rules/teams';
import { currentUid, type LocalContext } from './context';
import type { TeamRow } from './db';
import { newId } from './ids';
import { definedOnly, parseRow, parseRows } from './rows';

export class LocalTeams implements TeamsPort {
  private readonly ctx: LocalContext;

  constructor(ctx: LocalContext) {
    this.ctx = ctx;
  }

  /** Newest first, walking the [createdAt+id] index backwards from the cursor. */
  async list(cursor?: string | null): Promise<Page<Team>> {
    const after = decodeCursor(cursor);
    const upper = after ?? Dexie.maxKey;
    const rows = await this.ctx.db.teams
      .where('[createdAt+id]')
      .below(upper)
      .reverse()
      .limit(TEAMS_PAGE_SIZE + 1)
      .toArray();
    const page = rows.slice(0, TEAMS_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      items: parseRows(teamSchema, page, 'teams.list'),
      nextCursor: rows.length > TEAMS_PAGE_SIZE && last ? encodeCursor(last) : null,
    };
  }

  async get(id: string): Promise<Team | null> {
    const row = await this.ctx.db.teams.get(id);
    return row ? parseRow(teamSchema, row) : null;
  }

  async create(input: TeamInput): Promise<string> {
    const owner = decideTeamCreate(currentUid(this.ctx));
    const now = this.ctx.now();
    const id = newId();
    await this.ctx.db.teams.add({
      id,
      ...teamFields(input),
      ...owner,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }

  async update(id: string, patch: Partial<TeamInput>): Promise<void> {
    const uid = currentUid(this.ctx);
    const { db } = this.ctx;
    await db.transaction('rw', db.teams, async () => {
      const row = await db.teams.get(id);
      assertCanEditTeam(uid, row ? parseRow(teamSchema, row) : null);
      await db.teams.update(id, { ...definedOnly(teamFields(patch)), updatedAt: this.ctx.now() });
    });
  }
}

function teamFields(input: Partial<TeamInput>) {
  return {
    name: input.name,
    description: input.description,
    sportType: input.sportType,
    region: input.region,
    level: input.level,
    maxMembers: input.maxMembers,
    imageURL: input.imageURL,
    imagePath: input.imagePath,
  };
}

function encodeCursor(row: TeamRow): string {
  return btoa(encodeURIComponent(JSON.stringify([row.createdAt.getTime(), row.id])));
}

function decodeCursor(cursor: string | null | undefined): [Date, string] | null {
  if (!cursor) return null;
  try {
    const v: unknown = JSON.parse(decodeURIComponent(atob(cursor)));
    if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'string')
      return [new Date(v[0]), v[1]];
  } catch {
    // A foreign cursor restarts the list rather than failing the screen.
  }
  return null;
}
