import type { SportEvent } from '@/domain/entities/event';
import type { NotificationWrite } from '@/domain/entities/notification';
import { eventCancelledNoticeId, eventChangedNoticeId } from '@/domain/notice-ids';

/**
 * What participants are told about (docs/notifications.md "Change notices"): the day, the start
 * and end times and the place. A title or description edit alone tells nobody.
 */
export interface EventSchedule {
  date: Date;
  startTime: string;
  endTime: string;
  location: string;
}

export function scheduleOf(e: Pick<SportEvent, keyof EventSchedule>): EventSchedule {
  return { date: e.date, startTime: e.startTime, endTime: e.endTime, location: e.location };
}

export function sameSchedule(a: EventSchedule, b: EventSchedule): boolean {
  return (
    a.date.getTime() === b.date.getTime() &&
    a.startTime === b.startTime &&
    a.endTime === b.endTime &&
    a.location === b.location
  );
}

/**
 * The change record an event carries after its schedule moved (`lastChange`): a sequence number
 * (one more than the record before), the schedule before the change, and the store's time of the
 * change. The notices and the mail of that change read it, and firestore.rules check both the
 * record (against the event before the write) and every notice (against the record and the event
 * after it), so a notice can only say what really changed.
 */
export interface EventChangeRecord {
  seq: number;
  before: EventSchedule;
}

/** The sequence number of the event's last change record, 0 without one. */
export function lastChangeSeq(stored: Record<string, unknown> | null | undefined): number {
  const record = stored?.lastChange as
    Partial<Record<keyof EventChangeRecord, unknown>> | undefined;
  return typeof record?.seq === 'number' ? record.seq : 0;
}

export { eventCancelledNoticeId, eventChangedNoticeId };

/** The pending requests a cancellation reads to tell their requesters (a bound on the read). */
export const CANCEL_NOTICE_REQUESTERS_LIMIT = 1000;

/** Whether an event in this status still tells its participants about changes. */
export function notifiesChanges(status: SportEvent['status']): boolean {
  return status === 'open' || status === 'closed';
}

/**
 * The notices of a schedule change: one to each participant, with the schedule before and after.
 * None when the schedule is the same, or the event is no longer running (cancelled, finished).
 */
export function decideChangeNotices(
  event: SportEvent,
  after: EventSchedule,
  seq: number,
): NotificationWrite[] {
  const before = scheduleOf(event);
  if (sameSchedule(before, after) || !notifiesChanges(event.status)) return [];
  return event.participants.map((uid) => ({
    id: eventChangedNoticeId(event.id, seq, uid),
    userId: uid,
    type: 'event_changed',
    data: { eventId: event.id, eventTitle: event.title, seq, before, after },
  }));
}

/**
 * The notices of an organizer's cancellation: every participant and every pending requester
 * (whose request can no longer be approved), each once.
 */
export function decideCancelNotices(
  event: SportEvent,
  pendingRequesters: readonly string[],
): NotificationWrite[] {
  const recipients = [...new Set([...event.participants, ...pendingRequesters])];
  return recipients.map((uid) => ({
    id: eventCancelledNoticeId(event.id, uid),
    userId: uid,
    type: 'event_cancelled',
    data: { eventId: event.id, eventTitle: event.title },
  }));
}
