import { DomainError } from '@/domain/errors';
import type { EventStatus, SportEvent } from '@/domain/entities/event';
import { isFull } from '@/domain/entities/event';

/**
 * Status changes an organizer may make. open ⇄ closed while recruiting; either may be
 * cancelled or marked finished; cancelled and finished are final.
 */
export const STATUS_TRANSITIONS: Record<EventStatus, readonly EventStatus[]> = {
  open: ['closed', 'cancelled', 'finished'],
  closed: ['open', 'cancelled', 'finished'],
  cancelled: [],
  finished: [],
};

export function canTransition(from: EventStatus, to: EventStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

/** Creating needs a signed-in user, who becomes the organizer; status starts open. */
export function decideCreate(uid: string | null): {
  organizerId: string;
  status: 'open';
  participants: string[];
} {
  if (!uid) throw new DomainError('authCreateEvents');
  return { organizerId: uid, status: 'open', participants: [] };
}

/** An update runs only for a signed-in user and an existing event, and only by its organizer. */
export function assertCanEdit(
  uid: string | null,
  event: SportEvent | null,
): asserts event is SportEvent {
  if (!uid) throw new DomainError('updateEventLogin');
  if (!event) throw new DomainError('eventNotFound');
  if (event.organizerId !== uid) throw new DomainError('noEditPermission');
}

/**
 * A capacity below the number already taking part would leave the event over capacity.
 * Returns the capacity to store.
 */
export function decideCapacity(
  event: SportEvent,
  capacity: number | undefined,
): number | undefined {
  if (capacity === undefined) return undefined;
  if (capacity > 0 && capacity < event.participants.length) {
    throw new DomainError('capacityBelowParticipants');
  }
  return capacity;
}

export function decideStatusChange(
  uid: string | null,
  event: SportEvent | null,
  to: EventStatus,
): EventStatus {
  if (!uid) throw new DomainError('updateEventLogin');
  if (!event) throw new DomainError('eventNotFound');
  if (event.organizerId !== uid) throw new DomainError('noStatusPermission');
  if (event.status === to) return to;
  if (!canTransition(event.status, to)) throw new DomainError('invalidStatusChange');
  return to;
}

/** Direct join: refused if already joined, if the event is not open, or if it is full. */
export function decideJoin(
  uid: string | null,
  event: SportEvent | null,
): { participants: string[] } {
  if (!uid) throw new DomainError('authJoinEvents');
  if (!event) throw new DomainError('eventNotFound');
  if (event.participants.includes(uid)) throw new DomainError('alreadyJoined');
  if (event.status !== 'open') throw new DomainError('eventNotOpen');
  if (isFull(event)) throw new DomainError('eventFull');
  return { participants: [...event.participants, uid] };
}

/** Leaving: must be a participant; the user's requests for the event are deleted too. */
export function decideLeave(
  uid: string | null,
  event: SportEvent | null,
): { participants: string[]; deleteRequestsOf: string } {
  if (!uid) throw new DomainError('authLeaveEvents');
  if (!event) throw new DomainError('eventNotFound');
  if (!event.participants.includes(uid)) throw new DomainError('notParticipating');
  return { participants: event.participants.filter((p) => p !== uid), deleteRequestsOf: uid };
}
