import type { ApiPort } from '@/data/ports/api';
import { fieldOp } from '@/data/storage/storage';
import { CONVERSATIONS_LIVE_LIMIT, MESSAGES_LIVE_LIMIT } from '@/domain/constants';
import {
  conversationSchema,
  messageSchema,
  type Conversation,
  type Message,
} from '@/domain/entities/conversation';
import { DomainError, failureCode } from '@/domain/errors';
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
import { runSideEffect } from '@/lib/side-effects';
import {
  listenAfter,
  onOwnQuery,
  parseDoc,
  parseDocs,
  readActor,
  readUnlessRefused,
  refused,
  type UseCaseContext,
} from './context';

const CONVERSATIONS = 'conversations';
const conversationPath = (id: string) => `${CONVERSATIONS}/${id}`;
const messagesOf = (id: string) => `${CONVERSATIONS}/${id}/messages`;

/**
 * One-to-one conversations and their messages (docs/messages.md), written once for both
 * backends. The decisions are the domain's (src/domain/rules/conversations.ts): every write needs
 * a signed-in, active user ('verified' to start a conversation or to send). "Not mine" below
 * means a conversation that is missing or that the caller does not take part in: the writes
 * refuse both alike with conversationNotFound (decided before anything is written); the live
 * reads get 'permission-denied' (Firebase's rules cannot tell the two apart). Each method's statements (Missing, Fails, Order / cap, Caller) follow the convention in
 * src/data/ports/backend.ts.
 *
 * Both participants write the one conversation document at the same moments (a send, a read, an
 * archive), so no write here reads it and writes it back, and none is a transaction: each
 * participant's own fields are written by field path (`unreadCount.<uid>`, `archived.<uid>`),
 * the partner's count rises with `increment`, and the store applies them to whatever the document
 * holds at commit. A transaction writing it while the partner does is aborted for contention and
 * retried, and the browser logs the refused commit; a batch is not. firestore.rules check the
 * same decisions on the shapes written here.
 */
