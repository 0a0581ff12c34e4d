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
  type Transaction,
} from 'firebase/firestore';
import { CONVERSATIONS_LIVE_LIMIT, MESSAGES_LIVE_LIMIT } from '@/domain/constants';
import {
  conversationSchema,
  type Conversation,
  type Message,
} from '@/domain/entities/conversation';
import { DomainError } from '@/domain/errors';
import {
  decideArchive,
  decideCreateConversation,
  decideMarkRead,
  decideOpenConversation,
  decideSend,
  historyWindowStart,
  isMessageId,
  isSameSend,
  partnerFromConversationId,
  type SendDecision,
} from '@/domain/rules/conversations';
import { isSuspended, type Actor } from '@/domain/rules/standing';
import type { ApiPort } from '@/data/ports/api';
import type { ConversationsPort } from '@/data/ports/conversations';
import { runSideEffect } from '@/lib/side-effects';
import { conversationConverter, messageConverter, parsedDocs } from './converters';
import { currentUid, type FirebaseContext } from './context';

function windowStart(): Timestamp {
  return Timestamp.fromDate(historyWindowStart(new Date()));
}

/**
 * The signed-in user as the domain's write rules see them. The rules read the ID token's
 * email_verified claim, minted before a verification, so a verified user's token is refreshed
 * first when it still says otherwise.
 */
async function currentActor(ctx: FirebaseContext): Promise<Actor | null> {
  await ctx.auth.authStateReady();
  const user = ctx.auth.currentUser;
  if (!user) return null;
  if (user.emailVerified && (await user.getIdTokenResult()).claims.email_verified !== true)
    await user.getIdToken(true);
  const profile = await getDoc(doc(ctx.db, 'users', user.uid));
  return {
    uid: user.uid,
    emailVerified: user.emailVerified,
    suspended: isSuspended(profile.data() as { isActive?: boolean } | undefined),
  };
}

function isPermissionDenied(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === 'permission-denied';
}

export function createConversationsPort(ctx: FirebaseContext, api: ApiPort): ConversationsPort {
  const conversations = collection(ctx.db, 'conversations');
  const conversationRef = (id: string) =>
    doc(ctx.db, 'conversations', id).withConverter(conversationConverter);
  const messagesOf = (id: string) => collection(ctx.db, 'conversations', id, 'messages');

  /**
   * A conversation of `uid`'s, or null. Only an id that is the sorted pair of `uid` and someone
   * else is read: the rules keep every such document's participants equal to its id, and refuse
   * reading anyone else's.
   */
  const readConversation = async (
    id: string,
    uid: string,
    tx?: Transaction,
  ): Promise<Conversation | null> => {
    if (!partnerFromConversationId(id, uid)) return null;
    const snap = tx ? await tx.get(conversationRef(id)) : await getDoc(conversationRef(id));
    return snap.exists() ? snap.data() : null;
  };

  /** Whether the message `id` already holds exactly this send (its first answer was lost). */
  const storedSend = async (conversationId: string, id: string, d: SendDecision) => {
    const snap = await getDoc(doc(messagesOf(conversationId), id).withConverter(messageConverter));
    if (!snap.exists()) return null;
    if (!isSameSend(snap.data(), d)) throw new DomainError('messageIdTaken');
    return snap.data();
  };

  const pingUnread = (d: SendDecision, messageId: string, conversationId: string) =>
    // The recipient's address and the sender's name are read on the server.
    void runSideEffect('conversations.send: unread-message mail', () =>
      api.trackUnreadMessage({
        recipientId: d.recipientId,
        senderId: d.senderId,
        messageId,
        conversationId,
      }),
    );

  const port: ConversationsPort = {
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

    async get(id) {
      const uid = await currentUid(ctx);
      if (!uid) throw new DomainError('authRequired');
      return readConversation(id, uid);
    },

    async getOrCreate(otherUid) {
      const { id, participants } = decideOpenConversation(await currentUid(ctx), otherUid);
      const actor = await currentActor(ctx);
      return runTransaction(ctx.db, async (tx): Promise<Conversation> => {
        const snap = await tx.get(conversationRef(id));
        if (snap.exists()) return snap.data();
        const other = await tx.get(doc(ctx.db, 'users', otherUid));
        const fields = decideCreateConversation(actor, participants, other.exists());
        tx.set(doc(ctx.db, 'conversations', id), {
          ...fields,
          lastMessageTime: serverTimestamp(),
          createdAt: serverTimestamp(),
        });
        const now = new Date();
        return conversationSchema.parse({ id, ...fields, lastMessageTime: now, createdAt: now });
      });
    },

    async setArchived(id, archived) {
      const actor = await currentActor(ctx);
      const uid = decideArchive(actor, actor && (await readConversation(id, actor.uid)));
      await updateDoc(doc(ctx.db, 'conversations', id), {
        [`archived.${uid}`]: archived,
        // Unarchiving clears archivedAt (docs/messages.md).
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

    newMessageId() {
      return doc(conversations).id;
    },

    async send(id, content, messageId = port.newMessageId()) {
      const actor = await currentActor(ctx);
      const conversation = actor && (await readConversation(id, actor.uid));
      const d = decideSend(actor, conversation, content);
      if (!isMessageId(messageId)) throw new DomainError('messageIdTaken');
      const batch = writeBatch(ctx.db);
      batch.set(doc(messagesOf(id), messageId), {
        senderId: d.senderId,
        content: d.content,
        read: false,
        readAt: null,
        sentAt: serverTimestamp(),
      });
      batch.update(doc(ctx.db, 'conversations', id), {
        lastMessage: d.content,
        lastMessageId: messageId,
        lastMessageTime: serverTimestamp(),
        lastSenderId: d.senderId,
        [`unreadCount.${d.recipientId}`]: increment(1),
      });
      try {
        await batch.commit();
      } catch (e) {
        // The rules refuse writing over a stored message: a retry of a send that did land.
        const earlier = isPermissionDenied(e) ? await storedSend(id, messageId, d) : null;
        if (earlier) return earlier;
        throw e;
      }
      pingUnread(d, messageId, id);
      const message: Message = {
        id: messageId,
        senderId: d.senderId,
        content: d.content,
        read: false,
        readAt: null,
        sentAt: new Date(),
      };
      return message;
    },

    async markRead(id, messageIds) {
      const actor = await currentActor(ctx);
      const ids = [...new Set(messageIds)].slice(0, MESSAGES_LIVE_LIMIT);
      await runTransaction(ctx.db, async (tx) => {
        const conversation = actor && (await readConversation(id, actor.uid, tx));
        const messages =
          conversation === null
            ? []
            : (
                await Promise.all(
                  ids.map((mid) =>
                    tx.get(doc(messagesOf(id), mid).withConverter(messageConverter)),
                  ),
                )
              ).flatMap((snap) => (snap.exists() ? [snap.data()] : []));
        const decision = decideMarkRead(actor, conversation, messages);
        for (const mid of decision.messageIds) {
          tx.update(doc(messagesOf(id), mid), { read: true, readAt: serverTimestamp() });
        }
        tx.update(doc(ctx.db, 'conversations', id), { [`unreadCount.${actor!.uid}`]: 0 });
      });
    },
  };
  return port;
}
