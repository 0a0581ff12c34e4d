import { createStore, delMany, entries, set, del, type UseStore } from 'idb-keyval';
import { errorMessage, failureCode } from '@/domain/errors';

/*
 * The organizer's check-ins made without a network (docs/fees.md "At the venue without a
 * signal"), kept in IndexedDB (idb-keyval: a key-value store, so neither backend's storage is
 * involved, and a Firestore transaction is never left pending offline) until they are sent.
 */

/** One check-in waiting to be sent. */
export interface QueuedCheckIn {
  eventId: string;
  userId: string;
  /** When it was made at the door (epoch ms). */
  queuedAt: number;
}

/** What one sending of an event's queue did. */
export interface OutboxSend {
  sent: QueuedCheckIn[];
  /** Refused by the backend (already checked in elsewhere, the door closed…): dropped. */
  refused: { item: QueuedCheckIn; message: string }[];
  /** Still waiting: the network failed again. */
  waiting: number;
}

let db: UseStore | null = null;
const store = () => (db ??= createStore('sports-community-check-in-outbox', 'check-ins'));
const keyOf = (eventId: string, userId: string) => `${eventId}/${userId}`;

/** Whether the browser says it has no network: check-ins then go to the outbox at once. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Whether a failure is the network's (kept for later) rather than a refusal (reported). */
export const isNetworkFailure = (e: unknown) => failureCode(e) === 'unavailable' || isOffline();

export async function queueCheckIn(eventId: string, userId: string, now: Date): Promise<void> {
  const item: QueuedCheckIn = { eventId, userId, queuedAt: now.getTime() };
  await set(keyOf(eventId, userId), item, store());
}

/** Removes a queued check-in before it is sent (an undo at the door). */
export async function dropQueued(eventId: string, userId: string): Promise<void> {
  await del(keyOf(eventId, userId), store());
}

/** The event's queued check-ins, oldest first. */
export async function queuedCheckIns(eventId: string): Promise<QueuedCheckIn[]> {
  const all = await entries<string, QueuedCheckIn>(store());
  return all
    .map(([, v]) => v)
    .filter((v) => v.eventId === eventId)
    .sort((a, b) => a.queuedAt - b.queuedAt);
}

/**
 * Sends the event's queue one check-in at a time through `send` (the backend's checkIn, which
 * decides again with the server's time: one replayed after the door closed is refused). A sent
 * or refused one leaves the queue; after a network failure the rest wait for the next sending.
 */
export async function sendQueued(
  eventId: string,
  send: (userId: string) => Promise<void>,
): Promise<OutboxSend> {
  const queue = await queuedCheckIns(eventId);
  const out: OutboxSend = { sent: [], refused: [], waiting: 0 };
  const done: string[] = [];
  for (const [i, item] of queue.entries()) {
    try {
      await send(item.userId);
      out.sent.push(item);
    } catch (e) {
      if (isNetworkFailure(e)) {
        out.waiting = queue.length - i;
        break;
      }
      out.refused.push({ item, message: errorMessage(e) });
    }
    done.push(keyOf(item.eventId, item.userId));
  }
  await delMany(done, store());
  return out;
}