export function conversationsUseCases(ctx: UseCaseContext, api: ApiPort) {
  const { storage } = ctx;

  /**
   * A conversation of `uid`'s, or null. Only an id that is the sorted pair of `uid` and someone
   * else is read: the rules keep every such document's participants equal to its id.
   */
  const readConversation = async (id: string, uid: string): Promise<Conversation | null> => {
    if (!partnerFromConversationId(id, uid)) return null;
    const c = parseDoc(
      conversationSchema,
      await readUnlessRefused(() => storage.get(conversationPath(id))),
    );
    return c && isParticipant(c, uid) ? c : null;
  };

  /** The signed-in user with their standing and the conversation `id` if it is theirs. */
  const readForWrite = async (id: string) => {
    const actor = await readActor(storage, await ctx.session());
    return { actor, conversation: actor && (await readConversation(id, actor.uid)) };
  };

  /** markRead calls of this client, one at a time per conversation (see markRead). */
  const reading = new Map<string, Promise<unknown>>();

  return {
    /**
     * Live list of the user's conversations whose last message is within HISTORY_WINDOW_DAYS,
     * archived ones included (the screen splits them). Order: newest last message first. Cap:
     * CONVERSATIONS_LIVE_LIMIT. Fails: onError; 'permission-denied' for anyone's list but the
     * caller's own. Caller: the signed-in user, for themself. Unsubscribe before the user changes.
     */
    subscribe(
      uid: string,
      onChange: (items: Conversation[]) => void,
      onError: (e: unknown) => void,
    ): () => void {
      return onOwnQuery(
        ctx,
        uid,
        // The window is fixed when the listener starts; a screen open for weeks keeps a few
        // conversations past it until it is reopened, which is harmless.
        () => ({
          collection: CONVERSATIONS,
          where: [
            { field: 'participants', op: 'array-contains', value: uid },
            { field: 'lastMessageTime', op: '>=', value: historyWindowStart(ctx.now()) },
          ],
          orderBy: [{ field: 'lastMessageTime', direction: 'desc' }],
          limit: CONVERSATIONS_LIVE_LIMIT,
        }),
        (docs) => onChange(parseDocs(conversationSchema, docs, 'conversations.subscribe')),
        onError,
      );
    },

    /**
     * One conversation by id, whatever the age of its last message. Missing: null, and so is an id
     * that is not the sorted pair of the caller and someone else (nothing is read then). Fails:
     * throws; signed out: authRequired. Caller: a signed-in user.
     */
    async get(id: string): Promise<Conversation | null> {
      const who = await ctx.session();
      if (!who) throw new DomainError('authRequired');
      return readConversation(id, who.uid);
    },

    /**
     * The conversation with the other user (id: the sorted pair). Missing: created with the
     * participants, an empty last message, both unread counts 0, nobody archived and the times;
     * creating needs a verified, active caller and an existing other user (recipientNotFound).
     * Fails: throws; signed out: authRequired; the caller themself: cannotMessageSelf. Caller: a
     * signed-in user.
     */
    async getOrCreate(otherUid: string): Promise<Conversation> {
      const who = await ctx.session();
      const { id, participants } = decideOpenConversation(who?.uid ?? null, otherUid);
      // An existing conversation opens without a write (and without a transaction, which the
      // partner's sends would make retry).
      const existing = parseDoc(conversationSchema, await storage.get(conversationPath(id)));
      if (existing) return existing;
      return storage.transaction(async (tx) => {
        const actor = await readActor(tx, who);
        const now = parseDoc(conversationSchema, await tx.get(conversationPath(id)));
        if (now) return now;
        const fields = decideCreateConversation(
          actor,
          participants,
          (await tx.get(`users/${otherUid}`)) !== null,
        );
        tx.set(conversationPath(id), {
          ...fields,
          lastMessageTime: fieldOp.serverTime(),
          createdAt: fieldOp.serverTime(),
        });
        const at = ctx.now();
        return conversationSchema.parse({ id, ...fields, lastMessageTime: at, createdAt: at });
      });
    },

    /**
     * Archives (archivedAt: now) or unarchives (archivedAt: null) for the caller only. Fails:
     * throws; signed out: authRequired; not mine: conversationNotFound. Caller: an active
     * participant.
     */
    async setArchived(id: string, archived: boolean): Promise<void> {
      const { actor, conversation } = await readForWrite(id);
      const uid = decideArchive(actor, conversation);
      await storage.update(conversationPath(id), {
        [`archived.${uid}`]: archived,
        // Unarchiving clears the time rather than deleting the key (docs/messages.md).
        [`archivedAt.${uid}`]: archived ? fieldOp.serverTime() : null,
      });
    },

    /**
     * Live messages sent within HISTORY_WINDOW_DAYS. Order: oldest first. Cap: MESSAGES_LIVE_LIMIT,
     * the newest ones. Fails: onError; not mine: 'permission-denied'. Caller: a participant.
     */
    subscribeMessages(
      id: string,
      onChange: (items: Message[]) => void,
      onError: (e: unknown) => void,
    ): () => void {
      return listenAfter(
        async () => {
          const who = await ctx.session();
          if (!who || !(await readConversation(id, who.uid))) throw refused();
        },
        () =>
          storage.onQuery(
            {
              collection: messagesOf(id),
              where: [{ field: 'sentAt', op: '>=', value: historyWindowStart(ctx.now()) }],
              orderBy: [{ field: 'sentAt', direction: 'desc' }],
              limit: MESSAGES_LIVE_LIMIT,
            },
            // Read newest first (so the limit keeps the latest), shown oldest first.
            (docs) => onChange(parseDocs(messageSchema, docs, 'conversations.messages').reverse()),
            onError,
          ),
        onError,
      );
    },

    /** A fresh message id for send(), chosen before the first attempt. */
    newMessageId(): string {
      return storage.newId();
    },

    /**
     * Sends `content` as the caller, stored trimmed. One write stores the message, makes it the
     * conversation's last message and raises the other participant's unread count by one; then the
     * unread-message mail goes out in the background (runSideEffect). With `messageId`
     * (newMessageId), a retry of a send that did land returns the stored message and writes and
     * mails nothing more. Fails: throws; signed out: authSendMessages; not mine:
     * conversationNotFound; messageEmpty, messageTooLong; an id used for another message:
     * messageIdTaken; 'unavailable' offline (nothing stored). Caller: a verified, active
     * participant.
     */
    async send(id: string, content: string, messageId: string = storage.newId()): Promise<Message> {
      const { actor, conversation } = await readForWrite(id);
      const d = decideSend(actor, conversation, content);
      if (!isMessageId(messageId)) throw new DomainError('messageIdTaken');
      const path = `${messagesOf(id)}/${messageId}`;
      // The same send again (its first answer was lost) finds its message: nothing more is
      // stored or mailed. Not a transaction: one that writes the conversation while the partner
      // writes it too is aborted for contention and retried, and the browser logs the refused
      // commit. The message and the conversation are one batch, applied by field path.
      const sameSend = async () => {
        const earlier = parseDoc(messageSchema, await storage.get(path));
        if (earlier && !isSameSend(earlier, d)) throw new DomainError('messageIdTaken');
        return earlier;
      };
      let stored = await sameSend();
      if (!stored) {
        try {
          await storage.batch((w) => {
            w.set(path, {
              senderId: d.senderId,
              content: d.content,
              read: false,
              readAt: null,
              sentAt: fieldOp.serverTime(),
            });
            w.update(conversationPath(id), {
              lastMessage: d.content,
              lastMessageId: messageId,
              lastMessageTime: fieldOp.serverTime(),
              lastSenderId: d.senderId,
              [`unreadCount.${d.recipientId}`]: fieldOp.increment(1),
            });
          });
        } catch (e) {
          // The rules refuse writing over a stored message: the same send landed meanwhile.
          if (failureCode(e) !== 'permission-denied') throw e;
          stored = await sameSend();
          if (!stored) throw e;
        }
      }
      if (stored) return stored;
      // The recipient's address and the sender's name are read on the server.
      void runSideEffect('conversations.send: unread-message mail', () =>
        api.trackUnreadMessage({
          recipientId: d.recipientId,
          senderId: d.senderId,
          messageId,
          conversationId: id,
        }),
      );
      const message: Message = {
        id: messageId,
        senderId: d.senderId,
        content: d.content,
        read: false,
        readAt: null,
        sentAt: ctx.now(),
      };
      return message;
    },

    /**
     * Marks read (readAt: now) those of `messageIds` that were sent to the caller and are unread,
     * and resets the caller's unread count to 0, in one write. The caller's own messages and
     * unknown ids are left alone. Cap: the first MESSAGES_LIVE_LIMIT ids. Fails: throws; signed
     * out: authRequired; not mine: conversationNotFound. Caller: an active participant.
     */
    markRead(id: string, messageIds: string[]): Promise<void> {
      // One at a time per conversation: two calls in flight would both find a message unread,
      // and the second would write over the first's readAt, which the rules refuse.
      const run = (reading.get(id) ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => markRead(id, messageIds));
      reading.set(id, run);
      void run.finally(() => reading.get(id) === run && reading.delete(id)).catch(() => undefined);
      return run;
    },
  };

  async function markRead(id: string, messageIds: string[]): Promise<void> {
    try {
      await markReadOnce(id, messageIds);
    } catch (e) {
      // Another tab of mine marked some of these read between this read and this write, and the
      // rules refuse marking a read message again. Once more: what is read by now is left as it
      // is. A refusal that has another cause refuses again.
      if (failureCode(e) !== 'permission-denied') throw e;
      await markReadOnce(id, messageIds);
    }
  }

  async function markReadOnce(id: string, messageIds: string[]): Promise<void> {
    const { actor, conversation } = await readForWrite(id);
    const ids = conversation ? [...new Set(messageIds)].slice(0, MESSAGES_LIVE_LIMIT) : [];
    // The messages sent to me are read first (only I mark them read), then marked in one batch
    // with my unread reset, by field path: no transaction writes the conversation, which the
    // partner writes at the same moments.
    const messages = parseDocs(
      messageSchema,
      (
        await Promise.all(ids.filter(isMessageId).map((m) => storage.get(`${messagesOf(id)}/${m}`)))
      ).filter((doc) => doc !== null),
      'conversations.markRead',
    );
    const decision = decideMarkRead(actor, conversation, messages);
    await storage.batch((w) => {
      for (const m of decision.messageIds) {
        w.update(`${messagesOf(id)}/${m}`, { read: true, readAt: fieldOp.serverTime() });
      }
      w.update(conversationPath(id), { [`unreadCount.${actor!.uid}`]: 0 });
    });
  }
}
