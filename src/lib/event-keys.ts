/**
 * The query keys of event data. The events feature builds its queries on them (eventQueries);
 * participation refreshes event data through them after a join, a leave or an approval, without
 * importing the events feature (docs/architecture.md, "Features").
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
};
