import type { ParticipationRequest } from './entities/participation-request';

/**
 * The bodies of the two mail calls that follow an approval or a rejection (ApprovalEmail and
 * RejectionEmail of src/data/ports/api.ts, the server's own body type). They name the request
 * and its requester only: the server reads the event, the organizer's name and the requester's
 * verified address itself, checks that the caller organizes the request's event and that the
 * request really ended that way, and renders the mail (docs/mail.md).
 */
type ProcessedRequest = Pick<ParticipationRequest, 'id' | 'userId'>;

export function approvalEmailPayload(request: ProcessedRequest) {
  return { type: 'event_approved' as const, recipientId: request.userId, requestId: request.id };
}

export function rejectionEmailPayload(request: ProcessedRequest) {
  return { type: 'event_rejected' as const, recipientId: request.userId, requestId: request.id };
}
