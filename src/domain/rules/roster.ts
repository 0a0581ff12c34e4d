import { REQUEST_PROMOTIONS_MAX, WAITLIST_MAX } from '@/domain/constants';
import {
  eventEnd,
  hasEnded,
  isFull,
  isOver,
  removedFrom,
  type SportEvent,
} from '@/domain/entities/event';
import type { NotificationWrite, RosterNotificationType } from '@/domain/entities/notification';
import { requestIdFor } from '@/domain/entities/participation-request';
import { REMOVAL_REASONS, type RemovalReason } from '@/domain/entities/removal-reason';
import { DomainError } from '@/domain/errors';
import { assertMayWrite, type Actor } from '@/domain/rules/standing';

/**
 * Who takes part in an event (docs/domain.md "Entry method and waitlist"): the direct join of a
 * 先着順 event, leaving, the キャンセル待ち (waitlist) of a full event, the organizer removing a
 * participant, and the promotion of the first in line when a seat frees. Pure decisions; the
 * use case (src/data/use-cases/roster.ts) writes them and firestore.rules check the same.
 */

/** The id of a roster notification: the event, the person it is about, and the type. */
export function rosterNotificationId(
  eventId: string,
  uid: string,
  type: RosterNotificationType,
): string {
  return `${eventId}_${uid}_${type}`;
}

function rosterNotice(
  event: SportEvent,
  to: string,
  about: string,
  type: RosterNotificationType,
  extra: { participantName?: string; reason?: RemovalReason; requestId?: string } = {},
): NotificationWrite {
  return {
    id: rosterNotificationId(event.id, about, type),
    userId: to,
    type,
    data: { eventId: event.id, eventTitle: event.title, participantId: about, ...extra },
  };
}

/**
 * Who moves up when seats free: the first `freed` people in line, no more than the room the
 * event now has, and nobody while it does not take part (not open: closed, cancelled, finished).
 * On a 先着順 event they become participants; on a 承認制 event each gets a request the
 * organizer decides, marked as moved up from the waitlist.
 */
export function decidePromotions(
  event: Pick<SportEvent, 'status' | 'capacity' | 'participants' | 'waitlist' | 'entryMethod'>,
  freed: number,
): { promoted: string[]; waitlist: string[] } {
  if (event.status !== 'open' || freed <= 0 || event.waitlist.length === 0) {
    return { promoted: [], waitlist: event.waitlist };
  }
  const room =
    event.capacity <= 0
      ? event.waitlist.length
      : Math.max(0, event.capacity - event.participants.length);
  // A request per person moved up on 承認制: firestore.rules check each, so a write holds a few.
  const most = event.entryMethod === 'firstCome' ? freed : Math.min(freed, REQUEST_PROMOTIONS_MAX);
  const k = Math.min(most, room, event.waitlist.length);
  return { promoted: event.waitlist.slice(0, k), waitlist: event.waitlist.slice(k) };
}

/**
 * The participants and notices after `promoted` moved up: 先着順 adds them in line order; each
 * promoted person is told.
 */
export function promotionWrites(
  event: SportEvent,
  participants: string[],
  promoted: string[],
): { participants: string[]; notify: NotificationWrite[] } {
  const firstCome = event.entryMethod === 'firstCome';
  return {
    participants: firstCome ? [...participants, ...promoted] : participants,
    notify: promoted.map((uid) =>
      rosterNotice(
        event,
        uid,
        uid,
        'waitlist_promoted',
        firstCome ? {} : { requestId: requestIdFor(event.id, uid) },
      ),
    ),
  };
}

/**
 * What bounds anyone taking part by themself (a join, a request, the キャンセル待ち): the
 * organizer removed them from this event (only the organizer adds them back), or the event has
 * reached its end (firestore.rules check both).
 */
export function assertMayEnter(
  event: Pick<SportEvent, 'removals' | 'date' | 'startTime' | 'endTime'>,
  uid: string,
  now: Date,
): void {
  if (removedFrom(event, uid)) throw new DomainError('removedByOrganizer');
  if (eventEnd(event).getTime() <= now.getTime()) throw new DomainError('eventEnded');
}

