import { HISTORY_WINDOW_DAYS, MESSAGE_MAX_LENGTH } from '@/domain/constants';
import {
  conversationId,
  partnerOf,
  unreadFor,
  type Conversation,
  type Message,
} from '@/domain/entities/conversation';
import { DomainError } from '@/domain/errors';
import { assertMayWrite, type Actor } from './standing';

/**
 * One-to-one messaging as both backends apply it (docs/messages.md). firestore.rules restates
 * the same decisions for clients that skip the app.
 */

/** The start of the history window: conversations and messages older than this are not shown. */
export function historyWindowStart(now: Date): Date {
  return new Date(now.getTime() - HISTORY_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * Characters as firestore.rules and a textarea's maxLength count them: UTF-16 units, so an emoji
 * outside the basic plane counts twice (Japanese text counts once a character).
 */
export function messageLength(content: string): number {
  return content.length;
}

/**
 * The content a message is stored with: the typed text without leading and trailing blank
 * space. Refuses nothing-but-space and text over MESSAGE_MAX_LENGTH.
 */
export function normalizeMessageContent(raw: string): string {
  const content = raw.trim();
  if (content === '') throw new DomainError('messageEmpty');
  if (messageLength(content) > MESSAGE_MAX_LENGTH) throw new DomainError('messageTooLong');
  return content;
}

/** Message ids are shaped like Firestore auto ids, so a client-chosen id cannot name a path. */
export function isMessageId(id: string): boolean {
  return /^[A-Za-z0-9]{20}$/.test(id);
}

/**
 * The other participant named by a conversation id, when the id is the sorted pair of `me` and
 * someone else; null for any other id (malformed, someone else's, or me with myself).
 */
export function partnerFromConversationId(id: string, me: string): string | null {
  const candidates: string[] = [];
  if (id.startsWith(`${me}_`)) candidates.push(id.slice(me.length + 1));
  if (id.endsWith(`_${me}`)) candidates.push(id.slice(0, id.length - me.length - 1));
  return (
    candidates.find((other) => other !== '' && other !== me && conversationId(me, other) === id) ??
    null
  );
}

export function isParticipant(conversation: Conversation, uid: string): boolean {
  return conversation.participants.length === 2 && conversation.participants.includes(uid);
}

/** What a new conversation holds besides its two times: nothing said yet, nothing unread. */
export interface NewConversationFields {
  participants: [string, string];
  lastMessage: '';
  lastMessageId: '';
  lastSenderId: '';
  unreadCount: Record<string, 0>;
  archived: Record<string, false>;
  archivedAt: Record<string, null>;
}

/**
 * Starting (or finding) the conversation with `otherUid`: the id is the sorted pair, and nobody
 * messages themself. Whether the conversation may be created is decideCreateConversation's.
 */
export function decideOpenConversation(
  uid: string | null,
  otherUid: string,
): { id: string; participants: [string, string] } {
  if (!uid) throw new DomainError('authRequired');
  if (otherUid === uid) throw new DomainError('cannotMessageSelf');
  if (!otherUid) throw new DomainError('recipientNotFound');
  const [a, b] = [uid, otherUid].sort() as [string, string];
  return { id: conversationId(a, b), participants: [a, b] };
}

/** Creating a missing conversation: a verified, active user, with someone who exists. */
export function decideCreateConversation(
  actor: Actor | null,
  participants: [string, string],
  recipientExists: boolean,
): NewConversationFields {
  assertMayWrite(actor, 'verified', 'authRequired');
  if (!recipientExists) throw new DomainError('recipientNotFound');
  const [a, b] = participants;
  return {
    participants,
    lastMessage: '',
    lastMessageId: '',
    lastSenderId: '',
    unreadCount: { [a]: 0, [b]: 0 },
    archived: { [a]: false, [b]: false },
    archivedAt: { [a]: null, [b]: null },
  };
}

function participantOrNotFound(actor: Actor, conversation: Conversation | null): Conversation {
  if (
    !conversation ||
    !isParticipant(conversation, actor.uid) ||
    !partnerOf(conversation, actor.uid)
  )
    throw new DomainError('conversationNotFound');
  return conversation;
}

export interface SendDecision {
  senderId: string;
  recipientId: string;
  /** The stored text (normalizeMessageContent), also the conversation's new lastMessage. */
  content: string;
  /** The recipient's unread count after this message: one more than before, never any other. */
  recipientUnread: number;
}

/**
 * Sending: a verified, active participant, with content that normalizes. The same write stores
 * the message, makes it the conversation's last message and raises the recipient's unread count
 * by exactly one.
 */
export function decideSend(
  actor: Actor | null,
  conversation: Conversation | null,
  rawContent: string,
): SendDecision {
  const sender = assertMayWrite(actor, 'verified', 'authSendMessages');
  const c = participantOrNotFound(sender, conversation);
  const recipientId = partnerOf(c, sender.uid);
  return {
    senderId: sender.uid,
    recipientId,
    content: normalizeMessageContent(rawContent),
    recipientUnread: unreadFor(c, recipientId) + 1,
  };
}

/**
 * Whether an existing message with the id a send asked for is that same send arriving twice
 * (a retry after the first attempt's answer was lost): the same sender and the same content.
 */
export function isSameSend(existing: Pick<Message, 'senderId' | 'content'>, d: SendDecision) {
  return existing.senderId === d.senderId && existing.content === d.content;
}

/**
 * Marking read: only the messages sent to me that are still unread change (a sender never marks
 * their own message read); my unread count goes back to 0 in the same write.
 */
export function decideMarkRead(
  actor: Actor | null,
  conversation: Conversation | null,
  messages: readonly Pick<Message, 'id' | 'senderId' | 'read'>[],
): { messageIds: string[] } {
  const reader = assertMayWrite(actor, 'active', 'authRequired');
  participantOrNotFound(reader, conversation);
  return {
    messageIds: messages.filter((m) => m.senderId !== reader.uid && !m.read).map((m) => m.id),
  };
}

/** Archiving or unarchiving, for myself only: an active participant. */
export function decideArchive(actor: Actor | null, conversation: Conversation | null): string {
  const who = assertMayWrite(actor, 'active', 'authRequired');
  participantOrNotFound(who, conversation);
  return who.uid;
}
