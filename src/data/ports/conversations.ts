import type { Conversation, Message } from '@/domain/entities/conversation';

/**
 * One-to-one conversations and their messages (docs/messages.md). The statements follow the
 * convention in ./backend.ts. The decisions are the domain's (src/domain/rules/conversations.ts):
 * every write needs a signed-in, active user ('verified' to start a conversation or to send),
 * refused with accountSuspended or emailNotVerified. "Not mine" below means a conversation that
 * is missing or that the caller does not take part in: the writes refuse both alike with
 * conversationNotFound (decided before anything is written); the live reads get
 * 'permission-denied' (Firebase's rules cannot tell the two apart).
 */
export interface ConversationsPort {
  /**
   * Live list of the user's conversations whose last message is within HISTORY_WINDOW_DAYS,
   * archived ones included (the screen splits them). Order: newest last message first.
   * Cap: CONVERSATIONS_LIVE_LIMIT. Fails: onError; 'permission-denied' for anyone's list but the
   * caller's own. Caller: the signed-in user, for themself. Unsubscribe before the user changes.
   */
  subscribe(
    uid: string,
    onChange: (items: Conversation[]) => void,
    onError: (e: unknown) => void,
  ): () => void;
  /**
   * One conversation by id, whatever the age of its last message. Missing: null, and so is an id
   * that is not the sorted pair of the caller and someone else (nothing is read then).
   * Fails: throws; signed out: authRequired. Caller: a signed-in user.
   */
  get(conversationId: string): Promise<Conversation | null>;
  /**
   * The conversation with the other user (id: the sorted pair). Missing: created with the
   * participants, an empty last message, both unread counts 0, nobody archived and the times;
   * creating needs a verified, active caller and an existing other user (recipientNotFound).
   * Fails: throws; signed out: authRequired; the caller themself: cannotMessageSelf.
   * Caller: a signed-in user.
   */
  getOrCreate(otherUid: string): Promise<Conversation>;
  /**
   * Archives (archivedAt: now) or unarchives (archivedAt: null) for the caller only.
   * Fails: throws; signed out: authRequired; not mine: conversationNotFound. Caller: an active
   * participant.
   */
  setArchived(conversationId: string, archived: boolean): Promise<void>;
  /**
   * Live messages sent within HISTORY_WINDOW_DAYS. Order: oldest first. Cap:
   * MESSAGES_LIVE_LIMIT, the newest ones. Fails: onError; not mine: 'permission-denied'.
   * Caller: a participant.
   */
  subscribeMessages(
    conversationId: string,
    onChange: (items: Message[]) => void,
    onError: (e: unknown) => void,
  ): () => void;
  /** A fresh message id for send(), chosen before the first attempt. */
  newMessageId(): string;
  /**
   * Sends `content` as the caller, stored trimmed. One write stores the message, makes it the
   * conversation's last message and raises the other participant's unread count by one; then
   * the unread-message mail goes out in the background (runSideEffect). With `messageId`
   * (newMessageId), a retry of a send that did land returns the stored message and writes and
   * mails nothing more. Fails: throws; signed out: authSendMessages; not mine:
   * conversationNotFound; messageEmpty, messageTooLong; an id used for another message:
   * messageIdTaken; 'unavailable' offline (nothing stored). Caller: a verified, active
   * participant.
   */
  send(conversationId: string, content: string, messageId?: string): Promise<Message>;
  /**
   * Marks read (readAt: now) those of `messageIds` that were sent to the caller and are unread,
   * and resets the caller's unread count to 0, in one write. The caller's own messages and
   * unknown ids are left alone. Cap: the first MESSAGES_LIVE_LIMIT ids. Fails: throws; signed
   * out: authRequired; not mine: conversationNotFound. Caller: an active participant.
   */
  markRead(conversationId: string, messageIds: string[]): Promise<void>;
}
