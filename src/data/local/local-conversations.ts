import Dexie from 'dexie';
import type { ApiPort } from '@/data/ports/api';
import type { ConversationsPort } from '@/data/ports/conversations';
import {
  CONVERSATIONS_LIVE_LIMIT,
  HISTORY_WINDOW_DAYS,
  MESSAGES_LIVE_LIMIT,
} from '@/domain/constants';
import {
  conversationId as makeConversationId,
  conversationSchema,
  messageSchema,
  type Conversation,
  type Message,
} from '@/domain/entities/conversation';
import { userProfileSchema } from '@/domain/entities/user';
import { BackendError, DomainError } from '@/domain/errors';
import { runSideEffect } from '@/lib/side-effects';
import { currentDisplayName, currentUid, type LocalContext } from './context';
import { addDays } from './day';
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
        if (!uid || uid !== currentUid(this.ctx)) throw new BackendError('permission-denied');
        const since = this.windowStart();
        const rows = await db.conversations.where('participants').equals(uid).distinct().toArray();
        return parseRows(conversationSchema, rows, 'conversations.subscribe')
          .filter((c) => c.lastMessageTime !== null && c.lastMessageTime >= since)
          .sort((a, b) => b.lastMessageTime!.getTime() - a.lastMessageTime!.getTime())
          .slice(0, CONVERSATIONS_LIVE_LIMIT);
      },
      onChange,
      onError,
    );
  }

  async getOrCreate(otherUid: string): Promise<Conversation> {
    const uid = currentUid(this.ctx);
    if (!uid) throw new DomainError('authRequired');
    const { db } = this.ctx;
    const id = makeConversationId(uid, otherUid);
    return db.transaction('rw', db.conversations, async () => {
      const existing = await db.conversations.get(id);
      const now = this.ctx.now();
      const defaults: Omit<ConversationRow, 'id'> = {
        participants: [uid, otherUid].sort(),
        lastMessage: '',
        lastMessageTime: now,
        createdAt: now,
      };
      // Only the missing fields are set (a merge): an existing conversation keeps its last
      // message and times.
      const missing = Object.keys(defaults).filter((k) => existing?.[k] == null);
      if (missing.length === 0) return parseRow(conversationSchema, existing);
      const row: ConversationRow = {
        ...defaults,
        ...definedFields(existing),
        id,
      } as ConversationRow;
      await db.conversations.put(row);
      return parseRow(conversationSchema, row);
    });
  }

  async setArchived(conversationId: string, archived: boolean): Promise<void> {
    const uid = currentUid(this.ctx);
    if (!uid) throw new DomainError('authRequired');
    const { db } = this.ctx;
    await db.transaction('rw', db.conversations, async () => {
      const row = await this.readMine(conversationId, uid);
      await db.conversations.update(conversationId, {
        archived: { ...asRecord(row.archived), [uid]: archived },
        // Unarchiving clears the time rather than deleting the key, as SPEC §4 says.
        archivedAt: { ...asRecord(row.archivedAt), [uid]: archived ? this.ctx.now() : null },
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
        await this.readMine(conversationId, currentUid(this.ctx));
        // Newest first so the cap keeps the latest, shown oldest first.
        const rows = await db.messages
          .where('[conversationId+sentAt]')
          .between([conversationId, this.windowStart()], [conversationId, Dexie.maxKey], true, true)
          .reverse()
          .limit(MESSAGES_LIVE_LIMIT)
          .toArray();
        return parseRows(messageSchema, rows.reverse(), 'conversations.subscribeMessages');
      },
      onChange,
      onError,
    );
  }

  async send(conversationId: string, content: string): Promise<Message> {
    const uid = currentUid(this.ctx);
    if (!uid) throw new DomainError('authSendMessages');
    const { db } = this.ctx;
    const sender = await currentDisplayName(this.ctx);
    const { message, recipientId } = await db.transaction(
      'rw',
      db.conversations,
      db.messages,
      async () => {
        const row = await this.readMine(conversationId, uid);
        const conversation = parseRow(conversationSchema, row);
        const recipientId = conversation.participants.find((p) => p !== uid) ?? '';
        let sentAt = this.ctx.now();
        // Two messages sent within one millisecond would tie in the sentAt index and could swap
        // places; nudging keeps the conversation's order exactly the order of sending.
        const last = conversation.lastMessageTime;
        if (last && sentAt.getTime() <= last.getTime()) sentAt = new Date(last.getTime() + 1);
        const messageRow: MessageRow = {
          id: newId(),
          conversationId,
          senderId: uid,
          content,
          read: false,
          readAt: null,
          sentAt,
        };
        await db.messages.add(messageRow);
        const unread = asRecord(row.unreadCount);
        await db.conversations.update(conversationId, {
          lastMessage: content,
          lastMessageTime: sentAt,
          lastSenderId: uid,
          unreadCount: recipientId
            ? { ...unread, [recipientId]: (conversation.unreadCount[recipientId] ?? 0) + 1 }
            : unread,
        });
        return { message: parseRow(messageSchema, messageRow), recipientId };
      },
    );
    if (recipientId) {
      void runSideEffect('conversations.send: unread-message mail', async () => {
        const recipient = await this.ctx.db.users.get(recipientId);
        await this.api.trackUnreadMessage({
          recipientId,
          recipientEmail: recipient ? parseRow(userProfileSchema, recipient).email : '',
          senderId: uid,
          senderName: sender.name,
          messageId: message.id,
          conversationId,
        });
      });
    }
    return message;
  }

  async markRead(conversationId: string, messageIds: string[]): Promise<void> {
    const uid = currentUid(this.ctx);
    if (!uid) throw new DomainError('authRequired');
    const { db } = this.ctx;
    await db.transaction('rw', db.conversations, db.messages, async () => {
      const row = await this.readMine(conversationId, uid);
      const now = this.ctx.now();
      const rows = await db.messages.bulkGet(messageIds);
      for (const m of rows) {
        if (m && m.conversationId === conversationId && m.read !== true) {
          await db.messages.update(m.id, { read: true, readAt: now });
        }
      }
      await db.conversations.update(conversationId, {
        unreadCount: { ...asRecord(row.unreadCount), [uid]: 0 },
      });
    });
  }

  /** A missing conversation is refused like someone else's (Firebase's rules see no participants). */
  private async readMine(id: string, uid: string | null): Promise<ConversationRow> {
    const row = await this.ctx.db.conversations.get(id);
    if (!row || !uid || !row.participants.includes(uid)) {
      throw new BackendError('permission-denied');
    }
    return row;
  }

  private windowStart(): Date {
    return addDays(this.ctx.now(), -HISTORY_WINDOW_DAYS);
  }
}

function definedFields(row: ConversationRow | undefined): Partial<ConversationRow> {
  return Object.fromEntries(Object.entries(row ?? {}).filter(([, v]) => v != null));
}

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
