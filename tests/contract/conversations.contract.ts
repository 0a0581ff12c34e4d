import { describe, expect, it, vi } from 'vitest';
import { unreadMessageMail } from '@mail/templates';
import {
  CONVERSATIONS_LIVE_LIMIT,
  HISTORY_WINDOW_DAYS,
  MESSAGE_MAX_LENGTH,
  MESSAGES_LIVE_LIMIT,
} from '@/domain/constants';
import { conversationId, type Conversation, type Message } from '@/domain/entities/conversation';
import { DEFAULT_EMAIL_SETTINGS } from '@/domain/entities/email-settings';
import { newUserDocument } from '@/domain/entities/user';
import { ERR, failureCode } from '@/domain/errors';
import { isMessageId } from '@/domain/rules/conversations';
import { logger } from '@/lib/logger';
import { sideEffectsSettled } from '@/lib/side-effects';
import { APP_ORIGIN, type HarnessFactory } from './harness';
import { expectRejection, liveFailure, sleep, useHarness, waitForLive } from './support';

const DAY_MS = 86_400_000;

export function conversationsContract(makeHarness: HarnessFactory): void {
  describe('conversations port', () => {
    const h = useHarness(makeHarness);

    function conversationsOf(uid: string, accept: (items: Conversation[]) => boolean) {
      return waitForLive<Conversation[]>(
        (next, fail) => h().backend.conversations.subscribe(uid, next, fail),
        accept,
      );
    }

    function messagesOf(id: string, accept: (items: Message[]) => boolean) {
      return waitForLive<Message[]>(
        (next, fail) => h().backend.conversations.subscribeMessages(id, next, fail),
        accept,
      );
    }

    /** A signed-in sender `a` (left signed in) with a conversation with `b`. */
    async function pair(labels: [string, string] = ['送信者', '受信者']) {
      const b = await h().signUpAs(labels[1]);
      const a = await h().signUpAs(labels[0]);
      const conversation = await h().backend.conversations.getOrCreate(b);
      return { a, b, id: conversation.id, conversation };
    }

    /** A stored conversation between a and b whose last message was `daysAgo` days ago. */
    function storedConversation(a: string, b: string, daysAgo: number, text = '昔の話') {
      const at = new Date(Date.now() - daysAgo * DAY_MS);
      const [p0, p1] = [a, b].sort() as [string, string];
      return {
        path: `conversations/${conversationId(a, b)}`,
        data: {
          participants: [p0, p1],
          lastMessage: text,
          lastMessageId: '',
          lastMessageTime: at,
          lastSenderId: a,
          createdAt: at,
          unreadCount: { [p0]: 0, [p1]: 0 },
          archived: { [p0]: false, [p1]: false },
          archivedAt: { [p0]: null, [p1]: null },
        },
      };
    }

    describe('getOrCreate', () => {
      it('creates the conversation once, keyed by the sorted pair, with nothing said and nothing unread', async () => {
        const { backend } = h();
        const { a, b, conversation: created } = await pair();
        expect(created.id).toBe(conversationId(a, b));
        expect(created.id).toBe([a, b].sort().join('_'));
        expect(created.participants).toEqual([a, b].sort());
        expect(created).toMatchObject({ lastMessage: '', lastSenderId: '', lastMessageId: '' });
        expect(created.unreadCount).toEqual({ [a]: 0, [b]: 0 });
        expect(created.archived).toEqual({ [a]: false, [b]: false });
        expect(created.lastMessageTime).toBeInstanceOf(Date);
        expect(created.createdAt).toBeInstanceOf(Date);

        await backend.conversations.send(created.id, 'こんにちは');
        await h().signInAs(b);
        const again = await backend.conversations.getOrCreate(a);
        expect(again.id).toBe(created.id);
        expect(again.lastMessage).toBe('こんにちは');
      });

      it('refuses messaging myself, a user who does not exist, and a visitor', async () => {
        const { backend } = h();
        const a = await h().signUpAs('本人');
        await expectRejection(backend.conversations.getOrCreate(a), ERR.cannotMessageSelf);
        await expectRejection(
          backend.conversations.getOrCreate('no-such-user-0000000001'),
          ERR.recipientNotFound,
        );
        await h().signOut();
        await expectRejection(backend.conversations.getOrCreate(a), ERR.authRequired);
      });
    });

    describe('subscribe', () => {
      it('lists a conversation for both participants and nobody else', async () => {
        const third = await h().signUpAs('第三者');
        const { a, b, id } = await pair();
        await h().backend.conversations.send(id, 'やあ');
        expect((await conversationsOf(a, (items) => items.length === 1))[0]!.id).toBe(id);
        await h().signInAs(b);
        expect((await conversationsOf(b, (items) => items.length === 1))[0]!.id).toBe(id);
        await h().signInAs(third);
        expect(await conversationsOf(third, () => true)).toEqual([]);
      });

      it('orders my conversations by the latest message, newest first', async () => {
        const { backend } = h();
        const b = await h().signUpAs('B');
        const c = await h().signUpAs('C');
        const a = await h().signUpAs('A');
        const withB = await backend.conversations.getOrCreate(b);
        const withC = await backend.conversations.getOrCreate(c);
        await backend.conversations.send(withC.id, 'Cさんへ');
        await sleep(5);
        await backend.conversations.send(withB.id, 'Bさんへ');
        const list = await conversationsOf(
          a,
          (items) => items.length === 2 && items[0]!.lastMessage === 'Bさんへ',
        );
        expect(list.map((x) => x.id)).toEqual([withB.id, withC.id]);
      });

      it(`leaves out conversations whose last message is older than ${HISTORY_WINDOW_DAYS} days, archived ones included`, async () => {
        const { backend } = h();
        const old = await h().signUpAs('昔の相手');
        const recent = await h().signUpAs('最近の相手');
        const a = await h().signUpAs('本人');
        await h().putDocuments([
          storedConversation(a, old, HISTORY_WINDOW_DAYS + 1),
          storedConversation(a, recent, HISTORY_WINDOW_DAYS - 1, 'ぎりぎり'),
        ]);
        const { id } = await backend.conversations.getOrCreate(recent);
        await backend.conversations.setArchived(id, true);
        const list = await conversationsOf(a, (items) => items.length > 0);
        expect(list.map((c) => c.id)).toEqual([conversationId(a, recent)]);
        expect(list[0]!.archived[a]).toBe(true);
      });

      it(`delivers at most the newest ${CONVERSATIONS_LIVE_LIMIT}`, async () => {
        const a = await h().signUpAs('人気者');
        const docs = Array.from({ length: CONVERSATIONS_LIVE_LIMIT + 1 }, (_, i) =>
          storedConversation(a, `peer${String(i).padStart(3, '0')}`, 1 + i / 1000),
        );
        await h().putDocuments(docs);
        const list = await conversationsOf(a, (items) => items.length > 0);
        expect(list).toHaveLength(CONVERSATIONS_LIVE_LIMIT);
        // The oldest one (peer100) is the one left out.
        expect(list.some((c) => c.participants.includes('peer100'))).toBe(false);
        expect(list[0]!.participants).toContain('peer000');
      }, 20_000);

      it("refuses someone else's list and a visitor through onError", async () => {
        const { b } = await pair();
        const denied = (uid: string) =>
          liveFailure((next, fail) => h().backend.conversations.subscribe(uid, next, fail));
        expect(failureCode(await denied(b))).toBe('permission-denied');
        await h().signOut();
        expect(failureCode(await denied(b))).toBe('permission-denied');
      });
    });

    describe('get', () => {
      it('reads a conversation of mine, also one older than the history window', async () => {
        const { backend } = h();
        const old = await h().signUpAs('昔の相手');
        const { a, id } = await pair();
        expect((await backend.conversations.get(id))!.id).toBe(id);
        await h().putDocuments([storedConversation(a, old, HISTORY_WINDOW_DAYS + 30)]);
        expect((await backend.conversations.get(conversationId(a, old)))!.lastMessage).toBe(
          '昔の話',
        );
      });

      it("is null for a missing conversation, someone else's id and a malformed id", async () => {
        const { backend } = h();
        const c = await h().signUpAs('C');
        const { a, b, id } = await pair();
        expect(await backend.conversations.get(conversationId(a, c))).toBeNull();
        expect(await backend.conversations.get('not-a-pair')).toBeNull();
        await h().signInAs(c);
        expect(await backend.conversations.get(id)).toBeNull();
        expect(await backend.conversations.get(conversationId(b, c))).toBeNull();
      });

      it('needs a signed-in user', async () => {
        const { id } = await pair();
        await h().signOut();
        await expectRejection(h().backend.conversations.get(id), ERR.authRequired);
      });
    });

    describe('send', () => {
      it('stores the message, makes it the preview and raises the recipient count by one per message', async () => {
        const { backend } = h();
        const { a, b, id } = await pair(['送信 太郎', '受信者']);
        const first = await backend.conversations.send(id, '一通目です');
        expect(first).toMatchObject({
          senderId: a,
          content: '一通目です',
          read: false,
          readAt: null,
        });
        expect(isMessageId(first.id)).toBe(true);
        expect(first.sentAt).toBeInstanceOf(Date);
        const second = await backend.conversations.send(id, '二通目です');

        const messages = await messagesOf(id, (items) => items.length === 2);
        expect(messages.map((m) => m.id)).toEqual([first.id, second.id]);
        expect(messages.map((m) => m.content)).toEqual(['一通目です', '二通目です']);

        const conversation = (await backend.conversations.get(id))!;
        expect(conversation).toMatchObject({
          lastMessage: '二通目です',
          lastMessageId: second.id,
          lastSenderId: a,
        });
        expect(conversation.unreadCount).toEqual({ [a]: 0, [b]: 2 });
      });

      it('pings the unread-message mail for the recipient after each send', async () => {
        const { backend } = h();
        const b = await h().signUpAs('受信者');
        const a = await h().signUpAs('送信 太郎');
        const { id } = await backend.conversations.getOrCreate(b);
        const ping = vi.spyOn(backend.api, 'trackUnreadMessage');
        await backend.conversations.send(id, '一通目');
        const second = await backend.conversations.send(id, '二通目');
        await sideEffectsSettled();
        expect(ping).toHaveBeenCalledTimes(2);
        // Ids only: the server reads the names and the recipient's verified address itself.
        expect(ping).toHaveBeenLastCalledWith({
          recipientId: b,
          senderId: a,
          messageId: second.id,
          conversationId: id,
        });
      });

      it('mails one unread-message mail per burst, and none to an unverified recipient or one who turned it off', async () => {
        const { backend } = h();
        const b = await h().signUpAs('受信者');
        const bEmail = (await backend.users.get(b))!.email;
        const unverified = await h().signUpUnverifiedAs('未確認');
        const optedOut = await h().signUpAs('配信停止');
        await backend.users.saveEmailSettings(optedOut, {
          ...DEFAULT_EMAIL_SETTINGS,
          participationApproved: true,
          participationRejected: true,
          unreadMessages: false,
        });
        await h().signUpAs('送信 太郎');
        const toB = (await backend.conversations.getOrCreate(b)).id;
        const toUnverified = (await backend.conversations.getOrCreate(unverified)).id;
        const toOptedOut = (await backend.conversations.getOrCreate(optedOut)).id;
        await backend.conversations.send(toB, '一通目');
        await backend.conversations.send(toB, '二通目');
        await backend.conversations.send(toUnverified, 'こんにちは');
        await backend.conversations.send(toOptedOut, 'こんにちは');
        await sideEffectsSettled();

        const about = (conversation: string) =>
          h()
            .notificationOutbox()
            .then((mails) =>
              mails.filter((m) => m.links.includes(`${APP_ORIGIN}/messages/${conversation}`)),
            );
        const toBMails = await about(toB);
        expect(toBMails.map((m) => [m.to, m.subject])).toEqual([
          [bEmail, '【スポーツコミュニティ】送信 太郎さんから新しいメッセージが届いています'],
        ]);
        expect(toBMails[0]!.body).toBe(unreadMessageMail('送信 太郎', toB, APP_ORIGIN).text);
        expect(await about(toUnverified)).toEqual([]);
        expect(await about(toOptedOut)).toEqual([]);
      });

      it('sends even when the unread-mail ping fails, and logs the failure', async () => {
        const { backend } = h();
        const { id } = await pair();
        vi.spyOn(backend.api, 'trackUnreadMessage').mockRejectedValue(
          new Error('500: Internal Server Error'),
        );
        const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
        const sent = await backend.conversations.send(id, '届きますか');
        expect((await messagesOf(id, (items) => items.length === 1))[0]!.id).toBe(sent.id);
        await sideEffectsSettled();
        expect(logged).toHaveBeenCalledWith(
          'conversations.send: unread-message mail',
          expect.any(Error),
        );
      });

      it('stores the text without surrounding blank space and refuses blank or oversized text, storing nothing', async () => {
        const { backend } = h();
        const { a, b, id } = await pair();
        const sent = await backend.conversations.send(id, '\n  こんにちは\n  また明日  \n');
        expect(sent.content).toBe('こんにちは\n  また明日');
        await expectRejection(backend.conversations.send(id, ''), ERR.messageEmpty);
        await expectRejection(backend.conversations.send(id, ' \n　\t'), ERR.messageEmpty);
        await expectRejection(
          backend.conversations.send(id, 'あ'.repeat(MESSAGE_MAX_LENGTH + 1)),
          ERR.messageTooLong,
        );
        const longest = await backend.conversations.send(id, 'あ'.repeat(MESSAGE_MAX_LENGTH));
        const messages = await messagesOf(id, (items) => items.length === 2);
        expect(messages.map((m) => m.id)).toEqual([sent.id, longest.id]);
        expect((await backend.conversations.get(id))!.unreadCount).toEqual({ [a]: 0, [b]: 2 });
      });

      it('returns the stored message when a send with the same id is retried, storing and counting it once', async () => {
        const { backend } = h();
        const { a, b, id } = await pair();
        const ping = vi.spyOn(backend.api, 'trackUnreadMessage');
        const messageId = backend.conversations.newMessageId();
        const first = await backend.conversations.send(id, 'もう一度', messageId);
        const retried = await backend.conversations.send(id, 'もう一度', messageId);
        expect(retried.id).toBe(first.id);
        expect(retried.content).toBe('もう一度');
        expect(await messagesOf(id, (items) => items.length === 1)).toHaveLength(1);
        expect((await backend.conversations.get(id))!.unreadCount).toEqual({ [a]: 0, [b]: 1 });
        await sideEffectsSettled();
        expect(ping).toHaveBeenCalledTimes(1);
        await expectRejection(
          backend.conversations.send(id, '別の文面', messageId),
          ERR.messageIdTaken,
        );
      });

      it('gives fresh ids shaped like Firestore auto ids', () => {
        const ids = new Set(
          Array.from({ length: 20 }, () => h().backend.conversations.newMessageId()),
        );
        expect(ids.size).toBe(20);
        expect([...ids].every(isMessageId)).toBe(true);
      });

      it('refuses a conversation I am not part of and a missing one alike', async () => {
        const { backend } = h();
        const c = await h().signUpAs('部外者');
        const { a, id } = await pair();
        await expectRejection(
          backend.conversations.send(conversationId(a, c), 'まだ無い会話'),
          ERR.conversationNotFound,
        );
        await h().signInAs(c);
        await expectRejection(backend.conversations.send(id, '割り込み'), ERR.conversationNotFound);
      });
    });

    describe('subscribeMessages', () => {
      it(`leaves out messages older than ${HISTORY_WINDOW_DAYS} days`, async () => {
        const { backend } = h();
        const { a, id } = await pair();
        const old = (mid: string, days: number, content: string) => ({
          path: `conversations/${id}/messages/${mid}`,
          data: {
            senderId: a,
            content,
            read: true,
            readAt: null,
            sentAt: new Date(Date.now() - days * DAY_MS),
          },
        });
        await h().putDocuments([
          old('OldMessage0000000001', HISTORY_WINDOW_DAYS + 1, '古すぎる'),
          old('OldMessage0000000002', HISTORY_WINDOW_DAYS - 1, 'まだ見える'),
        ]);
        const sent = await backend.conversations.send(id, '今日');
        const messages = await messagesOf(id, (items) => items.length === 2);
        expect(messages.map((m) => m.id)).toEqual(['OldMessage0000000002', sent.id]);
      });

      it(`delivers the newest ${MESSAGES_LIVE_LIMIT}, oldest first`, async () => {
        const { a, id } = await pair();
        const start = Date.now() - DAY_MS;
        await h().putDocuments(
          Array.from({ length: MESSAGES_LIVE_LIMIT + 1 }, (_, i) => ({
            path: `conversations/${id}/messages/Bulk${String(i).padStart(16, '0')}`,
            data: {
              senderId: a,
              content: `#${i}`,
              read: false,
              readAt: null,
              sentAt: new Date(start + i * 1000),
            },
          })),
        );
        const messages = await messagesOf(id, (items) => items.length > 0);
        expect(messages).toHaveLength(MESSAGES_LIVE_LIMIT);
        expect(messages[0]!.content).toBe('#1');
        expect(messages.at(-1)!.content).toBe(`#${MESSAGES_LIVE_LIMIT}`);
      }, 20_000);

      it('refuses someone outside the conversation through onError', async () => {
        const c = await h().signUpAs('部外者');
        const { id } = await pair();
        await h().signInAs(c);
        const error = await liveFailure((next, fail) =>
          h().backend.conversations.subscribeMessages(id, next, fail),
        );
        expect(failureCode(error)).toBe('permission-denied');
      });
    });

    describe('markRead', () => {
      it('marks the messages sent to me read and resets my unread count', async () => {
        const { backend } = h();
        const { a, b, id } = await pair();
        const m1 = await backend.conversations.send(id, 'その1');
        const m2 = await backend.conversations.send(id, 'その2');

        await h().signInAs(b);
        await backend.conversations.markRead(id, [m1.id, m2.id, 'NoSuchMessage0000001']);
        const messages = await messagesOf(
          id,
          (items) => items.length === 2 && items.every((m) => m.read),
        );
        expect(messages.every((m) => m.readAt instanceof Date)).toBe(true);
        expect((await backend.conversations.get(id))!.unreadCount).toEqual({ [a]: 0, [b]: 0 });
      });

      it('never lets a sender mark their own message read, nor touch the other count', async () => {
        const { backend } = h();
        const { a, b, id } = await pair();
        const mine = await backend.conversations.send(id, '既読にしないで');
        await backend.conversations.markRead(id, [mine.id]);
        const [stored] = await messagesOf(id, (items) => items.length === 1);
        expect(stored!.read).toBe(false);
        expect(stored!.readAt).toBeNull();
        expect((await backend.conversations.get(id))!.unreadCount).toEqual({ [a]: 0, [b]: 1 });
      });

      it('refuses someone outside the conversation and a visitor', async () => {
        const { backend } = h();
        const c = await h().signUpAs('部外者');
        const { id } = await pair();
        const m = await backend.conversations.send(id, 'こんにちは');
        await h().signInAs(c);
        await expectRejection(backend.conversations.markRead(id, [m.id]), ERR.conversationNotFound);
        await h().signOut();
        await expectRejection(backend.conversations.markRead(id, [m.id]), ERR.authRequired);
      });
    });

    describe('setArchived', () => {
      it('archives and unarchives for me only, unarchiving clearing archivedAt', async () => {
        const { backend } = h();
        const { a, b, id } = await pair(['本人', '相手']);

        await backend.conversations.setArchived(id, true);
        let c = (await backend.conversations.get(id))!;
        expect(c.archived).toEqual({ [a]: true, [b]: false });
        expect(c.archivedAt[a]).toBeInstanceOf(Date);
        expect(c.archivedAt[b]).toBeNull();

        await backend.conversations.setArchived(id, false);
        c = (await backend.conversations.get(id))!;
        expect(c.archived[a]).toBe(false);
        expect(c.archivedAt[a]).toBeNull();
      });

      it('refuses a missing conversation and one I am not part of', async () => {
        const { backend } = h();
        const c = await h().signUpAs('部外者');
        const { a, id } = await pair();
        await expectRejection(
          backend.conversations.setArchived(conversationId(a, c), true),
          ERR.conversationNotFound,
        );
        await h().signInAs(c);
        await expectRejection(
          backend.conversations.setArchived(id, true),
          ERR.conversationNotFound,
        );
      });
    });

    describe('who may write', () => {
      it('lets an unverified user read, mark read and archive, but not start a conversation or send', async () => {
        const { backend } = h();
        const c = await h().signUpAs('確認済みの相手');
        const { a, id } = await pair();
        await backend.conversations.send(id, '確認はまだですか？');
        // b's address is not verified: an account and a profile, no verification.
        const email = `unverified-${crypto.randomUUID().slice(0, 8)}@example.com`;
        const { uid: u } = await backend.auth.signUp(email, 'unverified-pass1', '未確認');
        await backend.users.create(
          u,
          newUserDocument({ uid: u, email, displayName: '未確認', agreedToTerms: true }),
        );
        await expectRejection(backend.conversations.getOrCreate(c), ERR.emailNotVerified);
        // An existing conversation opens without a write.
        await h().signInAs(a);
        const withU = await backend.conversations.getOrCreate(u);
        await backend.conversations.send(withU.id, 'ようこそ');
        await backend.auth.signIn(email, 'unverified-pass1');
        expect((await backend.conversations.getOrCreate(a)).id).toBe(withU.id);
        await expectRejection(backend.conversations.send(withU.id, '返信'), ERR.emailNotVerified);
        const [incoming] = await messagesOf(withU.id, (items) => items.length === 1);
        await backend.conversations.markRead(withU.id, [incoming!.id]);
        await backend.conversations.setArchived(withU.id, true);
        const stored = (await backend.conversations.get(withU.id))!;
        expect(stored.unreadCount[u]).toBe(0);
        expect(stored.archived[u]).toBe(true);
      });

      it('refuses every write of a suspended user', async () => {
        const { backend } = h();
        const c = await h().signUpAs('他の人');
        const { a, b, id } = await pair();
        const m = await backend.conversations.send(id, 'こんにちは');
        await h().putDocuments([
          {
            path: `users/${b}`,
            data: { displayName: '受信者', photoURL: '', bio: '', isActive: false },
          },
        ]);
        await h().signInAs(b);
        await expectRejection(backend.conversations.send(id, '返信'), ERR.accountSuspended);
        await expectRejection(backend.conversations.markRead(id, [m.id]), ERR.accountSuspended);
        await expectRejection(backend.conversations.setArchived(id, true), ERR.accountSuspended);
        await expectRejection(backend.conversations.getOrCreate(c), ERR.accountSuspended);
        // Reading still works.
        expect((await backend.conversations.get(id))!.unreadCount).toEqual({ [a]: 0, [b]: 1 });
      });
    });

    it('needs a signed-in user to send, mark read or archive, with the catalogue messages', async () => {
      const { backend } = h();
      const { b, id } = await pair();
      const m = await backend.conversations.send(id, 'こんにちは');
      await h().signOut();

      await expectRejection(
        backend.conversations.send(id, '匿名'),
        'User must be authenticated to send messages',
      );
      await expectRejection(
        backend.conversations.markRead(id, [m.id]),
        'User must be authenticated',
      );
      await expectRejection(backend.conversations.setArchived(id, true), ERR.authRequired);

      await h().signInAs(b);
      const messages = await messagesOf(id, (items) => items.length === 1);
      expect(messages[0]!.read).toBe(false);
    });
  });
}
