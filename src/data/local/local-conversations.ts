import Dexie from 'dexie';
import type { ApiPort } from '@/data/ports/api';
import type { ConversationsPort } from '@/data/ports/conversations';
import { CONVERSATIONS_LIVE_LIMIT, MESSAGES_LIVE_LIMIT } from '@/domain/constants';
import {
  conversationSchema,
  messageSchema,
  type Conversation,
  type Message,
} from '@/domain/entities/conversation';
import { BackendError, DomainError } from '@/domain/errors';
import {
  decideArchive,
  decideCreateConversation,
  decideMarkRead,
  decideOpenConversation,
  decideSend,
  historyWindowStart,
  isMessageId,
  isParticipant,
  isSameSend,
  partnerFromConversationId,
} from '@/domain/rules/conversations';
import { isSuspended, type Actor } from '@/domain/rules/standing';
import { runSideEffect } from '@/lib/side-effects';
import { currentUid, type LocalContext } from './context';
import type { ConversationRow, MessageRow } from './db';
import { newId } from './ids';
import { subscribeLive } from './live-query';
import { parseRow, parseRows } from './rows';

export class LocalConversations implements ConversationsPort {
  private readonly ctx: LocalContext;
  /** Held as the object, not its methods, so a test can replace a method with a spy. */
  private readonly api: ApiPort;

  constructor(ctx: LocalContext, api: ApiPort) {
    this.ctx = ctx;
    this.api = api;
  }

  subscribe(
    uid: string,
    onChange: (items: Conversation[]) => void,
    onError: (e: unknown) => void,
  ): () => void {
    const { db } = this.ctx;
    return subscribeLive(
      async () => {
        if (!uid || currentUid(this.ctx) !== uid) throw new BackendError('permission-denied');
        const since = historyWindowStart(this.ctx.now());
        // A user is participants[0] of some conversations and [1] of the others: the newest of
        // each side, merged.
        const newest = (index: '[p0+lastMessageTime]' | '[p1+lastMessageTime]') =>
          db.conversations
            .where(index)
            .between([uid, since], [uid, Dexie.maxKey], true, true)
            .reverse()
            .limit(CONVERSATIONS_LIVE_LIMIT)
            .toArray();
        const rows = [
          ...(await newest('[p0+lastMessageTime]')),
          ...(await newest('[p1+lastMessageTime]')),
        ];
        return parseRows(conversationSchema, rows, 'conversations.subscribe')
          .sort((a, b) => b.lastMessageTime!.getTime() - a.lastMessageTime!.getTime())
          .slice(0, CONVERSATIONS_LIVE_LIMIT);
      },
      onChange,
      onError,
    );
  }

  async get(conversationId: string): Promise<Conversation | null> {
    const uid = currentUid(this.ctx);
    if (!uid) throw new DomainError('authRequired');
    if (!partnerFromConversationId(conversationId, uid)) return null;
    const row = await this.ctx.db.conversations.get(conversationId);
    const conversation = row ? parseRow(conversationSchema, row) : null;
    return conversation && isParticipant(conversation, uid) ? conversation : null;
  }

  async getOrCreate(otherUid: string): Promise<Conversation> {
    const { id, participants } = decideOpenConversation(currentUid(this.ctx), otherUid);
    const { db } = this.ctx;
    return db.transaction('rw', db.conversations, db.users, async () => {
      const existing = await db.conversations.get(id);
      if (existing) return parseRow(conversationSchema, existing);
      const fields = decideCreateConversation(
        await this.actor(),
        participants,
        (await db.users.get(otherUid)) !== undefined,
      );
      const now = this.ctx.now();
      const row: ConversationRow = { id, ...fields, lastMessageTime: now, createdAt: now };
      await db.conversations.add(row);
      return parseRow(conversationSchema, row);
    });
  }

