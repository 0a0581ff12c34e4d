import {
  Timestamp,
  collection,
  doc,
  getDoc,
  increment,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import {
  CONVERSATIONS_LIVE_LIMIT,
  HISTORY_WINDOW_DAYS,
  MESSAGES_LIVE_LIMIT,
} from '@/domain/constants';
import {
  conversationId,
  conversationSchema,
  type Conversation,
  type Message,
} from '@/domain/entities/conversation';
import { DomainError } from '@/domain/errors';
import type { ApiPort } from '@/data/ports/api';
import type { ConversationsPort } from '@/data/ports/conversations';
import { runSideEffect } from '@/lib/side-effects';
import { conversationConverter, messageConverter, parsedDocs } from './converters';
import { currentUid, type FirebaseContext } from './context';

const BATCH_LIMIT = 500;

/** The start of the SPEC §9 history window (90 days back from now). */
function windowStart(now = Date.now()): Timestamp {
  return Timestamp.fromMillis(now - HISTORY_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}

export function createConversationsPort(ctx: FirebaseContext, api: ApiPort): ConversationsPort {
  const conversations = collection(ctx.db, 'conversations');
  const conversationRef = (id: string) => doc(ctx.db, 'conversations', id);
  const messagesOf = (id: string) => collection(ctx.db, 'conversations', id, 'messages');

  const requireUid = async (key: 'authRequired' | 'authSendMessages'): Promise<string> => {
    const uid = await currentUid(ctx);
    if (!uid) throw new DomainError(key);
    return uid;
  };

  return {
    subscribe(uid, onChange, onError) {
      // The window is fixed when the listener starts; a screen open for weeks keeps a few
      // conversations past 90 days until it is reopened, which is harmless.
      const q = query(
        conversations,
        where('participants', 'array-contains', uid),
        where('lastMessageTime', '>=', windowStart()),
        orderBy('lastMessageTime', 'desc'),
        limit(CONVERSATIONS_LIVE_LIMIT),
      ).withConverter(conversationConverter);
      return onSnapshot(
        q,
        (snap) => onChange(parsedDocs(snap, 'conversations.subscribe')),
        onError,
      );
    },

    async getOrCreate(otherUid) {
      const uid = await requireUid('authRequired');
      const id = conversationId(uid, otherUid);
      const ref = conversationRef(id);
      return runTransaction(ctx.db, async (tx): Promise<Conversation> => {
        const snap = await tx.get(ref.withConverter(conversationConverter));
        if (snap.exists()) return snap.data();
        const participants = [uid, otherUid].sort();
        const zero = Object.fromEntries(participants.map((p) => [p, 0]));
        const notArchived = Object.fromEntries(participants.map((p) => [p, false]));
        const noArchiveTime = Object.fromEntries(participants.map((p) => [p, null]));
        tx.set(ref, {
          participants,
          lastMessage: '',
          lastMessageTime: serverTimestamp(),
          lastSenderId: '',
          createdAt: serverTimestamp(),
          unreadCount: zero,
          archived: notArchived,
          archivedAt: noArchiveTime,
        });
        const now = new Date();
        return conversationSchema.parse({
          id,
          participants,
          lastMessage: '',
          lastMessageTime: now,
          lastSenderId: '',
          createdAt: now,
          unreadCount: zero,
          archived: notArchived,
          archivedAt: noArchiveTime,
        });
      });
    },

    async setArchived(id, archived) {
      const uid = await requireUid('authRequired');
      await updateDoc(conversationRef(id), {
        [`archived.${uid}`]: archived,
        // Unarchiving clears archivedAt (SPEC §4).
        [`archivedAt.${uid}`]: archived ? serverTimestamp() : null,
      });
    },

    subscribeMessages(id, onChange, onError) {
      const q = query(
        messagesOf(id),
        where('sentAt', '>=', windowStart()),
        orderBy('sentAt', 'desc'),
        limit(MESSAGES_LIVE_LIMIT),
      ).withConverter(messageConverter);
      // Read newest first (so the limit keeps the latest), shown oldest first.
      return onSnapshot(
        q,
        (snap) => onChange(parsedDocs(snap, 'conversations.messages').reverse()),
        onError,
      );
    },

    async send(id, content) {
      const uid = await requireUid('authSendMessages');
      const convSnap = await getDoc(conversationRef(id).withConverter(conversationConverter));
      const conversation = convSnap.exists() ? convSnap.data() : null;
      const others = (conversation?.participants ?? id.split('_')).filter((p) => p !== uid);
      const messageRef = doc(messagesOf(id));
      const batch = writeBatch(ctx.db);
      batch.set(messageRef, {
        senderId: uid,
        content,
        read: false,
        readAt: null,
        sentAt: serverTimestamp(),
      });
      const conversationUpdate: Record<string, unknown> = {
        lastMessage: content,
        lastMessageTime: serverTimestamp(),
        lastSenderId: uid,
      };
      for (const other of others) conversationUpdate[`unreadCount.${other}`] = increment(1);
      batch.update(conversationRef(id), conversationUpdate);
      await batch.commit();

      const sender = ctx.auth.currentUser;
      for (const other of others) {
        // The recipient's address is looked up on the server.
        void runSideEffect('conversations.send: unread-message mail', () =>
          api.trackUnreadMessage({
            recipientId: other,
            recipientEmail: '',
            senderId: uid,
            senderName: sender?.displayName ?? '',
            messageId: messageRef.id,
            conversationId: id,
          }),
        );
      }
      const message: Message = {
        id: messageRef.id,
        senderId: uid,
        content,
        read: false,
        readAt: null,
        sentAt: new Date(),
      };
      return message;
    },

    async markRead(id, messageIds) {
      const uid = await requireUid('authRequired');
      const ids = [...new Set(messageIds)];
      // Messages in batches of 499 so the last batch still has room for the unread reset.
      const chunk = BATCH_LIMIT - 1;
      for (let i = 0; i < Math.max(ids.length, 1); i += chunk) {
        const batch = writeBatch(ctx.db);
        for (const mid of ids.slice(i, i + chunk)) {
          batch.update(doc(messagesOf(id), mid), { read: true, readAt: serverTimestamp() });
        }
        if (i + chunk >= ids.length)
          batch.update(conversationRef(id), { [`unreadCount.${uid}`]: 0 });
        await batch.commit();
      }
    },
  };
}
