import { describe, expect, it, vi } from 'vitest';
import { conversationId, type Conversation, type Message } from '@/domain/entities/conversation';
import { ERR, failureCode } from '@/domain/errors';
import { logger } from '@/lib/logger';
import { sideEffectsSettled } from '@/lib/side-effects';
import type { HarnessFactory } from './harness';
import {
  expectFailure,
  expectRejection,
  liveFailure,
  sleep,
  useHarness,
  waitForLive,
} from './support';

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

    it('creates the conversation once, keyed by the sorted pair, and lists it for both participants only', async () => {
      const { backend } = h();
      const third = await h().signUpAs('第三者');
      const a = await h().signUpAs('送信者');
      const b = await h().signUpAs('受信者');
      await h().signInAs(a);
      const created = await backend.conversations.getOrCreate(b);
      expect(created.id).toBe(conversationId(a, b));
      expect(created.id).toBe([a, b].sort().join('_'));
      expect([...created.participants].sort()).toEqual([a, b].sort());
      expect(created.lastMessage).toBe('');
      expect(created.lastMessageTime).toBeInstanceOf(Date);
      expect(created.createdAt).toBeInstanceOf(Date);

      await backend.conversations.send(created.id, 'こんにちは');
      await h().signInAs(b);
      const again = await backend.conversations.getOrCreate(a);
      expect(again.id).toBe(created.id);
      expect(again.lastMessage).toBe('こんにちは');

      expect((await conversationsOf(b, (items) => items.length === 1))[0]!.id).toBe(created.id);
      await h().signInAs(third);
      expect(await conversationsOf(third, () => true)).toEqual([]);
    });

    it('sends messages: oldest first, last message, sender, unread count and the unread-mail ping', async () => {
      const { backend } = h();
      const b = await h().signUpAs('受信者');
      const bEmail = (await backend.users.get(b))!.email;
      expect(bEmail).toMatch(/@example\.com$/);
      const a = await h().signUpAs('送信 太郎');
      const { id } = await backend.conversations.getOrCreate(b);
      const ping = vi.spyOn(backend.api, 'trackUnreadMessage');

      const first = await backend.conversations.send(id, '一通目です');
      expect(first).toMatchObject({
        senderId: a,
        content: '一通目です',
        read: false,
        readAt: null,
      });
      expect(first.sentAt).toBeInstanceOf(Date);
      const second = await backend.conversations.send(id, '二通目です');

      const messages = await messagesOf(id, (items) => items.length === 2);
      expect(messages.map((m) => m.id)).toEqual([first.id, second.id]);
      expect(messages.map((m) => m.content)).toEqual(['一通目です', '二通目です']);

      const conversation = await backend.conversations.getOrCreate(b);
      expect(conversation).toMatchObject({ lastMessage: '二通目です', lastSenderId: a });
      expect(conversation.unreadCount[b]).toBe(2);
      expect(conversation.unreadCount[a] ?? 0).toBe(0);

      await vi.waitFor(() => expect(ping).toHaveBeenCalledTimes(2));
      expect(ping).toHaveBeenCalledWith({
        recipientId: b,
        // The sender may not read the recipient's address everywhere; the server resolves it.
        recipientEmail: h().readsOthersEmail ? bEmail : '',
        senderId: a,
        senderName: '送信 太郎',
        messageId: second.id,
        conversationId: id,
      });
    });

    it('sends even when the unread-mail ping fails', async () => {
      const { backend } = h();
      const b = await h().signUpAs('受信者');
      await h().signUpAs('送信者');
      const { id } = await backend.conversations.getOrCreate(b);
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

    it('marks messages read and resets my unread count', async () => {
      const { backend } = h();
      const b = await h().signUpAs('受信者');
      const a = await h().signUpAs('送信者');
      const { id } = await backend.conversations.getOrCreate(b);
      const m1 = await backend.conversations.send(id, 'その1');
      const m2 = await backend.conversations.send(id, 'その2');

      await h().signInAs(b);
      await backend.conversations.markRead(id, [m1.id, m2.id]);
      const messages = await messagesOf(
        id,
        (items) => items.length === 2 && items.every((m) => m.read),
      );
      expect(messages.every((m) => m.readAt instanceof Date)).toBe(true);
      const conversation = await backend.conversations.getOrCreate(a);
      expect(conversation.unreadCount[b]).toBe(0);
    });

    it('archives and unarchives per user, clearing archivedAt', async () => {
      const { backend } = h();
      const b = await h().signUpAs('相手');
      const a = await h().signUpAs('本人');
      const { id } = await backend.conversations.getOrCreate(b);

      await backend.conversations.setArchived(id, true);
      let c = await backend.conversations.getOrCreate(b);
      expect(c.archived[a]).toBe(true);
      expect(c.archivedAt[a]).toBeInstanceOf(Date);
      expect(c.archived[b] ?? false).toBe(false);

      await backend.conversations.setArchived(id, false);
      c = await backend.conversations.getOrCreate(b);
      expect(c.archived[a]).toBe(false);
      expect(c.archivedAt[a]).toBeNull();
    });

    it('needs a signed-in user to open, send, mark read or archive', async () => {
      const { backend } = h();
      const b = await h().signUpAs('相手');
      await h().signUpAs('本人');
      const { id } = await backend.conversations.getOrCreate(b);
      const m = await backend.conversations.send(id, 'こんにちは');
      await h().signOut();

      await expectRejection(backend.conversations.send(id, '匿名'), ERR.authSendMessages);
      await expectRejection(
        backend.conversations.send(id, '匿名'),
        'User must be authenticated to send messages',
      );
      await expectRejection(backend.conversations.markRead(id, [m.id]), ERR.authRequired);
      await expectRejection(
        backend.conversations.markRead(id, [m.id]),
        'User must be authenticated',
      );
      await expectRejection(backend.conversations.setArchived(id, true), ERR.authRequired);
      await expectRejection(backend.conversations.getOrCreate(b), ERR.authRequired);

      await h().signInAs(b);
      const messages = await messagesOf(id, (items) => items.length === 1);
      expect(messages[0]!.read).toBe(false);
    });

    it("refuses a conversation that is not mine, or missing, and anyone else's list", async () => {
      const { backend } = h();
      const b = await h().signUpAs('相手');
      const a = await h().signUpAs('本人');
      const { id } = await backend.conversations.getOrCreate(b);
      const m = await backend.conversations.send(id, '二人だけの話');
      await h().signUpAs('第三者');
      const missing = [a, 'zzzz-nobody'].sort().join('_');

      for (const target of [id, missing]) {
        await expectFailure(backend.conversations.send(target, '割り込み'), 'permission-denied');
        await expectFailure(backend.conversations.markRead(target, [m.id]), 'permission-denied');
        await expectFailure(backend.conversations.setArchived(target, true), 'permission-denied');
        const error = await liveFailure((next, fail) =>
          backend.conversations.subscribeMessages(target, next, fail),
        );
        expect(failureCode(error)).toBe('permission-denied');
      }
      const error = await liveFailure((next, fail) =>
        backend.conversations.subscribe(a, next, fail),
      );
      expect(failureCode(error)).toBe('permission-denied');

      await h().signInAs(b);
      const messages = await messagesOf(id, (items) => items.length === 1);
      expect(messages[0]).toMatchObject({ content: '二人だけの話', read: false });
    });
  });
}
