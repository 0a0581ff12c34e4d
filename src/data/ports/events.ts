import type { EntryMethod } from '@/domain/entities/event';

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
