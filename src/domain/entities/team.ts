import * as z from 'zod/mini';
import { DEFAULT_LEVEL } from '@/domain/constants';
import { count, optionalTime, text } from './common';
import { requestFields } from './participation-request';

/**
 * Team limits (docs/teams.md). The form schema, both backends and firestore.rules hold the same
 * numbers; the rules tests import these constants.
 */
export const TEAM_NAME_MAX = 40;
export const TEAM_DESCRIPTION_MAX = 1000;
/** 活動日・頻度, e.g. 毎週土曜 or 月2回. */
export const TEAM_ACTIVITY_MAX = 50;
export const TEAM_MEMBER_LIMIT_MIN = 2;
export const TEAM_MEMBER_LIMIT_MAX = 200;
/** A team page loads at most this many member profiles; the total is the members' count. */
export const TEAM_DETAIL_MEMBER_PROFILES = 20;
/** The owner sees the oldest pending requests first, at most this many at a time. */
export const TEAM_PENDING_REQUESTS_LIMIT = 50;
/** The teams one user may choose from when creating an event (their newest teams). */
export const MY_TEAMS_LIMIT = 50;
/** A team page lists at most this many of its upcoming events. */
export const TEAM_UPCOMING_EVENTS_LIMIT = 10;

export const teamSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    name: text(),
    description: text(),
    sportType: text(),
    region: text(),
    level: z.pipe(
      z.nullish(z.string()),
      z.transform((v) => (v && v.trim() !== '' ? v : DEFAULT_LEVEL)),
    ),
    activity: text(),
    ownerId: text(),
    members: z.pipe(
      z.nullish(z.array(z.unknown())),
      z.transform((list) => [
        ...new Set((list ?? []).filter((m): m is string => typeof m === 'string' && m !== '')),
      ]),
    ),
    /** 0 only on documents written before limits existed: no limit. */
    maxMembers: count,
    /** メンバー募集中. Documents written before the flag existed were recruiting. */
    recruiting: z.pipe(
      z.nullish(z.boolean()),
      z.transform((v) => v ?? true),
    ),
    imageURL: text(),
    imagePath: text(),
    createdAt: optionalTime,
    updatedAt: optionalTime,
  }),
);

export type Team = z.output<typeof teamSchema>;

export function isTeamFull(team: Pick<Team, 'members' | 'maxMembers'>): boolean {
  return team.maxMembers > 0 && team.members.length >= team.maxMembers;
}

export function isTeamMember(team: Pick<Team, 'members'>, uid: string | null | undefined): boolean {
  return !!uid && team.members.includes(uid);
}

/**
 * Only the team's owner sees its queue of join requests (and the messages in them); everyone
 * else, signed out included, gets none.
 */
export function mayListTeamRequests(
  uid: string | null,
  team: Pick<Team, 'ownerId'> | null,
): boolean {
  return uid !== null && team !== null && team.ownerId === uid;
}

/**
 * The members whose profiles a team page loads: the owner first, then the others in the order
 * they joined, TEAM_DETAIL_MEMBER_PROFILES at most.
 */
export function membersToShow(team: Pick<Team, 'ownerId' | 'members'>): string[] {
  const others = team.members.filter((m) => m !== team.ownerId);
  const ordered = team.members.includes(team.ownerId) ? [team.ownerId, ...others] : others;
  return ordered.slice(0, TEAM_DETAIL_MEMBER_PROFILES);
}

/** A request to join a team: teams/{teamId}/joinRequests/{id}. */
export const teamJoinRequestSchema = z.lazy(() =>
  z.object({ ...requestFields(), teamId: z.string() }),
);

export type TeamJoinRequest = z.output<typeof teamJoinRequestSchema>;

/**
 * A user's request for a team has one id, derived from both (as an event's, requestIdFor): so a
 * user has at most one request per team and cannot file a second pending one, asking again
 * after a rejection reopens that same request, and the rules find the request behind an approval
 * without a pointer on the public team document. The team's id is in it because the id of the
 * request's notification (`<requestId>_<type>`) must differ from team to team.
 */
export function teamRequestIdFor(teamId: string, uid: string): string {
  return `${teamId}_${uid}`;
}

const createdMs = (r: TeamJoinRequest) => r.createdAt?.getTime() ?? 0;

/**
 * Which of my requests for a team counts: the pending one (there is at most one), else the
 * latest outcome; null when there are none.
 */
export function currentTeamRequest(mine: readonly TeamJoinRequest[]): TeamJoinRequest | null {
  const pending = mine.find((r) => r.status === 'pending');
  if (pending) return pending;
  return [...mine].sort((a, b) => createdMs(b) - createdMs(a))[0] ?? null;
}

/** The owner's queue: oldest first (first come, first served), ties by id. */
export function oldestFirst(requests: readonly TeamJoinRequest[]): TeamJoinRequest[] {
  return [...requests].sort((a, b) => createdMs(a) - createdMs(b) || a.id.localeCompare(b.id));
}
