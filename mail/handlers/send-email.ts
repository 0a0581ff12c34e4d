import * as z from 'zod/mini';
import type { MailKind, RateLimit } from '../policy.js';
import { approvalMail, rejectionMail } from '../templates.js';
import {
  acceptPost,
  answeringTransportFailure,
  forbidden,
  mailIfAllowed,
  type BaseDeps,
  type EventRecord,
  type HandlerRequest,
  type HandlerResponse,
  type MailDeps,
  type RequestRecord,
} from './common.js';
import { eventChangeMail, type EventChangeMailDeps } from './event-change-mail.js';

/** What the approval and rejection mail read: the request and its event. */
export interface ParticipationMailDeps extends MailDeps {
  getEvent(id: string): Promise<EventRecord | null>;
  getRequest(id: string): Promise<RequestRecord | null>;
}

export interface SendEmailDeps extends BaseDeps, ParticipationMailDeps, EventChangeMailDeps {}

/** Per caller: an organizer processing a long list of requests stays well inside it. */
export const SEND_EMAIL_CALLER_LIMIT: RateLimit = { limit: 60, windowMs: 10 * 60_000 };
/** Per request and outcome: replaying an approval does not mail the requester again. */
export const SEND_EMAIL_REQUEST_LIMIT: RateLimit = { limit: 1, windowMs: 24 * 60 * 60_000 };

const id = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));

/**
 * The body (src/data/ports/api.ts ApprovalEmail / RejectionEmail): which request ended which
 * way, and whom the caller means to mail. Everything in the mail is read from the documents —
 * the event, the organizer's name, the recipient's verified address — so the body carries
 * nothing else; fields a client still sends are dropped.
 */
const processedRequest = { recipientId: id, requestId: id };
export const sendEmailBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event_approved'), ...processedRequest }),
  z.object({ type: z.literal('event_rejected'), ...processedRequest }),
  // The organizer's change of an event's schedule (its change record's number) or cancellation:
  // one call for every participant (event-changes.ts).
  z.object({
    type: z.literal('event_changed'),
    eventId: id,
    seq: z.number().check(z.int(), z.gte(1)),
  }),
  z.object({ type: z.literal('event_cancelled'), eventId: id }),
]);

export type SendEmailBody = z.infer<typeof sendEmailBody>;
type ParticipationBody = Extract<SendEmailBody, { type: 'event_approved' | 'event_rejected' }>;

const EXPECTED_STATUS = { event_approved: 'approved', event_rejected: 'rejected' } as const;
const MAIL_KIND = {
  event_approved: 'participationApproved',
  event_rejected: 'participationRejected',
} as const satisfies Record<ParticipationBody['type'], MailKind>;

/**
 * The approval or rejection mail that `uid` causes. Only the organizer of the request's event may
 * cause it, only for a request of that recipient which really ended the way the mail says; then
 * mailIfAllowed decides, with one mail per request and outcome (SEND_EMAIL_REQUEST_LIMIT).
 */
export async function participationMail(
  deps: ParticipationMailDeps,
  uid: string,
  body: ParticipationBody,
): Promise<HandlerResponse> {
  const request = await deps.getRequest(body.requestId);
  if (!request) return forbidden('The participation request does not exist.');
  if (request.userId !== body.recipientId) {
    return forbidden('The participation request is not the recipient’s.');
  }
  const event = await deps.getEvent(request.eventId);
  if (!event) return forbidden('The event does not exist.');
  if (event.organizerId !== uid)
    return forbidden('Only the organizer of the event may send this mail.');
  if (request.status !== EXPECTED_STATUS[body.type]) {
    return forbidden(
      `The participation request is ${request.status || 'unknown'}, not ${EXPECTED_STATUS[body.type]}.`,
    );
  }

  return mailIfAllowed(
    deps,
    {
      recipientId: request.userId,
      kind: MAIL_KIND[body.type],
      cause: {
        key: `send-email:request:${request.id}:${body.type}`,
        limit: SEND_EMAIL_REQUEST_LIMIT,
        reason: 'duplicate',
      },
    },
    async () =>
      body.type === 'event_approved'
        ? approvalMail(event, deps.appBaseUrl)
        : rejectionMail(
            event,
            (await deps.getDisplayName(uid))?.trim() || event.organizerName,
            deps.appBaseUrl,
          ),
    { type: body.type, uid, recipientId: request.userId, requestId: request.id, eventId: event.id },
  );
}

/**
 * POST /api/notifications/send-email: the caller's checks (acceptPost), then participationMail
 * or eventChangeMail (./event-change-mail.ts).
 */
export async function handleSendEmail(
  req: HandlerRequest,
  deps: SendEmailDeps,
): Promise<HandlerResponse> {
  const accepted = await acceptPost(req, deps, {
    name: 'send-email',
    limit: SEND_EMAIL_CALLER_LIMIT,
    schema: sendEmailBody,
  });
  if ('response' in accepted) return accepted.response;
  const { uid, body } = accepted;
  return answeringTransportFailure(deps, () =>
    body.type === 'event_changed' || body.type === 'event_cancelled'
      ? eventChangeMail(deps, uid, body)
      : participationMail(deps, uid, body),
  );
}
