import * as z from 'zod/mini';
import type { RateLimit } from '../policy.js';
import { unreadMessageMail } from '../templates.js';
import {
  acceptPost,
  answeringTransportFailure,
  forbidden,
  mailIfAllowed,
  notSent,
  type BaseDeps,
  type ConversationRecord,
  type HandlerRequest,
  type HandlerResponse,
  type MailDeps,
  type MessageRecord,
} from './common.js';

/** What the unread-message mail reads: the conversation and the message. */
export interface UnreadMailDeps extends MailDeps {
  getConversation(id: string): Promise<ConversationRecord | null>;
  getMessage(conversationId: string, messageId: string): Promise<MessageRecord | null>;
}

export interface TrackUnreadDeps extends BaseDeps, UnreadMailDeps {}

/** Per caller: one call follows every message sent, so this only stops a runaway client. */
export const TRACK_UNREAD_CALLER_LIMIT: RateLimit = { limit: 300, windowMs: 10 * 60_000 };
/** Per conversation and recipient: a burst of messages becomes one mail. */
export const TRACK_UNREAD_MAIL_LIMIT: RateLimit = { limit: 1, windowMs: 15 * 60_000 };

const id = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));

/**
 * The body (src/data/ports/api.ts UnreadMessagePing): which message of which conversation, from
 * whom to whom. The sender's name and the recipient's address are read from the documents and
 * the auth service; fields a client still sends are dropped.
 */
export const trackUnreadBody = z.object({
  recipientId: id,
  senderId: id,
  messageId: id,
  conversationId: id,
});

export type TrackUnreadBody = z.infer<typeof trackUnreadBody>;

/**
 * The unread-message mail that `uid` causes. The caller must be the sender of that message in a
 * conversation they take part in, and the recipient its other participant. None once the message
 * has been read; then mailIfAllowed decides, with at most one mail per conversation and recipient
 * every 15 minutes (TRACK_UNREAD_MAIL_LIMIT).
 */
export async function unreadMail(
  deps: UnreadMailDeps,
  uid: string,
  body: TrackUnreadBody,
): Promise<HandlerResponse> {
  if (body.senderId !== uid) return forbidden('senderId must be the caller.');
  if (body.recipientId === uid) return forbidden('The recipient must be another participant.');
  const conversation = await deps.getConversation(body.conversationId);
  if (!conversation || !conversation.participants.includes(uid)) {
    return forbidden('The caller does not take part in this conversation.');
  }
  if (!conversation.participants.includes(body.recipientId)) {
    return forbidden('The recipient does not take part in this conversation.');
  }
  const message = await deps.getMessage(conversation.id, body.messageId);
  if (!message || message.senderId !== uid) {
    return forbidden('The message is not the caller’s in this conversation.');
  }
  if (message.read) return notSent('already_read');

  return mailIfAllowed(
    deps,
    {
      recipientId: body.recipientId,
      kind: 'unreadMessages',
      cause: {
        key: `track-unread:${conversation.id}:${body.recipientId}`,
        limit: TRACK_UNREAD_MAIL_LIMIT,
        reason: 'throttled',
      },
    },
    async () =>
      unreadMessageMail(
        (await deps.getDisplayName(uid))?.trim() ?? '',
        conversation.id,
        deps.appBaseUrl,
      ),
    { type: 'unread_message', uid, recipientId: body.recipientId, conversationId: conversation.id },
  );
}

/** POST /api/track-unread-message: the caller's checks (acceptPost), then unreadMail. */
export async function handleTrackUnreadMessage(
  req: HandlerRequest,
  deps: TrackUnreadDeps,
): Promise<HandlerResponse> {
  const accepted = await acceptPost(req, deps, {
    name: 'track-unread',
    limit: TRACK_UNREAD_CALLER_LIMIT,
    schema: trackUnreadBody,
  });
  if ('response' in accepted) return accepted.response;
  return answeringTransportFailure(deps, () => unreadMail(deps, accepted.uid, accepted.body));
}
