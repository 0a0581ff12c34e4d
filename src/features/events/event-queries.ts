import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import { cursorPages } from '@/lib/cursor-pages';
import type { EventFilters, EventTime } from '@/data/ports/events';
import type { SportEvent } from '@/domain/entities/event';
import type { ParticipationRecord } from '@/domain/participation-history';
import { eventKeys } from '@/lib/shared-queries';
import { profileQuery, profilesQueryFn } from '@/lib/profiles';

/**
 * Only the filters that are set, in a fixed key order, so `{}` and `{ region: undefined }` share
 * one cache entry and the key is stable whatever order the URL listed the parameters in.
 */
export function normalizeFilters(filters: EventFilters): EventFilters {
  const out: EventFilters = {};
  if (filters.sportType) out.sportType = filters.sportType;
  if (filters.region) out.region = filters.region;
  if (filters.level) out.level = filters.level;
  if (filters.from) out.from = filters.from;
  if (filters.to) out.to = filters.to;
  if (filters.openOnly) out.openOnly = true;
  const keyword = filters.keyword?.trim();
  if (keyword) out.keyword = keyword;
  if (filters.includePast) out.includePast = true;
  return out;
}

/** One user's events, organized or taken part in: a cursor-paged list (eventQueries). */
function userEvents(
  kind: 'byOrganizer' | 'byParticipant',
  uid: string,
  when: EventTime,
  backend?: Backend,
) {
  return cursorPages(
    ['events', kind, uid, when] as const,
    backend ? (cursor) => backend.events[kind](uid, when, cursor) : null,
  );
}

/**
 * The one query-options factory of the events feature. Keys are hierarchical
 * (['events'] > ['events','list'|'detail'|…] > …) so a mutation can invalidate exactly what it
 * touched. Every method can be called without a backend to get the key alone (for
 * invalidation); the query function then is skipToken.
 */
export const eventQueries = {
  all: eventKeys.all,
  lists: eventKeys.lists,
  details: eventKeys.details,

  /** Cursor-paginated list, EVENTS_PAGE_SIZE a page, upcoming first. */
  list: (filters: EventFilters, backend?: Backend) => {
    const normalized = normalizeFilters(filters);
    return cursorPages(
      [...eventKeys.lists, normalized] as const,
      backend ? (cursor) => backend.events.list(normalized, cursor) : null,
    );
  },

  /**
   * How many events the list holds for these filters (EventsPort.count), under the lists' key so
   * whatever refreshes the lists refreshes it too.
   */
  count: (filters: EventFilters, backend?: Backend) => {
    const normalized = normalizeFilters(filters);
    return queryOptions({
      queryKey: [...eventKeys.lists, 'count', normalized] as const,
      queryFn: backend ? () => backend.events.count(normalized) : skipToken,
    });
  },

  detail: (id: string, backend?: Backend) =>
    queryOptions({
      queryKey: eventKeys.detail(id),
      queryFn: backend ? () => backend.events.get(id) : skipToken,
    }),

  /**
   * The first participant profiles of an event, under its detail key: whatever invalidates the
   * event (a join, a leave, an approval) refreshes them too.
   */
  participantProfiles: (eventId: string, ids: readonly string[], backend?: Backend) =>
    queryOptions({
      queryKey: [...eventKeys.detail(eventId), 'participants', ids] as const,
      queryFn: profilesQueryFn(ids, backend),
    }),

  /** The organizer's profile, read only when the event lacks the denormalized name and photo. */
  organizerProfile: profileQuery,

  organizerLists: eventKeys.organizerLists,
  participantLists: eventKeys.participantLists,

  /** The events `uid` organizes, from today on or before today, PROFILE_EVENTS_PAGE_SIZE a page. */
  byOrganizer: (uid: string, when: EventTime, backend?: Backend) =>
    userEvents('byOrganizer', uid, when, backend),

  /** The events `uid` takes part in, as byOrganizer. */
  byParticipant: (uid: string, when: EventTime, backend?: Backend) =>
    userEvents('byParticipant', uid, when, backend),

  /** The participation count and history of `uid`, under the participant's lists. */
  participationRecord: (uid: string, backend?: Backend) =>
    queryOptions({
      queryKey: [...eventKeys.participantLists(uid), 'record'] as const,
      queryFn: backend
        ? (): Promise<ParticipationRecord<SportEvent>> => backend.events.participationRecord(uid)
        : skipToken,
    }),
};
