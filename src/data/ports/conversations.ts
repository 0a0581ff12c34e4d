import type { Conversation, Message } from '@/domain/entities/conversation';

/**
 * One-to-one conversations and their messages. The statements follow the convention in
 * ./backend.ts. "Not mine" below means a conversation that is missing or that the caller does not
 * take part in: both read as 'permission-denied' (Firebase's rules cannot tell them apart).
 */
export interface ConversationsPort {
  /**
   * Live list of the user's conversations with a message in the last HISTORY_WINDOW_DAYS.
   * Order: newest last message first. Cap: CONVERSATIONS_LIVE_LIMIT.
   * Fails: onError; 'permission-denied' for anyone's list but the caller's own.
   * Caller: the signed-in user, for themself. Unsubscribe before the user changes.
   */
  subscribe(
    uid: string,
    onChange: (items: Conversation[]) => void,
    onError: (e: unknown) => void,
  ): () => void;
  /**
   * The conversation with the other user (id: the sorted pair), created with empty last message
   * and times when missing. Fails: throws; signed out: authRequired. Caller: a signed-in user.
   */
  getOrCreate(otherUid: string): Promise<Conversation>;
  /**
   * Archives or unarchives it for the caller only; unarchiving clears archivedAt.
   * Fails: throws; signed out: authRequired; not mine: 'permission-denied'.
   * Caller: a participant.
   */
  setArchived(conversationId: string, archived: boolean): Promise<void>;
  /**
   * Live messages of the last HISTORY_WINDOW_DAYS. Order: oldest first.
   * Cap: MESSAGES_LIVE_LIMIT, the newest ones. Fails: onError; not mine: 'permission-denied'.
   * Caller: a participant.
   */
  subscribeMessages(
    conversationId: string,
    onChange: (items: Message[]) => void,
    onError: (e: unknown) => void,
  ): () => void;
  /**
   * Adds the message, sets the last message and raises the other participant's unread count;
   * then the unread-message mail goes out in the background (runSideEffect).
   * Fails: throws; signed out: authSendMessages; not mine: 'permission-denied'.
   * Caller: a participant.
   */
  send(conversationId: string, content: string): Promise<Message>;
  /**
   * Marks the given messages read and resets the caller's unread count to 0.
   * Fails: throws; signed out: authRequired; not mine: 'permission-denied'.
   * Caller: a participant.
   */
  markRead(conversationId: string, messageIds: string[]): Promise<void>;
}
