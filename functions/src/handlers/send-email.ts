import { z } from 'zod';
import { approvalMail, rejectionMail } from '../mail/templates.js';
import {
  acceptPost,
  forbidden,
  mailRecipient,
  notSent,
  type BaseDeps,
  type EventRecord,
  type HandlerRequest,
  type HandlerResponse,
  type MailKind,
  type RateLimit,
  type RequestRecord,
} from './common.js';

export interface SendEmailDeps extends BaseDeps {
  getEvent(id: string): Promise<EventRecord | null>;
  getRequest(id: string): Promise<RequestRecord | null>;
}

/** Per caller: an organizer processing a long list of requests stays well inside it. */
export const SEND_EMAIL_CALLER_LIMIT: RateLimit = { limit: 60, windowMs: 10 * 60_000 };
/** Per request and outcome: replaying an approval does not mail the requester again. */
export const SEND_EMAIL_REQUEST_LIMIT: RateLimit = { limit: 1, windowMs: 24 * 60 * 60_000 };

const id = z.string().trim().min(1).max(128);
/** SPEC §7 fields the server does not use; accepted so the client's payload stays as specified. */
const hint = z.string().max(500).optional();

/**
 * SPEC §7 payloads plus recipientId and requestId (src/domain/notification-emails.ts). The mail
 * is written from Firestore, so eventTitle, eventDate, eventLocation, organizerName and
 * recipientEmail are accepted and ignored: the mail goes to the verified address the Auth service
 * holds for the request's user, whatever the client sent or wrote into its documents.
 */
export const sendEmailBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('event_approved'),
    recipientId: id,
    requestId: id,
    eventId: id,
    recipientEmail: hint,
    eventTitle: hint,
    eventDate: hint,
    eventLocation: hint,
  }),
  z.object({
    type: z.literal('event_rejected'),
    recipientId: id,
    requestId: id,
    /** Not in the SPEC payload; checked against the request's event when present. */
    eventId: id.optional(),
    recipientEmail: hint,
    eventTitle: hint,
    organizerName: hint,
  }),
]);

export type SendEmailBody = z.infer<typeof sendEmailBody>;

const EXPECTED_STATUS = { event_approved: 'approved', event_rejected: 'rejected' } as const;
const MAIL_KIND = {
  event_approved: 'participationApproved',
  event_rejected: 'participationRejected',
} as const satisfies Record<SendEmailBody['type'], MailKind>;

/**
 * POST /api/notifications/send-email. Only the organizer of the request's event may cause the
 * mail, only for a request of that recipient which really ended the way the mail says.
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

  const request = await deps.getRequest(body.requestId);
  if (!request) return forbidden('The participation request does not exist.');
  if (request.userId !== body.recipientId) {
    return forbidden('The participation request is not the recipient’s.');
  }
  if (body.eventId !== undefined && request.eventId !== body.eventId) {
    return forbidden('The participation request is not for this event.');
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

  const context = {
    type: body.type,
    uid,
    recipientId: request.userId,
    requestId: request.id,
    eventId: event.id,
  };

  const settings = await deps.getEmailSettings(request.userId);
  if (!settings[MAIL_KIND[body.type]]) {
    deps.log.info('mail skipped: recipient opted out', context);
    return notSent('opted_out');
  }
  const once = await deps.throttle(
    `send-email:request:${request.id}:${body.type}`,
    SEND_EMAIL_REQUEST_LIMIT,
  );
  if (!once.allowed) {
    deps.log.info('mail skipped: already sent for this request', context);
    return notSent('duplicate');
  }

  return mailRecipient(
    deps,
    request.userId,
    async () =>
      body.type === 'event_approved'
        ? approvalMail(event, deps.appBaseUrl)
        : rejectionMail(
            event,
            (await deps.getDisplayName(uid))?.trim() || event.organizerName,
            deps.appBaseUrl,
          ),
    context,
  );
}
