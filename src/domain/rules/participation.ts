import { MY_PENDING_LIMIT, REQUEST_MESSAGE_MAX } from '@/domain/constants';
import { DomainError } from '@/domain/errors';
import type { SportEvent } from '@/domain/entities/event';
import { eventEnd, isFull } from '@/domain/entities/event';
import { notificationIdFor, type NotificationWrite } from '@/domain/entities/notification';
import {
  PLACEHOLDER_EVENT_INFO,
  REQUEST_STATUSES,
  requestIdFor,
  type ParticipationRequest,
  type PendingRequestWithEvent,
  type RequestStatus,
} from '@/domain/entities/participation-request';
import { assertMayEnter } from '@/domain/rules/roster';
import { assertMayWrite, type Actor } from '@/domain/rules/standing';

/**
 * Asking to join: a verified, active account (docs/security.md "Who may write"); refused if
 * already a participant or already pending, if the organizer removed them, if the event has
 * ended, is not open or is full. The request's id
 * is requestIdFor(event, user): asking again after a rejection reopens the same request. The
 * organizer is told of the request.
 */
export function decideRequest(input: {
  actor: Actor | null;
  event: SportEvent | null;
  myRequests: ParticipationRequest[];
  /** The requester's display name on their profile ('' without one). */
  requesterName: string;
  message: string;
  now: Date;
}): {
  id: string;
  request: { userId: string; eventId: string; message: string; status: 'pending' };
  notify: NotificationWrite;
} {
  const { uid } = assertMayWrite(input.actor, 'verified', 'authJoinEvents');
  const { event } = input;
  if (!event) throw new DomainError('eventNotFound');
  if (event.participants.includes(uid)) throw new DomainError('alreadyJoined');
  if (input.myRequests.some((r) => r.eventId === event.id && r.status === 'pending')) {
    throw new DomainError('alreadyRequested', { alreadyDone: true });
  }
  assertMayEnter(event, uid, input.now);
  if (event.status !== 'open') throw new DomainError('eventNotOpen');
  if (event.entryMethod === 'firstCome') throw new DomainError('firstComeEvent');
  // People waiting in line come first: a request while they wait would jump the queue.
  if (isFull(event) || event.waitlist.length > 0) throw new DomainError('eventFull');
  const message = input.message.trim();
  if (message.length > REQUEST_MESSAGE_MAX) throw new DomainError('requestMessageTooLong');
  const id = requestIdFor(event.id, uid);
  return {
    id,
    request: { userId: uid, eventId: event.id, message, status: 'pending' },
    notify: {
      id: notificationIdFor(id, 'participation_request'),
      userId: event.organizerId,
      type: 'participation_request',
      data: {
        eventId: event.id,
        requestId: id,
        eventTitle: event.title,
        requesterName: input.requesterName,
      },
    },
  };
}

/**
 * A request is private to its requester and the organizer of its event (docs/security.md "Participation requests"):
 * to anyone else it reads as missing, so neither its message nor its existence shows.
 */
export function requestVisibleTo(
  uid: string | null,
  request: ParticipationRequest | null,
  organizerId: string | null,
): ParticipationRequest | null {
  if (!uid || !request) return null;
  return request.userId === uid || organizerId === uid ? request : null;
}

/**
 * Cancelling deletes the request. Only a pending one: an approved requester leaves the event
 * instead (which also removes them from participants), a rejected one stays as the record.
 */
export function decideCancel(actor: Actor | null, request: ParticipationRequest | null): void {
  const { uid } = assertMayWrite(actor, 'active');
  if (!request) throw new DomainError('requestNotFound');
  if (request.userId !== uid) throw new DomainError('noCancelPermission');
  if (request.status !== 'pending') throw new DomainError('alreadyProcessed');
}

/**
 * Whether approving can still add people: open, or closed to new requests, and before the end;
 * never once cancelled, finished or past its end.
 */
export function takesApprovals(
  event: Pick<SportEvent, 'status' | 'date' | 'startTime' | 'endTime'>,
  now: Date,
): boolean {
  return (
    (event.status === 'open' || event.status === 'closed') &&
    eventEnd(event).getTime() > now.getTime()
  );
}

/**
 * Approval: before the event's end (a stale request approved later would make a participation
 * that never happened), the requester joins if absent (within capacity, and while the event
 * still takes people: open, or closed to new requests; never once cancelled or finished) and is
 * notified. Rejecting stays possible after the end.
 */
export function decideApprove(input: {
  actor: Actor | null;
  request: ParticipationRequest | null;
  event: SportEvent | null;
  now: Date;
}): { participants: string[]; notify: NotificationWrite } {
  const { request, event } = assertProcessable(input, 'approved');
  if (eventEnd(event).getTime() <= input.now.getTime()) throw new DomainError('eventEnded');
  const already = event.participants.includes(request.userId);
  if (!already && !takesApprovals(event, input.now)) throw new DomainError('eventNotOpen');
  if (!already && isFull(event)) throw new DomainError('eventFull');
  return {
    participants: already ? event.participants : [...event.participants, request.userId],
    notify: outcomeNotification(request, event, 'participation_approved'),
  };
}

