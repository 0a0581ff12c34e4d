import { PARTICIPATION_HISTORY_LIMIT } from '@/domain/constants';
import { eventEnd, eventStart, type SportEvent } from '@/domain/entities/event';

export type ParticipationLabel = '初参加' | '２回目' | '常連';

/** SPEC §9 labels, by the number of events taken part in before. The "２" is full-width on purpose. */
export function participationLabel(count: number): ParticipationLabel {
  if (!(count >= 1)) return '初参加';
  if (count < 2) return '２回目';
  return '常連';
}

type HistoryEvent = Pick<SportEvent, 'id' | 'participants' | 'date' | 'startTime' | 'endTime'>;

/** Took part and the event is over: an event still running or to come does not count yet. */
export function hasParticipated(event: HistoryEvent, uid: string, now: Date = new Date()): boolean {
  return event.participants.includes(uid) && eventEnd(event).getTime() < now.getTime();
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

/** SPEC §5: events whose end has passed (start + 2 h without an end time) in which the user took part. */
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