/**
 * Direct join: a 先着順 event, a verified, active account, before its end; refused if already
 * joined, if removed by the organizer, if the event is not open, if it is 承認制, or if it is
 * full or people wait in line (they come first). The organizer is told.
 */
export function decideJoin(
  actor: Actor | null,
  event: SportEvent | null,
  participantName: string,
  now: Date,
): { participants: string[]; notify: NotificationWrite | null } {
  const { uid } = assertMayWrite(actor, 'verified', 'authJoinEvents');
  if (!event) throw new DomainError('eventNotFound');
  // Joining twice is the same join again.
  if (event.participants.includes(uid)) {
    throw new DomainError('alreadyJoined', { alreadyDone: true });
  }
  assertMayEnter(event, uid, now);
  if (event.status !== 'open') throw new DomainError('eventNotOpen');
  if (event.entryMethod !== 'firstCome') throw new DomainError('approvalRequired');
  if (isFull(event) || event.waitlist.length > 0) throw new DomainError('eventFull');
  return {
    participants: [...event.participants, uid],
    notify:
      event.organizerId && event.organizerId !== uid
        ? rosterNotice(event, event.organizerId, uid, 'participant_joined', { participantName })
        : null,
  };
}

/**
 * Leaving: must be a participant of an event that has not ended (leaving a cancelled one is
 * allowed); the user's requests for the event are deleted too, the organizer is told, and the
 * freed seat goes to the first in line.
 */
export function decideLeave(
  actor: Actor | null,
  event: SportEvent | null,
  participantName: string,
  now: Date,
): {
  participants: string[];
  waitlist: string[];
  promoted: string[];
  deleteRequestsOf: string;
  notify: NotificationWrite[];
} {
  const { uid } = assertMayWrite(actor, 'active', 'authLeaveEvents');
  if (!event) throw new DomainError('eventNotFound');
  if (!event.participants.includes(uid)) throw new DomainError('notParticipating');
  if (hasEnded(event, now)) throw new DomainError('leaveAfterEnd');
  const remaining = event.participants.filter((p) => p !== uid);
  const { promoted, waitlist } = decidePromotions({ ...event, participants: remaining }, 1);
  const moved = promotionWrites(event, remaining, promoted);
  const told =
    event.organizerId && event.organizerId !== uid
      ? [rosterNotice(event, event.organizerId, uid, 'participant_left', { participantName })]
      : [];
  return {
    participants: moved.participants,
    waitlist,
    promoted,
    deleteRequestsOf: uid,
    notify: [...told, ...moved.notify],
  };
}

/**
 * Joining the キャンセル待ち: only a full, open event; a verified, active account that neither
 * takes part nor waits already, nor has a pending request for the event (the organizer decides
 * that one; a move up would have to write it anew); appended at the end of the line (never
 * anywhere else).
 */
export function decideJoinWaitlist(
  actor: Actor | null,
  event: SportEvent | null,
  hasPendingRequest: boolean,
  now: Date,
): { waitlist: string[] } {
  const { uid } = assertMayWrite(actor, 'verified', 'authJoinEvents');
  if (!event) throw new DomainError('eventNotFound');
  if (event.waitlist.includes(uid)) {
    throw new DomainError('alreadyOnWaitlist', { alreadyDone: true });
  }
  if (event.participants.includes(uid)) throw new DomainError('alreadyJoined');
  assertMayEnter(event, uid, now);
  if (hasPendingRequest) throw new DomainError('alreadyRequested');
  if (event.status !== 'open') throw new DomainError('eventNotOpen');
  if (!isFull(event)) throw new DomainError('eventNotFull');
  if (event.waitlist.length >= WAITLIST_MAX) throw new DomainError('waitlistFull');
  return { waitlist: [...event.waitlist, uid] };
}

