import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import type { SportEvent } from '@/domain/entities/event';
import type { Team } from '@/domain/entities/team';

/**
 * The two queries the teams and events features share (neither reaches into the other's
 * files). Without a backend, each gives its key alone (for invalidation).
 */

/**
 * The teams a user belongs to: the teams feature refreshes it (joining, leaving, creating), the
 * event form offers them as the team holding an event.
 */
export function myTeamsQuery(uid: string, backend?: Backend) {
  return queryOptions({
    queryKey: ['teams', 'byMember', uid] as const,
    queryFn: backend ? (): Promise<Team[]> => backend.teams.byMember(uid) : skipToken,
  });
}

/** Every team's upcoming events: what an event change refreshes. */
export const TEAM_EVENTS_KEY = ['events', 'byTeam'] as const;

/** A team's upcoming events, under the events key: creating or editing an event refreshes it. */
export function teamEventsQuery(teamId: string, backend?: Backend) {
  return queryOptions({
    queryKey: [...TEAM_EVENTS_KEY, teamId] as const,
    queryFn: backend ? (): Promise<SportEvent[]> => backend.events.byTeam(teamId) : skipToken,
  });
}
