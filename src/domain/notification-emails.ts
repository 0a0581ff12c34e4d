import type { SportEvent } from './entities/event';
import type { ParticipationRequest } from './entities/participation-request';
import { formatIsoDate } from './format';

/**
 * The bodies of the two email calls of SPEC §7 that follow an approval or a rejection, built in
 * one place so the local and Firebase backends cannot drift apart (they did: one sent
 * "2024年5月10日", the other "2024-05-10"). The shapes are ApprovalEmail and RejectionEmail of
 * src/data/ports/api.ts; tests/contract checks that these return types are exactly those.
 *
 * recipientEmail is whatever the calling backend may read of the requester's address: the local
 * backend reads it, the Firebase client may not (users/{uid}/private/account is owner-only), so
 * it passes '' and the Function resolves the address from recipientId on the server. requestId
 * lets the server check that the caller organizes the request's event and that the request
 * really ended that way before it mails anyone.
 */
export interface ProcessedRequestMail {
  request: Pick<ParticipationRequest, 'id' | 'userId'>;
  event: Pick<SportEvent, 'id' | 'title' | 'date' | 'location' | 'organizerName'>;
  /** The requester's address where the backend can read it, otherwise ''. */
  recipientEmail: string;
}

/** eventDate is always yyyy-MM-dd (formatIsoDate, local calendar day); the mail renders it. */
export function approvalEmailPayload({ request, event, recipientEmail }: ProcessedRequestMail) {
  return {
    type: 'event_approved' as const,
    recipientEmail,
    recipientId: request.userId,
    requestId: request.id,
    eventTitle: event.title,
    eventDate: formatIsoDate(event.date),
    eventLocation: event.location,
    eventId: event.id,
  };
}

/**
 * organizerName is the rejecting organizer's current display name, falling back to the name
 * stored on the event at creation (a profile may have been renamed since, or be unreadable).
 */
export function rejectionEmailPayload({
  request,
  event,
  recipientEmail,
  organizerName,
}: ProcessedRequestMail & { organizerName: string }) {
  return {
    type: 'event_rejected' as const,
    recipientEmail,
    recipientId: request.userId,
    requestId: request.id,
    eventTitle: event.title,
    organizerName: organizerName.trim() || event.organizerName,
  };
}