/** Leaving the キャンセル待ち: one's own place only, whatever the event's status. */
export function decideLeaveWaitlist(
  actor: Actor | null,
  event: SportEvent | null,
): { waitlist: string[] } {
  const { uid } = assertMayWrite(actor, 'active', 'authLeaveEvents');
  if (!event) throw new DomainError('eventNotFound');
  if (!event.waitlist.includes(uid)) throw new DomainError('notOnWaitlist');
  return { waitlist: event.waitlist.filter((w) => w !== uid) };
}

/**
 * The organizer removes a participant, for a reason from the fixed list that the participant is
 * shown, while the event is not over; the freed seat goes to the first in line. The removal is
 * recorded on the event (`removal`: by whom and why; the store adds when), so the person cannot
 * take the seat straight back.
 */
export function decideRemoveParticipant(
  actor: Actor | null,
  event: SportEvent | null,
  uid: string,
  reason: string,
  now: Date,
): {
  participants: string[];
  waitlist: string[];
  promoted: string[];
  notify: NotificationWrite[];
  removal: { by: string; reason: RemovalReason };
} {
  const me = assertMayWrite(actor, 'active', 'updateEventLogin');
  if (!event) throw new DomainError('eventNotFound');
  if (event.organizerId !== me.uid) throw new DomainError('noEditPermission');
  if (event.staffCancelReason) throw new DomainError('eventFrozenByStaff');
  if (isOver(event, now)) throw new DomainError('eventAlreadyOver');
  if (!REMOVAL_REASONS.includes(reason as RemovalReason)) {
    throw new DomainError('removalReasonRequired');
  }
  if (!event.participants.includes(uid)) throw new DomainError('notParticipating');
  const remaining = event.participants.filter((p) => p !== uid);
  const { promoted, waitlist } = decidePromotions({ ...event, participants: remaining }, 1);
  const moved = promotionWrites(event, remaining, promoted);
  return {
    participants: moved.participants,
    waitlist,
    promoted,
    notify: [
      rosterNotice(event, uid, uid, 'participant_removed', { reason: reason as RemovalReason }),
      ...moved.notify,
    ],
    removal: { by: me.uid, reason: reason as RemovalReason },
  };
}

/**
 * The organizer adds back someone they removed, while the event is open or closed, before its
 * end, and within capacity: they rejoin the participants and their removal record goes.
 */
export function decideRestoreParticipant(
  actor: Actor | null,
  event: SportEvent | null,
  uid: string,
  now: Date,
): { participants: string[] } {
  const me = assertMayWrite(actor, 'active', 'updateEventLogin');
  if (!event) throw new DomainError('eventNotFound');
  if (event.organizerId !== me.uid) throw new DomainError('noEditPermission');
  if (event.staffCancelReason) throw new DomainError('eventFrozenByStaff');
  if (isOver(event, now)) throw new DomainError('eventAlreadyOver');
  if (!removedFrom(event, uid)) throw new DomainError('notRemoved');
  if (event.participants.includes(uid)) throw new DomainError('alreadyJoined');
  if (isFull(event)) throw new DomainError('eventFull');
  return { participants: [...event.participants, uid] };
}

/**
 * A capacity raise frees as many seats as it adds: those go to the first in line, in the same
 * write as the new capacity, before the event's end (nobody moves up into an event that is over).
 * `event` is as stored, `capacity` the one being saved.
 */
export function decideCapacityPromotions(
  event: SportEvent,
  capacity: number,
  now: Date,
): { participants: string[]; waitlist: string[]; promoted: string[]; notify: NotificationWrite[] } {
  const freed =
    eventEnd(event).getTime() <= now.getTime()
      ? 0
      : capacity <= 0
        ? event.waitlist.length
        : event.capacity <= 0
          ? 0
          : Math.max(0, capacity - event.capacity);
  const { promoted, waitlist } = decidePromotions({ ...event, capacity }, freed);
  const moved = promotionWrites(event, event.participants, promoted);
  return { participants: moved.participants, waitlist, promoted, notify: moved.notify };
}

/** A user's place in line, 1 for the first; null when not waiting. */
export function waitlistPosition(event: Pick<SportEvent, 'waitlist'>, uid: string): number | null {
  const i = event.waitlist.indexOf(uid);
  return i < 0 ? null : i + 1;
}
