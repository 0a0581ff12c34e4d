import type { Page } from '@/domain/entities/common';
import type { EventStatus, SportEvent } from '@/domain/entities/event';

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
  imageURL: string;
  imagePath: string;
}

export interface EventsPort {
  /** Upcoming events first by date, EVENTS_PAGE_SIZE a page. */
  list(filters: EventFilters, cursor?: string | null): Promise<Page<SportEvent>>;
  get(id: string): Promise<SportEvent | null>;
  create(input: EventInput): Promise<string>;
  update(id: string, patch: Partial<EventInput>): Promise<void>;
  changeStatus(id: string, status: EventStatus): Promise<void>;
  join(id: string): Promise<void>;
  leave(id: string): Promise<void>;
  byOrganizer(uid: string): Promise<SportEvent[]>;
  byParticipant(uid: string): Promise<SportEvent[]>;
  /**
   * Anyone. A team's events from today on, by date then start time, at most
   * TEAM_UPCOMING_EVENTS_LIMIT; empty for an unknown team. Failures reject.
   */
  byTeam(teamId: string): Promise<SportEvent[]>;
}
