import type { Page } from '@/domain/entities/common';
import type { EntryMethod, EventStatus, SportEvent } from '@/domain/entities/event';
import type { ParticipationRecord } from '@/domain/participation-history';

export interface EventFilters {
  sportType?: string;
  region?: string;
  level?: string;
  /** yyyy-MM-dd, inclusive */
  from?: string;
  /** yyyy-MM-dd, inclusive */
  to?: string;
  openOnly?: boolean;
  /** Every term in a searched text, folded (domain keywordMatcher). */
  keyword?: string;
  /** Events before today too (from `from`, or from the first one), in the same order. */
  includePast?: boolean;
}

export interface EventInput {
  title: string;
  description: string;
  sportType: string;
  location: string;
  region: string;
  level: string;
  /**
   * The team holding the event ('' for none). The backend fills teamName from that team, for a
   * member of it only (decideEventTeam in src/domain/rules/teams.ts).
   */
  teamId: string;
  teamName: string;
  /** yyyy-MM-dd */
  date: string;
  startTime: string;
  endTime: string;
  fee: number;
  capacity: number;
  /** 承認制 (the default when left out) or 先着順. */
  entryMethod?: EntryMethod;
  imageURL: string;
  imagePath: string;
}

/** Which of a user's events a profile list shows: from today on, or before today. */
export type EventTime = 'upcoming' | 'past';

/**
 * Events. The statements follow the convention in ./backend.ts; the refusals are the domain's
 * (src/domain/rules/events.ts), raised with the same messages by both backends.
 */
export interface EventsPort {
  /**
   * One page of upcoming events (from today, or `from` when later; from `from` or the first
   * event with includePast) matching every filter given.
   * Order: date, then start time, then id. Cap: EVENTS_PAGE_SIZE a page; nextCursor is null on
   * the last page. A keyword search may return a short page with a cursor (Firebase scans a
   * bounded number of events per page and resumes where it stopped); following the cursors
   * yields every match once. An unreadable cursor starts from the first page.
   * Missing: unreadable stored events are left out (and logged). Fails: throws.
   * Caller: anyone, signed out too.
   */
  list(filters: EventFilters, cursor?: string | null): Promise<Page<SportEvent>>;
  /** Missing: null (also for id ''). Fails: throws. Caller: anyone, signed out too. */
  get(id: string): Promise<SportEvent | null>;
  /**
   * Creates an open event organized by the caller (with their name and photo denormalized) and
   * returns its id. Refusals: authCreateEvents (signed out), invalidEventInput (what the form
   * refuses), eventStartInPast (a day and start time before now). Fails: throws.
   * Caller: a signed-in user.
   */
  create(input: EventInput): Promise<string>;
  /**
   * Changes the given fields; a day or start time given as stored is left alone, so an event that
   * has begun or is over can still be edited. Refusals: updateEventLogin (signed out),
   * eventNotFound (missing), noEditPermission (not the organizer), capacityBelowParticipants,
   * eventStartInPast (a start moved before now). Fails: throws. Caller: the organizer.
   */
  update(id: string, patch: Partial<EventInput>): Promise<void>;
  /**
   * Moves the status along STATUS_TRANSITIONS; the same status again is no change. Refusals:
   * updateEventLogin, eventNotFound, noStatusPermission, invalidStatusChange. Fails: throws.
   * Caller: the organizer.
   */
  changeStatus(id: string, status: EventStatus): Promise<void>;
  /**
   * The events `uid` organizes, PROFILE_EVENTS_PAGE_SIZE a page with an opaque cursor:
   * 'upcoming' (from today on; order: date, then start time, then id) or 'past' (before today;
   * the reverse order, newest first). nextCursor is null on the last page; an unreadable cursor
   * starts from the first page. Missing: an unknown user gives an empty page; unreadable stored
   * events are left out (and logged). Fails: throws. Caller: anyone, signed out too.
   */
  byOrganizer(uid: string, when: EventTime, cursor?: string | null): Promise<Page<SportEvent>>;
  /** The events `uid` takes part in; order, cap and failures as byOrganizer. */
  byParticipant(uid: string, when: EventTime, cursor?: string | null): Promise<Page<SportEvent>>;
  /**
   * The participation count of `uid` and the newest PARTICIPATION_HISTORY_LIMIT past events
   * with their labels (the domain's participationRecord), from bounded reads: a count of the
   * events on settled days, their newest PARTICIPATION_HISTORY_LIMIT, and the last two days'
   * events (at most RECENT_PARTICIPATION_CAP). Missing: an unknown user gives
   * { count: 0, history: [] }. Fails: throws. Caller: anyone, signed out too.
   */
  participationRecord(uid: string): Promise<ParticipationRecord<SportEvent>>;
  /**
   * Copies the caller's current display name and photo from their profile onto every event they
   * organize whose copy differs (organizerName, organizerPhotoURL), ORGANIZER_SYNC_BATCH events
   * a write, and resolves how many changed. Signed out: 0. Fails: throws; batches written
   * before the failure stay, and calling again finishes the rest. Caller: an organizer.
   */
  syncOrganizerProfile(): Promise<number>;
  /**
   * The team's events from today on. Order: date, then start time, then id.
   * Cap: TEAM_UPCOMING_EVENTS_LIMIT. Missing: an unknown team gives []; unreadable stored events
   * are left out (and logged). Fails: throws. Caller: anyone, signed out too.
   */
  byTeam(teamId: string): Promise<SportEvent[]>;
  /**
   * How many events `list` would give for these filters over all its pages, counted apart from
   * the list (one count aggregation on Firebase), up to EVENT_COUNT_CAP + 1: more count as that.
   * null with a keyword (Firebase can only count events holding the keyword's search token, a
   * superset of the matches). Fails: throws. Caller: anyone, signed out too.
   */
  count(filters: EventFilters): Promise<number | null>;
}
