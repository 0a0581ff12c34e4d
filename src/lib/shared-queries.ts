import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import type { SportEvent } from '@/domain/entities/event';
import type { Team } from '@/domain/entities/team';

/**
 * The query keys and queries more than one feature uses, so none reaches into another's files
 * (docs/architecture.md, "Features"). Each feature's own factory (eventQueries, teamQueries)
 * builds on these and adds the keys only it uses.
 */

/**
 * The keys of event data, hierarchical (['events'] > ['events','list'|'detail'|…] > …). The
 * events feature builds eventQueries on them; participation, attendance and teams refresh event
 * data through them after a join, a leave, an approval or an edit.
 */
export const eventKeys = {
  all: ['events'] as const,
  lists: ['events', 'list'] as const,
  details: ['events', 'detail'] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
  /** Every list of one organizer's events. */
  organizerLists: (uid: string) => ['events', 'byOrganizer', uid] as const,
  /** Every list of one participant's events and their record. */
  participantLists: (uid: string) => ['events', 'byParticipant', uid] as const,
  /** Every team's upcoming events: what an event change refreshes. */
  teamLists: ['events', 'byTeam'] as const,
};

/**
 * The teams a user belongs to: the teams feature refreshes it (joining, leaving, creating), the
 * event form offers them as the team holding an event. Without a backend, the key alone.
 */
export function myTeamsQuery(uid: string, backend?: Backend) {
  return queryOptions({
    queryKey: ['teams', 'byMember', uid] as const,
    queryFn: backend ? (): Promise<Team[]> => backend.teams.byMember(uid) : skipToken,
  });
}

/** A team's upcoming events, under the events key: creating or editing an event refreshes it. */
export function teamEventsQuery(teamId: string, backend?: Backend) {
  return queryOptions({
    queryKey: [...eventKeys.teamLists, teamId] as const,
    queryFn: backend ? (): Promise<SportEvent[]> => backend.events.byTeam(teamId) : skipToken,
  });
}