  async setArchived(conversationId: string, archived: boolean): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', db.conversations, db.users, async () => {
      const row = await db.conversations.get(conversationId);
      const uid = decideArchive(await this.actor(), this.parse(row));
      await db.conversations.update(conversationId, {
        archived: { ...asRecord(row!.archived), [uid]: archived },
        // Unarchiving clears the time rather than deleting the key (docs/messages.md).
        archivedAt: { ...asRecord(row!.archivedAt), [uid]: archived ? this.ctx.now() : null },
      });
    });
  }

  subscribeMessages(
    conversationId: string,
    onChange: (items: Message[]) => void,
    onError: (e: unknown) => void,
  ): () => void {
    const { db } = this.ctx;
    return subscribeLive(
      async () => {
        const uid = currentUid(this.ctx);
        const conversation = this.parse(await db.conversations.get(conversationId));
        if (!uid || !conversation || !isParticipant(conversation, uid))
          throw new BackendError('permission-denied');
        const since = historyWindowStart(this.ctx.now());
        const rows = await db.messages
          .where('[conversationId+sentAt]')
          .between([conversationId, since], [conversationId, Dexie.maxKey], true, true)
          .reverse()
          .limit(MESSAGES_LIVE_LIMIT)
          .toArray();
        return parseRows(messageSchema, rows.reverse(), 'conversations.subscribeMessages');
      },
      onChange,
      onError,
    );
  }

  newMessageId(): string {
    return newId();
  }

  async send(conversationId: string, content: string, messageId = newId()): Promise<Message> {
    const { db } = this.ctx;
    const { message, recipientId } = await db.transaction(
      'rw',
      db.conversations,
      db.messages,
      db.users,
      async () => {
        const row = await db.conversations.get(conversationId);
        const conversation = this.parse(row);
        const d = decideSend(await this.actor(), conversation, content);
        if (!isMessageId(messageId)) throw new DomainError('messageIdTaken');
        const stored = await db.messages.get(messageId);
        if (stored) {
          const earlier = parseRow(messageSchema, stored);
          // The same send again (its first answer was lost): nothing more is stored or mailed.
          if (stored.conversationId === conversationId && isSameSend(earlier, d))
            return { message: earlier, recipientId: null };
          throw new DomainError('messageIdTaken');
        }
        let sentAt = this.ctx.now();
        // Two messages sent within one millisecond would tie in the sentAt index and could swap
        // places; nudging keeps the conversation's order exactly the order of sending.
        const last = conversation!.lastMessageTime;
        if (last && sentAt.getTime() <= last.getTime()) sentAt = new Date(last.getTime() + 1);
        const messageRow: MessageRow = {
          id: messageId,
          conversationId,
          senderId: d.senderId,
          content: d.content,
          read: false,
          readAt: null,
          sentAt,
        };
        await db.messages.add(messageRow);
        await db.conversations.update(conversationId, {
          lastMessage: d.content,
          lastMessageId: messageId,
          lastMessageTime: sentAt,
          lastSenderId: d.senderId,
          unreadCount: { ...asRecord(row!.unreadCount), [d.recipientId]: d.recipientUnread },
        });
        return { message: parseRow(messageSchema, messageRow), recipientId: d.recipientId };
      },
    );
    if (recipientId) {
      void runSideEffect('conversations.send: unread-message mail', () =>
        this.api.trackUnreadMessage({
          recipientId,
          senderId: message.senderId,
          messageId: message.id,
          conversationId,
        }),
      );
    }
    return message;
  }

  async markRead(conversationId: string, messageIds: string[]): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', db.conversations, db.messages, db.users, async () => {
      const conversation = this.parse(await db.conversations.get(conversationId));
      const rows = await db.messages.bulkGet(messageIds.slice(0, MESSAGES_LIVE_LIMIT));
      const messages = parseRows(
        messageSchema,
        rows.filter((m): m is MessageRow => m?.conversationId === conversationId),
        'conversations.markRead',
      );
      const actor = await this.actor();
      const decision = decideMarkRead(actor, conversation, messages);
      const now = this.ctx.now();
      for (const id of decision.messageIds) {
        await db.messages.update(id, { read: true, readAt: now });
      }
      const row = await db.conversations.get(conversationId);
      await db.conversations.update(conversationId, {
        unreadCount: { ...asRecord(row!.unreadCount), [actor!.uid]: 0 },
      });
    });
  }

  /** The signed-in user as the domain's write rules see them (standing.ts). */
  private async actor(): Promise<Actor | null> {
    const user = this.ctx.currentUser();
    if (!user) return null;
    const profile = await this.ctx.db.users.get(user.uid);
    return {
      uid: user.uid,
      emailVerified: user.emailVerified,
      suspended: isSuspended(profile as { isActive?: boolean } | undefined),
    };
  }

  private parse(row: ConversationRow | undefined): Conversation | null {
    return row ? parseRow(conversationSchema, row) : null;
  }
}

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
