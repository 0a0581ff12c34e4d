import type { Page } from '@/domain/entities/common';
import type { Team } from '@/domain/entities/team';

export interface TeamInput {
  name: string;
  description: string;
  sportType: string;
  region: string;
  level: string;
  maxMembers: number;
  imageURL: string;
  imagePath: string;
}

/**
 * Teams. The statements follow the convention in ./backend.ts; the refusals are the domain's
 * (src/domain/rules/teams.ts).
 */
export interface TeamsPort {
  /**
   * One page of teams. Order: newest first (createdAt, then id). Cap: TEAMS_PAGE_SIZE a page;
   * nextCursor is null on the last page; an unreadable cursor starts from the first page.
   * Missing: unreadable stored teams are left out (and logged). Fails: throws. Caller: anyone.
   */
  list(cursor?: string | null): Promise<Page<Team>>;
  /** Missing: null (also for id ''). Fails: throws. Caller: anyone, signed out too. */
  get(id: string): Promise<Team | null>;
  /**
   * Creates a team owned by the caller, its first member, and returns its id.
   * Fails: throws; signed out: authRequired. Caller: a signed-in user.
   */
  create(input: TeamInput): Promise<string>;
  /**
   * Changes the given fields. Refusals: authRequired, teamNotFound, noTeamEditPermission.
   * Fails: throws. Caller: the owner.
   */
  update(id: string, patch: Partial<TeamInput>): Promise<void>;
}