export function decideReject(input: {
  actor: Actor | null;
  request: ParticipationRequest | null;
  event: SportEvent | null;
}): { notify: NotificationWrite } {
  const { request, event } = assertProcessable(input, 'rejected');
  return { notify: outcomeNotification(request, event, 'participation_rejected') };
}

function outcomeNotification(
  request: ParticipationRequest,
  event: SportEvent,
  type: 'participation_approved' | 'participation_rejected',
): NotificationWrite {
  return {
    id: notificationIdFor(request.id, type),
    userId: request.userId,
    type,
    data: { eventId: event.id, requestId: request.id, eventTitle: event.title },
  };
}

/**
 * Only a pending request can be processed, and only by its event's organizer (docs/domain.md
 * "Roles"): the domain checks it, and so do the security rules, so both backends agree. The
 * organizer deciding again what they already decided (`outcome`) is a repeat, taken as done.
 */
function assertProcessable(
  input: {
    actor: Actor | null;
    request: ParticipationRequest | null;
    event: SportEvent | null;
  },
  outcome: 'approved' | 'rejected',
): { request: ParticipationRequest; event: SportEvent } {
  const { uid } = assertMayWrite(input.actor, 'active');
  if (!input.request) throw new DomainError('requestNotFound');
  if (input.request.status !== 'pending') {
    const repeat = input.request.status === outcome && input.event?.organizerId === uid;
    throw new DomainError('alreadyProcessed', { alreadyDone: repeat });
  }
  if (!input.event) throw new DomainError('eventNotFound');
  if (input.event.organizerId !== uid) throw new DomainError('noProcessPermission');
  return { request: input.request, event: input.event };
}

/**
 * Newest first by createdAt. Within one millisecond a pending request counts as the newer one:
 * a new request can only follow a processed one (decideRequest refuses a second pending one).
 */
export function newestFirst<T extends ParticipationRequest>(requests: readonly T[]): T[] {
  const pendingFirst = (r: ParticipationRequest) => (r.status === 'pending' ? 0 : 1);
  return [...requests].sort(
    (a, b) =>
      (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0) ||
      pendingFirst(a) - pendingFirst(b),
  );
}

/**
 * Which of a user's requests for one event decides what the event page shows them: the pending
 * one if there is one (there is at most one), otherwise the newest, so after a rejection and a
 * new request the new one counts. Null when there is none.
 */
export function requestThatCounts(
  requests: readonly ParticipationRequest[],
): ParticipationRequest | null {
  return requests.find((r) => r.status === 'pending') ?? newestFirst(requests)[0] ?? null;
}

/**
 * Where a request stands in its organizer's list: its phase (pending ones come first), the time
 * it sorts by (pending: when it was made; decided: when it was decided), and its id to break ties.
 */
export interface OrganizerOrderKey {
  phase: 'pending' | 'decided';
  /** Epoch milliseconds (the backends may keep a finer unit in their cursors). */
  at: number;
  id: string;
}

/** The statuses of each phase (a query per phase reads them: the Firebase backend). */
export const ORGANIZER_PHASE_STATUSES: Record<
  OrganizerOrderKey['phase'],
  readonly RequestStatus[]
> = {
  pending: ['pending'],
  decided: REQUEST_STATUSES.filter((s) => s !== 'pending'),
};

export function organizerOrderKey(r: ParticipationRequest): OrganizerOrderKey {
  return r.status === 'pending'
    ? { phase: 'pending', at: r.createdAt?.getTime() ?? 0, id: r.id }
    : { phase: 'decided', at: (r.updatedAt ?? r.createdAt)?.getTime() ?? 0, id: r.id };
}

/**
 * The organizer's order of an event's requests: pending first, oldest first (first come, first
 * served), ties by id; then the decided ones, latest decision first, ties by id descending. This
 * is the order of the two Firestore queries that page the list (ascending and descending).
 */
export function compareOrganizerOrder(a: OrganizerOrderKey, b: OrganizerOrderKey): number {
  if (a.phase !== b.phase) return a.phase === 'pending' ? -1 : 1;
  const sign = a.phase === 'pending' ? 1 : -1;
  if (a.at !== b.at) return sign * (a.at - b.at);
  return a.id === b.id ? 0 : sign * (a.id < b.id ? -1 : 1);
}

export function inOrganizerOrder<T extends ParticipationRequest>(requests: readonly T[]): T[] {
  return [...requests].sort((a, b) =>
    compareOrganizerOrder(organizerOrderKey(a), organizerOrderKey(b)),
  );
}

/**
 * Only the organizer sees an event's requests (and the messages in them); everyone else,
 * signed out included, gets none.
 */
export function mayListEventRequests(
  uid: string | null,
  event: Pick<SportEvent, 'organizerId'> | null,
): boolean {
  return uid !== null && event !== null && event.organizerId === uid;
}

/**
 * The pending list when the main query (status filter, event info joined) failed: the user's
 * requests read without the status filter, the pending ones kept, newest first, with placeholder
 * event info, capped like the main list.
 */
export function pendingFromFallback(
  requests: readonly ParticipationRequest[],
): PendingRequestWithEvent[] {
  return newestFirst(requests.filter((r) => r.status === 'pending'))
    .slice(0, MY_PENDING_LIMIT)
    .map((r) => ({ ...r, event: { ...PLACEHOLDER_EVENT_INFO } }));
}
