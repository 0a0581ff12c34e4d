import * as z from 'zod/mini';
import type { MailKind, RateLimit } from '../policy.js';
import {
  REMOVAL_REASON_LABELS,
  type RemovalReason,
} from '../../src/domain/entities/removal-reason.js';
import {
  approvalMail,
  participantChangeMail,
  participantRemovedMail,
  rejectionMail,
  waitlistPromotedMail,
} from '../templates.js';
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
  type NotificationRecord,
  type RequestRecord,
} from './common.js';
import { eventChangeMail, type EventChangeMailDeps } from './event-change-mail.js';
import { followerNotices, type FollowerNoticeDeps } from './follower-notices.js';
import { boardAnnouncements, type BoardAnnouncementDeps } from './board-announcements.js';

/** What the approval and rejection mail read: the request and its event. */
export interface ParticipationMailDeps extends MailDeps {
  getEvent(id: string): Promise<EventRecord | null>;
  getRequest(id: string): Promise<RequestRecord | null>;
  getNotification(id: string): Promise<NotificationRecord | null>;
}

export interface SendEmailDeps
  extends
    BaseDeps,
    ParticipationMailDeps,
    EventChangeMailDeps,
    FollowerNoticeDeps,
    BoardAnnouncementDeps {}

/** Per caller: an organizer processing a long list of requests stays well inside it. */
export const SEND_EMAIL_CALLER_LIMIT: RateLimit = { limit: 60, windowMs: 10 * 60_000 };
/** Per request and outcome: replaying an approval does not mail the requester again. */
export const SEND_EMAIL_REQUEST_LIMIT: RateLimit = { limit: 1, windowMs: 24 * 60 * 60_000 };
/**
 * A move up from the キャンセル待ち is mailed right after the write that made it: its notice must
 * be this recent (the app calls at once; a slow network or a retry still fits).
 */
export const PROMOTION_MAIL_WINDOW_MS = 10 * 60_000;

const id = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));

/**
 * The body (src/data/ports/api.ts ApprovalEmail / RejectionEmail): which request ended which
 * way, and whom the caller means to mail. Everything in the mail is read from the documents —
 * the event, the organizer's name, the recipient's verified address — so the body carries
 * nothing else; fields a client still sends are dropped.
 */
const processedRequest = { recipientId: id, requestId: id };
const rosterChange = { eventId: id, recipientId: id };
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
  z.object({ type: z.literal('waitlist_promoted'), ...rosterChange }),
  z.object({ type: z.literal('participant_removed'), ...rosterChange }),
  z.object({ type: z.literal('participant_left'), ...rosterChange }),
  z.object({ type: z.literal('participant_joined'), ...rosterChange }),
  // A new event, told to the followers of its organizer and team (./follower-notices.ts).
  z.object({ type: z.literal('event_published'), eventId: id }),
  // An organizer's お知らせ on the event's board, or its 「再送する」 (./board-announcements.ts).
  z.object({
    type: z.literal('board_announcement'),
    eventId: id,
    postId: id,
    retry: z.optional(z.boolean()),
  }),
]);
type ParticipationBody = Extract<SendEmailBody, { type: 'event_approved' | 'event_rejected' }>;
type RosterBody = Extract<
  SendEmailBody,
  { type: 'waitlist_promoted' | 'participant_removed' | 'participant_left' | 'participant_joined' }
>;

export type SendEmailBody = z.infer<typeof sendEmailBody>;

const EXPECTED_STATUS = { event_approved: 'approved', event_rejected: 'rejected' } as const;
const MAIL_KIND = {
  event_approved: 'participationApproved',
  event_rejected: 'participationRejected',
  waitlist_promoted: 'waitlistPromoted',
  participant_removed: 'participantRemoved',
  participant_left: 'organizerParticipantChanges',
  participant_joined: 'organizerParticipantChanges',
} as const satisfies Record<ParticipationBody['type'] | RosterBody['type'], MailKind>;

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
 * A roster mail (a move up from the キャンセル待ち, a removal, the organizer's notice of a leave or
 * direct join). The cause must be written already: its notification (the id
 * <eventId>_<the person it is about>_<type>, src/domain/rules/roster.ts) is the recipient's, and
 * the event is in the state the cause leaves it in. A removal's mail is the organizer's to cause;
 * a leave or join notice is caused by that participant only. One mail per notification a day.
 */
