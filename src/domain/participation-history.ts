import { PARTICIPATION_HISTORY_LIMIT } from '@/domain/constants';
import {
  attendedCount,
  reliabilityOf,
  type AttendanceStats,
  type AttendanceStatus,
  type Reliability,
} from '@/domain/entities/attendance';
import {
  EVENT_STATUSES,
  eventEnd,
  eventStart,
  type EventStatus,
  type SportEvent,
} from '@/domain/entities/event';

export type ParticipationLabel = '初参加' | '２回目' | '常連';

/**
 * The labels of docs/constants.md, by the number of events taken part in before. The "２" is
 * full-width on purpose.
 */
export function participationLabel(count: number): ParticipationLabel {
  if (!(count >= 1)) return '初参加';
  if (count < 2) return '２回目';
  return '常連';
}

type HistoryEvent = Pick<
  SportEvent,
  'id' | 'participants' | 'date' | 'startTime' | 'endTime' | 'status'
>;

/** A cancelled event never took place: it counts for nobody (docs/profile.md "Participation"). */
export const COUNTED_EVENT_STATUSES: readonly EventStatus[] = EVENT_STATUSES.filter(
  (s) => s !== 'cancelled',
);

/** The event's end (start + 2 h without an end time) has passed. */
export function hasEnded(
  event: Pick<SportEvent, 'date' | 'startTime' | 'endTime'>,
  now: Date = new Date(),
): boolean {
  return eventEnd(event).getTime() < now.getTime();
}

/** Took part and the event is over: an event still running or to come does not count yet. */
export function hasParticipated(event: HistoryEvent, uid: string, now: Date = new Date()): boolean {
  return (
    COUNTED_EVENT_STATUSES.includes(event.status) &&
    event.participants.includes(uid) &&
    hasEnded(event, now)
  );
}

/**
 * The user's past events, newest first. Callers often merge several queries, so an event seen
 * twice counts once.
 */
export function participationHistory<T extends HistoryEvent>(
  events: readonly T[],
  uid: string,
  now: Date = new Date(),
  limit: number = PARTICIPATION_HISTORY_LIMIT,
): T[] {
  return pastParticipations(events, uid, now).slice(0, Math.max(0, limit));
}

/** docs/domain.md "Validation": events whose end has passed (start + 2 h without an end time) in which the user took part. */
export function participationCount(
  events: readonly HistoryEvent[],
  uid: string,
  now: Date = new Date(),
): number {
  return pastParticipations(events, uid, now).length;
}

function pastParticipations<T extends HistoryEvent>(
  events: readonly T[],
  uid: string,
  now: Date,
): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const e of events) {
    if (seen.has(e.id) || !hasParticipated(e, uid, now)) continue;
    seen.add(e.id);
    out.push(e);
  }
  return out.sort((a, b) => eventStart(b).getTime() - eventStart(a).getTime());
}

/**
 * Every event on a day before this instant is over: the latest an event can end is two hours
 * after a start at 23:59, early on the next day. So events before yesterday need no end-time
 * check, and a backend can count them with a date query alone.
 */
export function settledBefore(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
}

/** One entry of the history: the event and what that participation was (初参加, ２回目, 常連). */
export interface HistoryEntry<T> {
  event: T;
  label: ParticipationLabel;
}

export interface ParticipationRecord<T> {
  /** The participation count: every past event the user took part in. */
  count: number;
  /** The newest PARTICIPATION_HISTORY_LIMIT of them, newest first. */
  history: HistoryEntry<T>[];
}

/**
 * The count and the history from what a backend read with bounded queries:
 * - settledCount: the user's events (not cancelled) on days before settledBefore(now);
 * - settledNewest: the newest PARTICIPATION_HISTORY_LIMIT of those;
 * - recent: the user's events from settledBefore(now) to today, whose end decides.
 * Each history entry is labelled by how many participations came before it.
 */
export function participationRecord<T extends HistoryEvent>(
  input: { settledCount: number; settledNewest: readonly T[]; recent: readonly T[] },
  uid: string,
  now: Date = new Date(),
): ParticipationRecord<T> {
  const recentPast = pastParticipations(input.recent, uid, now);
  const count = input.settledCount + recentPast.length;
  const history = participationHistory([...recentPast, ...input.settledNewest], uid, now);
  return {
    count,
    history: history.map((event, i) => ({ event, label: participationLabel(count - 1 - i) })),
  };
}

/** A history entry with the participant's own attendance mark (null: none recorded). */
export interface MarkedHistoryEntry<T> extends HistoryEntry<T> {
  mark: AttendanceStatus | null;
}

export interface RecordWithAttendance<T> {
  /** The participation count: attended events where attendance was recorded, else ended ones. */
  count: number;
  history: MarkedHistoryEntry<T>[];
  /** 参加 n回・無断欠席 m回, or null for 記録なし. */
  reliability: Reliability | null;
}

/**
 * The participation record with attendance taken into account (docs/profile.md "Attendance"):
 * an event marked 欠席（連絡あり） or 無断欠席 is not a participation. `stats` are the person's
 * counts of those marks; `marks` the marks of the history's events where the reader may see them
 * (the person themself), else empty: each entry's label then counts every older entry.
 */
export function withAttendance<T extends HistoryEvent>(
  record: ParticipationRecord<T>,
  stats: AttendanceStats,
  marks: ReadonlyMap<string, AttendanceStatus> = new Map(),
): RecordWithAttendance<T> {
  const count = attendedCount(record.count, stats);
  let attendedNewer = 0;
  const history = record.history.map(({ event }) => {
    const mark = marks.get(event.id) ?? null;
    const attended = mark === null || mark === 'attended';
    if (attended) attendedNewer += 1;
    return { event, mark, label: participationLabel(Math.max(0, count - attendedNewer)) };
  });
  return { count, history, reliability: reliabilityOf(record.count, stats) };
}
