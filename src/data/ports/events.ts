import type { Page } from '@/domain/entities/common';
import type { EventStatus, SportEvent } from '@/domain/entities/event';
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
  /** Matched against title and place. */
  keyword?: string;
}

export interface EventInput {
  title: string;
  description: string;
  sportType: string;
  location: string;
  region: string;
  level: string;
  teamName: string;
  /** yyyy-MM-dd */
  date: string;
  startTime: string;
  endTime: string;
  fee: number;
  capacity: number;
  imageURL: string;
  imagePath: string;
}

/** Which of a user's events a profile list shows: from today on, or before today. */
export type EventTime = 'upcoming' | 'past';

export interface EventsPort {
  /** Upcoming events first by date, EVENTS_PAGE_SIZE a page. */
  list(filters: EventFilters, cursor?: string | null): Promise<Page<SportEvent>>;
  get(id: string): Promise<SportEvent | null>;
  create(input: EventInput): Promise<string>;
  update(id: string, patch: Partial<EventInput>): Promise<void>;
  changeStatus(id: string, status: EventStatus): Promise<void>;
  join(id: string): Promise<void>;
  leave(id: string): Promise<void>;
  /**
   * The events `uid` organizes, PROFILE_EVENTS_PAGE_SIZE a page with an opaque cursor: 'upcoming'
   * (today on, soonest first by date and start time) or 'past' (before today, newest first).
   * An unknown user gives an empty page. Anyone may call it (profiles are public); a failure
   * rejects.
   */
  byOrganizer(uid: string, when: EventTime, cursor?: string | null): Promise<Page<SportEvent>>;
  /** As byOrganizer, for the events `uid` takes part in. */
  byParticipant(uid: string, when: EventTime, cursor?: string | null): Promise<Page<SportEvent>>;
  /**
   * The participation count of `uid` and the newest PARTICIPATION_HISTORY_LIMIT past events
   * with their labels (the domain's participationRecord), from bounded reads: a count of the
   * settled days, their newest PARTICIPATION_HISTORY_LIMIT events, and the last two days. An
   * unknown user gives { count: 0, history: [] }. Anyone may call it; a failure rejects.
   */
  participationRecord(uid: string): Promise<ParticipationRecord<SportEvent>>;
  /**
   * Copies the signed-in user's current display name and photo from their profile onto every
   * event they organize whose copy differs (the denormalized organizerName and
   * organizerPhotoURL), ORGANIZER_SYNC_BATCH events a write, and resolves how many changed.
   * Signed out resolves 0. A failed batch rejects; batches before it stay written and calling
   * again finishes the rest.
   */
  syncOrganizerProfile(): Promise<number>;
}