export async function rosterMail(
  deps: ParticipationMailDeps,
  uid: string,
  body: RosterBody,
): Promise<HandlerResponse> {
  const event = await deps.getEvent(body.eventId);
  if (!event) return forbidden('The event does not exist.');
  const toOrganizer = body.type === 'participant_left' || body.type === 'participant_joined';
  const about = toOrganizer ? uid : body.recipientId;
  const notificationId = `${event.id}_${about}_${body.type}`;
  const notice = await deps.getNotification(notificationId);
  if (!notice || notice.userId !== body.recipientId || notice.type !== body.type) {
    return forbidden('No such change was written for the recipient.');
  }
  const takesPart = event.participants.includes(about);
  switch (body.type) {
    case 'waitlist_promoted': {
      // As the approval mail checks its request: the move up was just written for the
      // recipient — its notice is fresh, they left the line, and they hold what it gave them
      // (a seat on 先着順, a pending request marked fromWaitlist on 承認制).
      const at = notice.createdAt?.getTime();
      const age = at === undefined ? Infinity : deps.now().getTime() - at;
      if (!(age >= -60_000 && age <= PROMOTION_MAIL_WINDOW_MS)) {
        return forbidden('The recipient did not just move up.');
      }
      if (event.waitlist.includes(about)) return forbidden('The recipient is still waiting.');
      if (event.entryMethod === 'firstCome') {
        if (!takesPart) return forbidden('The recipient did not move up.');
      } else {
        const request = await deps.getRequest(`${event.id}_${about}`);
        if (request?.status !== 'pending' || request.fromWaitlist !== true) {
          return forbidden('The recipient did not move up.');
        }
      }
      break;
    }
    case 'participant_removed':
      if (event.organizerId !== uid) return forbidden('Only the organizer removes participants.');
      if (takesPart) return forbidden('The recipient still takes part.');
      break;
    default:
      if (body.recipientId !== event.organizerId) return forbidden('Only the organizer is told.');
      if (takesPart !== (body.type === 'participant_joined')) {
        return forbidden('The caller did not make this change.');
      }
  }
  const compose = async () => {
    if (body.type === 'waitlist_promoted') {
      return waitlistPromotedMail(event, takesPart, deps.appBaseUrl);
    }
    if (body.type === 'participant_removed') {
      const reason = REMOVAL_REASON_LABELS[String(notice.data.reason) as RemovalReason] ?? '';
      return participantRemovedMail(event, reason, deps.appBaseUrl);
    }
    const name = (await deps.getDisplayName(about))?.trim() ?? '';
    return participantChangeMail(event, name, body.type === 'participant_joined', deps.appBaseUrl);
  };
  return mailIfAllowed(
    deps,
    {
      recipientId: body.recipientId,
      kind: MAIL_KIND[body.type],
      cause: {
        key: `send-email:roster:${notificationId}`,
        limit: SEND_EMAIL_REQUEST_LIMIT,
        reason: 'duplicate',
      },
    },
    compose,
    { type: body.type, uid, recipientId: body.recipientId, eventId: event.id },
  );
}

/**
 * POST /api/notifications/send-email: the caller's checks (acceptPost), then participationMail,
 * eventChangeMail (./event-change-mail.ts), followerNotices (./follower-notices.ts),
 * boardAnnouncements (./board-announcements.ts) or rosterMail.
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
  return answeringTransportFailure(deps, () => {
    if (body.type === 'event_changed' || body.type === 'event_cancelled') {
      return eventChangeMail(deps, uid, body);
    }
    if (body.type === 'event_published') return followerNotices(deps, uid, body);
    if (body.type === 'board_announcement') return boardAnnouncements(deps, uid, body);
    return body.type === 'event_approved' || body.type === 'event_rejected'
      ? participationMail(deps, uid, body)
      : rosterMail(deps, uid, body);
  });
}
