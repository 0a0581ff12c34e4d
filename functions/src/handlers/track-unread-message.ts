import { z } from 'zod';
import { unreadMessageMail } from '../mail/templates.js';
import {
  acceptPost,
  mailRecipient,
  forbidden,
  notSent,
  type BaseDeps,
  type ConversationRecord,
  type HandlerRequest,
  type HandlerResponse,
  type MessageRecord,
  type RateLimit,
} from './common.js';

export interface TrackUnreadDeps extends BaseDeps {
  getConversation(id: string): Promise<ConversationRecord | null>;
  getMessage(conversationId: string, messageId: string): Promise<MessageRecord | null>;
}

/** Per caller: one call follows every message sent, so this only stops a runaway client. */
export const TRACK_UNREAD_CALLER_LIMIT: RateLimit = { limit: 300, windowMs: 10 * 60_000 };
/** Per conversation and recipient: a burst of messages becomes one mail. */
export const TRACK_UNREAD_MAIL_LIMIT: RateLimit = { limit: 1, windowMs: 15 * 60_000 };

const id = z.string().trim().min(1).max(128);

/**
 * SPEC §7 payload. recipientEmail and senderName are accepted and ignored: the mail goes to the
 * verified address the Auth service holds for recipientId, the name is the sender's public one.
 */
export const trackUnreadBody = z.object({
  recipientId: id,
  senderId: id,
  messageId: id,
  conversationId: id,
  recipientEmail: z.string().max(500).optional(),
  senderName: z.string().max(500).optional(),
});

export type TrackUnreadBody = z.infer<typeof trackUnreadBody>;

/**
 * POST /api/track-unread-message. The caller must be the sender of that message in a
 * conversation they take part in, and the recipient its other participant. At most one mail per
 * conversation and recipient every 15 minutes; none once the message has been read.
 */
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
  const { uid, body } = accepted;

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

  const context = {
    type: 'unread_message',
    uid,
    recipientId: body.recipientId,
    conversationId: conversation.id,
  };

  if (message.read) return notSent('already_read');
  const settings = await deps.getEmailSettings(body.recipientId);
  if (!settings.unreadMessages) {
    deps.log.info('mail skipped: recipient opted out', context);
    return notSent('opted_out');
  }
  const quota = await deps.throttle(
    `track-unread:${conversation.id}:${body.recipientId}`,
    TRACK_UNREAD_MAIL_LIMIT,
  );
  if (!quota.allowed) return notSent('throttled');

  return mailRecipient(
    deps,
    body.recipientId,
    async () =>
      unreadMessageMail(
        (await deps.getDisplayName(uid))?.trim() ?? '',
        conversation.id,
        deps.appBaseUrl,
      ),
    context,
  );
}
