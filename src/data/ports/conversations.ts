import type { Conversation, Message } from '@/domain/entities/conversation';

/**
 * One-to-one messaging (docs/messages.md). Decisions are the domain's
 * (src/domain/rules/conversations.ts); both backends apply them and firestore.rules restates
 * them. Every write needs a signed-in, active user ('verified' to start a conversation or send);
 * a refusal is thrown as a DomainError with the catalogue message. Reads and live lists throw
 * (or call onError) on a refusal or network failure; nothing is swallowed.
 */
export interface ConversationsPort {
  /**
   * Live list of the conversations of `uid` (the signed-in user only; anyone else is refused
   * through onError) whose last message is within the history window (90 days), newest first,
   * at most CONVERSATIONS_LIVE_LIMIT. Archived ones are included (the screen splits them).
   * Returns the unsubscribe function.
   */
  subscribe(
    uid: string,
    onChange: (items: Conversation[]) => void,
    onError: (e: unknown) => void,
  ): () => void;

  /**
   * One conversation of the signed-in user by id, or null when it does not exist or the id is
   * not the sorted pair of the signed-in user and someone else (nothing is read then). Not
   * limited to the history window. Signed out: throws authRequired.
   */
  get(conversationId: string): Promise<Conversation | null>;

  /**
   * The conversation with `otherUid`, keyed by the sorted pair; created when missing with
   * participants, an empty lastMessage, both unread counts 0 and the times (creation needs a
   * verified, active user and an existing other user: recipientNotFound otherwise). Messaging
   * myself throws cannotMessageSelf; signed out, authRequired.
   */
  getOrCreate(otherUid: string): Promise<Conversation>;

  /**
   * Archives (archivedAt = now) or unarchives (archivedAt = null) for the signed-in user only.
   * A missing conversation or one I am not part of throws conversationNotFound.
   */
  setArchived(conversationId: string, archived: boolean): Promise<void>;

  /**
   * Live messages of a conversation of mine sent within the history window, oldest first: the
   * newest MESSAGES_LIVE_LIMIT of them. A conversation I may not read calls onError.
   */
  subscribeMessages(
    conversationId: string,
    onChange: (items: Message[]) => void,
    onError: (e: unknown) => void,
  ): () => void;

  /** A fresh id for send(), so a retried send cannot store the message twice. */
  newMessageId(): string;

  /**
   * Sends `content` (normalized: trimmed, non-empty, at most MESSAGE_MAX_LENGTH) as the
   * signed-in user. One write stores the message, makes it the conversation's lastMessage and
   * raises the other participant's unread count by one. With `messageId` (from newMessageId),
   * a retry of a send that did land returns the stored message instead of sending it again.
   * Afterwards it calls api.trackUnreadMessage for the recipient, fire-and-forget (a failure is
   * logged, never thrown). Throws: authSendMessages signed out, accountSuspended,
   * emailNotVerified, conversationNotFound, messageEmpty, messageTooLong, messageIdTaken, or the
   * backend's network error (nothing stored then).
   */
  send(conversationId: string, content: string, messageId?: string): Promise<Message>;

  /**
   * Marks read (readAt = now) those of `messageIds` that were sent to me and are unread, and
   * resets my unread count to 0, in one write. My own messages and unknown ids are left alone;
   * ids past the first MESSAGES_LIVE_LIMIT are ignored. Throws authRequired signed out, accountSuspended,
   * conversationNotFound.
   */
  markRead(conversationId: string, messageIds: string[]): Promise<void>;
}
