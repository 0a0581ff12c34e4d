import type { MailKind, RateLimit } from '../policy.js';
import { eventCancelledMail, eventChangedMail } from '../templates.js';
import {
  forbidden,
  json,
  mailIfAllowed,
  notSent,
  type EventRecord,
  type HandlerResponse,
  type MailDeps,
} from './common.js';

/** What the change and cancellation mail read: the event, and its pending requesters. */
export interface EventChangeMailDeps extends MailDeps {
  getEvent(id: string): Promise<EventRecord | null>;
  /** The uids with a pending request for the event (at most EVENT_MAIL_REQUESTERS_LIMIT). */
  getPendingRequesters(eventId: string): Promise<string[]>;
}

export type EventChangeBody =
  | { type: 'event_changed'; eventId: string; seq: number }
  | { type: 'event_cancelled'; eventId: string };

/** A change is mailed only shortly after it was written: an old change is not mailed anew. */
export const EVENT_MAIL_WINDOW_MS = 60 * 60_000;
/** Calls per change: the client makes one; a retry after a failure may follow. */
export const EVENT_CHANGE_CALL_LIMIT: RateLimit = { limit: 3, windowMs: 24 * 60 * 60_000 };
/** Per person and change: never mailed twice (the window outlasts the change's own window). */
export const EVENT_CHANGE_RECIPIENT_LIMIT: RateLimit = {
  limit: 1,
  windowMs: 30 * 24 * 60 * 60_000,
};
export const EVENT_MAIL_REQUESTERS_LIMIT = 1000;
/** Recipients mailed at once: a large event's mail fits the function's time. */
const PARALLEL = 10;

const MAIL_KIND = {
  event_changed: 'eventChanged',
  event_cancelled: 'eventCancelled',
} as const satisfies Record<EventChangeBody['type'], MailKind>;

const recent = (at: Date | null | undefined, now: Date) =>
  !!at && now.getTime() - at.getTime() <= EVENT_MAIL_WINDOW_MS;

/**
 * The mail of an organizer's schedule change or cancellation, to every participant (and, for a
 * cancellation, every pending requester), from one call. Only the event's organizer may cause
 * it; what is mailed is read from the event — its change record `seq` must be the latest one
 * and recent, or the event must have been cancelled by its organizer recently — never from the
 * body. Each recipient then goes through mailIfAllowed, one mail per person and change.
 */
export async function eventChangeMail(
  deps: EventChangeMailDeps,
  uid: string,
  body: EventChangeBody,
): Promise<HandlerResponse> {
  const event = await deps.getEvent(body.eventId);
  if (!event) return forbidden('The event does not exist.');
  if (event.organizerId !== uid) {
    return forbidden('Only the organizer of the event may send this mail.');
  }
  const now = deps.now();
  let cause: string;
  let recipients: string[];
  if (body.type === 'event_changed') {
    const change = event.lastChange;
    if (!change || change.seq !== body.seq) return forbidden('No such change of the event.');
    if (!recent(change.at, now)) return forbidden('The change is not recent.');
    if (event.status !== 'open' && event.status !== 'closed') {
      return forbidden('The event is no longer running.');
    }
    cause = `send-email:event:${event.id}:changed:${change.seq}`;
    recipients = event.participants ?? [];
  } else {
    if (event.status !== 'cancelled' || event.staffCancelReason) {
      return forbidden('The organizer did not cancel the event.');
    }
    if (!recent(event.updatedAt, now)) return forbidden('The cancellation is not recent.');
    cause = `send-email:event:${event.id}:cancelled`;
    recipients = [...(event.participants ?? []), ...(await deps.getPendingRequesters(event.id))];
  }
  if (!(await deps.throttle(cause, EVENT_CHANGE_CALL_LIMIT)).allowed) return notSent('duplicate');

  const unique = [...new Set(recipients)].filter((r) => r !== uid);
  const compose = async () =>
    body.type === 'event_changed'
      ? eventChangedMail(event, event.lastChange!.before, deps.appBaseUrl)
      : eventCancelledMail(event, deps.appBaseUrl);
  let sent = 0;
  for (let i = 0; i < unique.length; i += PARALLEL) {
    const answers = await Promise.all(
      unique.slice(i, i + PARALLEL).map((recipientId) =>
        mailIfAllowed(
          deps,
          {
            recipientId,
            kind: MAIL_KIND[body.type],
            cause: {
              key: `${cause}:${recipientId}`,
              limit: EVENT_CHANGE_RECIPIENT_LIMIT,
              reason: 'duplicate',
            },
          },
          compose,
          { type: body.type, uid, recipientId, eventId: event.id },
        ),
      ),
    );
    sent += answers.filter((a) => a.body.sent === true).length;
  }
  return json(200, { sent: sent > 0, count: sent, recipients: unique.length });
}
