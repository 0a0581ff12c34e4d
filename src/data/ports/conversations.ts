import type { Conversation, Message } from '@/domain/entities/conversation';

export interface ConversationsPort {
  /** Live list of my conversations with a message in the last 90 days, newest first. */
  subscribe(
    uid: string,
    onChange: (items: Conversation[]) => void,
    onError: (e: unknown) => void,
  ): () => void;
  getOrCreate(otherUid: string): Promise<Conversation>;
  setArchived(conversationId: string, archived: boolean): Promise<void>;
  /** Live messages of the last 90 days, oldest first. */
  subscribeMessages(
    conversationId: string,
    onChange: (items: Message[]) => void,
    onError: (e: unknown) => void,
  ): () => void;
  send(conversationId: string, content: string): Promise<Message>;
  /** Marks the given messages read and resets my unread count to 0. */
  markRead(conversationId: string, messageIds: string[]): Promise<void>;
}
