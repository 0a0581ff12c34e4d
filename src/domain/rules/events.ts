import type * as z from 'zod/mini';
import { DomainError } from '@/domain/errors';
import { hasEnded, type EventStatus, type SportEvent } from '@/domain/entities/event';
import { earlyStartField, eventPatchSchema, eventWriteSchema, ymdOf } from '@/domain/event-form';
import { namedFields, parseInput } from '@/domain/rules/input';
import { assertOwnImagePath } from '@/domain/rules/own-image';
import { assertMayWrite, type Actor } from '@/domain/rules/standing';

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

/**
 * Creating needs a verified, active account (docs/security.md "Who may write"), which becomes
 * the organizer; status starts open. The content is checked as the form checks it (the sport,
 * region and level from their lists, every text within its limit), and the event must start at
 * least EVENT_START_SLACK_MINUTES after `now` (to the minute; docs/domain.md "Validation").
 */
export function decideCreate(
  actor: Actor | null,
  input: unknown,
  now: Date,
): {
  fields: z.output<typeof eventWriteSchema>;
  organizerId: string;
  status: 'open';
  participants: string[];
} {
  const { uid } = assertMayWrite(actor, 'verified', 'authCreateEvents');
  const fields = parseInput(eventWriteSchema, input, 'invalidEventInput');
  assertOwnImagePath('events', uid, fields.imagePath);
  assertStartAhead(fields.date, fields.startTime, now);
  return { fields, organizerId: uid, status: 'open', participants: [] };
}

/**
 * The organizer's name and photo an event carries (denormalized, so lists need no profile read
 * per row): always the public profile's (users/{uid}), on creation and when an organizer's
 * profile changes (syncOrganizerProfile), never the auth account's.
 */
export function organizerCopy(profile: Record<string, unknown> | null | undefined): {
  organizerName: string;
  organizerPhotoURL: string;
} {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    organizerName: text(profile?.displayName),
    organizerPhotoURL: text(profile?.photoURL),
  };
}

/** An update runs only for an active user and an existing event, and only by its organizer. */
export function assertCanEdit(
  actor: Actor | null,
  event: SportEvent | null,
): asserts event is SportEvent {
  const { uid } = assertMayWrite(actor, 'active', 'updateEventLogin');
  if (!event) throw new DomainError('eventNotFound');
  if (event.organizerId !== uid) throw new DomainError('noEditPermission');
}

/**
 * Editing: the organizer only, each changed field checked as on creation, the capacity never
 * below the participants, and a start that moves never into the past (decideStartChange). An
 * event staff cancelled is frozen: its page keeps showing what staff judged. Returns the fields
 * to store (those the patch names, less a day or start time it leaves as they are).
 */
export function decideEventUpdate(
  actor: Actor | null,
  event: SportEvent | null,
  patch: unknown,
  now: Date,
): Partial<z.output<typeof eventPatchSchema>> {
  assertCanEdit(actor, event);
  if (event.staffCancelReason) throw new DomainError('eventFrozenByStaff');
  const changes = namedFields(parseInput(eventPatchSchema, patch, 'invalidEventInput'));
  assertOwnImagePath('events', event.organizerId, changes.imagePath, event.imagePath);
  if (changes.capacity !== undefined) decideCapacity(event, changes.capacity);
  decideStartChange(event, changes, now);
  return changes;
}

function assertStartAhead(date: string, startTime: string, now: Date): void {
  const early = earlyStartField(date, startTime, now);
  if (early === 'soon') throw new DomainError('eventStartTooSoon');
  if (early) throw new DomainError('eventStartInPast');
}

/**
 * The day, start and end time an edit stores. Given as they are stored, they are dropped from
 * the changes: an event that has begun or is over can still be edited (its description, say),
 * and its stored day is not rewritten. Moving any of them is refused once the event has ended
 * (its participants and marks stand), and the start must then be as far ahead as on creation,
 * so no event is moved into a slot that has begun.
 */
export function decideStartChange(
  event: Pick<SportEvent, 'date' | 'startTime' | 'endTime' | 'status'>,
  changes: { date?: string; startTime?: string; endTime?: string },
  now: Date,
): void {
  if (changes.date === ymdOf(event.date)) delete changes.date;
  if (changes.startTime === event.startTime) delete changes.startTime;
  if (changes.endTime === event.endTime) delete changes.endTime;
  const moves = [changes.date, changes.startTime, changes.endTime].some((v) => v !== undefined);
  if (!moves) return;
  if (hasEnded(event, now)) throw new DomainError('moveAfterEnd');
  assertStartAhead(changes.date ?? ymdOf(event.date), changes.startTime ?? event.startTime, now);
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

/**
 * The status to store, or null when the event already has it: setting the current status again
 * is no change, so nothing is written (updatedAt included). An event past its end took place: it
 * may become 終了, never 中止 (which would take the 参加 from everyone who came while their
 * attendance marks stay counted).
 */
export function decideStatusChange(
  actor: Actor | null,
  event: SportEvent | null,
  to: EventStatus,
  now: Date,
): EventStatus | null {
  const { uid } = assertMayWrite(actor, 'active', 'updateEventLogin');
  if (!event) throw new DomainError('eventNotFound');
  if (event.organizerId !== uid) throw new DomainError('noStatusPermission');
  if (event.status === to) return null;
  if (!canTransition(event.status, to)) throw new DomainError('invalidStatusChange');
  if (to === 'cancelled' && hasEnded(event, now)) throw new DomainError('cancelAfterEnd');
  return to;
}
