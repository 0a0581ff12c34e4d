import { MY_PENDING_LIMIT, REQUEST_MESSAGE_MAX } from '@/domain/constants';
import { DomainError } from '@/domain/errors';
import type { SportEvent } from '@/domain/entities/event';
import { isFull } from '@/domain/entities/event';
import type { NewNotification } from '@/domain/entities/notification';
import {
  PLACEHOLDER_EVENT_INFO,
  type ParticipationRequest,
  type PendingRequestWithEvent,
} from '@/domain/entities/participation-request';

/**
 * Asking to join: refused if already a participant or already pending, if the event is not
 * open or full. The organizer is told of the request.
 */
export function decideRequest(input: {
  uid: string | null;
  event: SportEvent | null;
  myRequests: ParticipationRequest[];
  requesterName: string;
  message: string;
}): {
  request: { userId: string; eventId: string; message: string; status: 'pending' };
  notify: NewNotification;
} {
  const { uid, event } = input;
  if (!uid) throw new DomainError('authJoinEvents');
  if (!event) throw new DomainError('eventNotFound');
  if (event.participants.includes(uid)) throw new DomainError('alreadyJoined');
  if (input.myRequests.some((r) => r.eventId === event.id && r.status === 'pending')) {
    throw new DomainError('alreadyRequested');
  }
  if (event.status !== 'open') throw new DomainError('eventNotOpen');
  if (isFull(event)) throw new DomainError('eventFull');
  const message = input.message.trim();
  if (message.length > REQUEST_MESSAGE_MAX) throw new DomainError('requestMessageTooLong');
  return {
    request: { userId: uid, eventId: event.id, message, status: 'pending' },
    notify: {
      userId: event.organizerId,
      type: 'participation_request',
      title: '参加リクエストが届きました',
      content: `${input.requesterName || 'ユーザー'}さんが「${event.title}」への参加をリクエストしました`,
      data: { eventId: event.id, userId: uid },
    },
  };
}

/**
 * Cancelling deletes the request. Only a pending one: an approved requester leaves the event
 * instead (which also removes them from participants), a rejected one stays as the record.
 */
export function decideCancel(uid: string | null, request: ParticipationRequest | null): void {
  if (!uid) throw new DomainError('loginRequired');
  if (!request) throw new DomainError('requestNotFound');
  if (request.userId !== uid) throw new DomainError('noCancelPermission');
  if (request.status !== 'pending') throw new DomainError('alreadyProcessed');
}

/** Whether approving can still add people: open, or closed to new requests; not once ended. */
export function takesApprovals(event: Pick<SportEvent, 'status'>): boolean {
  return event.status === 'open' || event.status === 'closed';
}

/**
 * Approval: the requester joins if absent (within capacity, and while the event still takes
 * people: open, or closed to new requests; never once cancelled or finished) and is notified.
 */
export function decideApprove(input: {
  uid: string | null;
  request: ParticipationRequest | null;
  event: SportEvent | null;
}): { participants: string[]; notify: NewNotification } {
  const { request, event } = assertProcessable(input);
  const already = event.participants.includes(request.userId);
  if (!already && !takesApprovals(event)) throw new DomainError('eventNotOpen');
  if (!already && isFull(event)) throw new DomainError('eventFull');
  return {
    participants: already ? event.participants : [...event.participants, request.userId],
    notify: {
      userId: request.userId,
      type: 'participation_approved',
      title: '参加リクエストが承認されました',
      content: `「${event.title}」への参加が承認されました`,
      data: { eventId: event.id },
    },
  };
}

export function decideReject(input: {
  uid: string | null;
  request: ParticipationRequest | null;
  event: SportEvent | null;
}): { notify: NewNotification } {
  const { request, event } = assertProcessable(input);
  return {
    notify: {
      userId: request.userId,
      type: 'participation_rejected',
      title: '参加リクエストが承認されませんでした',
      content: `「${event.title}」への参加リクエストは承認されませんでした`,
      data: { eventId: event.id },
    },
  };
}

/**
 * Only a pending request can be processed. SPEC §6 says the client does not verify the
 * organizer; the domain does (and so do the security rules), so both backends agree.
 */
function assertProcessable(input: {
  uid: string | null;
  request: ParticipationRequest | null;
  event: SportEvent | null;
}): { request: ParticipationRequest; event: SportEvent } {
  if (!input.uid) throw new DomainError('loginRequired');
  if (!input.request) throw new DomainError('requestNotFound');
  if (input.request.status !== 'pending') throw new DomainError('alreadyProcessed');
  if (!input.event) throw new DomainError('eventNotFound');
  if (input.event.organizerId !== input.uid) throw new DomainError('noProcessPermission');
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
