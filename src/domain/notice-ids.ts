/*
 * The ids of the event notices that both the organizer's writes and the server's handlers make,
 * so one cause makes one notice whoever writes it. Imports nothing: the Cloud Functions compile
 * it (docs/notifications.md).
 */

/** One notice per change and person: the change's number is in the id. */
export function eventChangedNoticeId(eventId: string, seq: number, uid: string): string {
  return `${eventId}_event_changed_${seq}_${uid}`;
}

/** A cancellation is final, so one notice per event and person (the organizer's or the server's). */
export function eventCancelledNoticeId(eventId: string, uid: string): string {
  return `${eventId}_event_cancelled_${uid}`;
}
