/*
 * Regulars (レギュラー) of a series (docs/series.md "Regulars"): people who join the series, not
 * one date, and whom the server puts on each date. The date generator (mail/handlers/
 * series-dates.ts) runs this on both backends and the Cloud Functions compile it with their own
 * code, so it imports nothing but series.ts.
 */
import { japanToday } from './series.js';

/** A regular's standing: 承認制 series start pending until the organizer accepts them. */
export const REGULAR_STATUSES = ['pending', 'accepted'] as const;
export type RegularStatus = (typeof REGULAR_STATUSES)[number];

/** Regulars a series holds at most, and what one placement reads (the first by joining time). */
export const REGULARS_MAX = 50;
/** Dates one regular skips at most (the window holds 56 days of up to 7 weekdays). */
export const REGULAR_SKIPS_MAX = 60;
/** A date's キャンセル待ち at most (src/domain/constants.ts WAITLIST_MAX; this file imports nothing). */
const WAITLIST_LIMIT = 100;

/** A regular as the placement reads series/{id}/regulars/{uid}. */
export interface RegularRecord {
  userId: string;
  status: RegularStatus;
  /** When they joined, in ms (the order of the seats and of the line). */
  joinedAt: number;
  /** The days (yyyy-MM-dd) they said 「今回はお休み」 for. */
  skips: string[];
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];

/** A time as the stores hand it: a Date, a Firestore Timestamp (toMillis) or ms. */
function millisOf(v: unknown): number {
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'number') return v;
  const toMillis = (v as { toMillis?: unknown } | null)?.toMillis;
  return typeof toMillis === 'function' ? Number(toMillis.call(v)) : Number.MAX_SAFE_INTEGER;
}

/** A stored regular document as the placement reads it (odd values as defaults). */
export function regularRecordOf(uid: string, d: Record<string, unknown>): RegularRecord {
  return {
    userId: uid,
    status: d.status === 'accepted' ? 'accepted' : 'pending',
    joinedAt: millisOf(d.joinedAt),
    skips: strings(d.skips),
  };
}

/** The regulars who go on dates, in the order they joined (the id breaks a tie). */
export function seatingOrder(regulars: readonly RegularRecord[]): RegularRecord[] {
  return regulars
    .filter((r) => r.status === 'accepted')
    .sort((a, b) => a.joinedAt - b.joinedAt || (a.userId < b.userId ? -1 : 1));
}

/** What a placement writes on one date (and, on 承認制, the approved requests of `seated`). */
export interface Placement {
  participants: string[];
  waitlist: string[];
  /** Everyone the server ever put on this date: later runs leave them be. */
  regularsPlaced: string[];
  /** Regulars this placement puts on the date (a seat or a place in line). */
  added: string[];
  /** Of those, the ones given a seat. */
  seated: string[];
}

/**
 * The id of the approved request a 承認制 date gives a seated regular: the one id a person's
 * request for an event has (participation-request.ts requestIdFor, which this file cannot import).
 */
export const regularRequestId = (eventId: string, uid: string): string => `${eventId}_${uid}`;

/**
 * The notice a regular gets when the server places them on a date (docs/notifications.md
 * "Regulars"): one per date and person, so a rerun rewrites nothing new.
 */
export const regularPlacedNoticeId = (eventId: string, uid: string): string =>
  `${eventId}_${uid}_regular_placed`;

/** What a regular_placed notice stores: the date, its day, and whether they wait for a seat. */
export interface RegularPlacedNotice {
  id: string;
  userId: string;
  type: 'regular_placed';
  data: { eventId: string; eventTitle: string; seriesId: string; day: string; waiting: boolean };
}

/** The notices of one placement on a stored date (`date`), one per regular it added. */
export function placementNotices(
  eventId: string,
  date: Record<string, unknown>,
  placement: Pick<Placement, 'added' | 'seated'>,
): RegularPlacedNotice[] {
  return placement.added.map((uid) => ({
    id: regularPlacedNoticeId(eventId, uid),
    userId: uid,
    type: 'regular_placed',
    data: {
      eventId,
      eventTitle: str(date.title),
      seriesId: str(date.seriesId),
      day: str(date.seriesDay),
      waiting: !placement.seated.includes(uid),
    },
  }));
}

/** A participant entry as stored: a uid, or an object carrying an id (docs/domain.md). */
const idOf = (p: unknown): string =>
  typeof p === 'string' ? p : str((p as { id?: unknown } | null)?.id);

/**
 * Who of the series' accepted regulars goes on one date (a stored date event, `date`), in the
 * order they joined: the seats left first, then the end of the キャンセル待ち. Nobody twice:
 * those the server placed on the date before (`regularsPlaced`, whether they later left, skipped
 * or took part), those already in or waiting, those who skip the day, those the organizer
 * removed from it. Nothing while the date is not open or its day has passed. Null when nobody
 * is to be placed, so a run writes nothing.
 */
export function planPlacement(
  date: Record<string, unknown>,
  regulars: readonly RegularRecord[],
  now: Date,
): Placement | null {
  const day = str(date.seriesDay);
  if (date.status !== 'open' || !day || day < japanToday(now)) return null;
  const participants = Array.isArray(date.participants) ? date.participants.map(idOf) : [];
  const waitlist = strings(date.waitlist);
  const placed = strings(date.regularsPlaced);
  const removals = (date.removals ?? {}) as Record<string, unknown>;
  const capacity = typeof date.capacity === 'number' ? date.capacity : 0;
  const todo = seatingOrder(regulars).filter(
    (r) =>
      !placed.includes(r.userId) &&
      !participants.includes(r.userId) &&
      !waitlist.includes(r.userId) &&
      !r.skips.includes(day) &&
      removals[r.userId] == null,
  );
  if (todo.length === 0) return null;
  const seated: string[] = [];
  const waiting = [...waitlist];
  const nowIn = [...participants];
  for (const r of todo) {
    // Nobody takes a seat ahead of those already waiting for one.
    if ((capacity <= 0 || nowIn.length < capacity) && waiting.length === 0) {
      nowIn.push(r.userId);
      seated.push(r.userId);
    } else if (waiting.length < WAITLIST_LIMIT) {
      waiting.push(r.userId);
    }
  }
  return {
    participants: nowIn,
    waitlist: waiting,
    regularsPlaced: [...placed, ...todo.map((r) => r.userId)],
    added: todo.map((r) => r.userId),
    seated,
  };
}
