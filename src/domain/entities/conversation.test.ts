import { conversationId, conversationSchema, messageSchema } from '@/domain/entities/conversation';

describe('conversationId', () => {
  it('joins the two ids sorted with an underscore', () => {
    expect(conversationId('bob', 'alice')).toBe('alice_bob');
    expect(conversationId('alice', 'bob')).toBe('alice_bob');
  });

  it('is the same whichever side starts the conversation', () => {
    expect(conversationId('uZ9', 'uA1')).toBe(conversationId('uA1', 'uZ9'));
  });
});

describe('conversationSchema', () => {
  it('fills a bare document with empty defaults', () => {
    expect(conversationSchema.parse({ id: 'a_b' })).toEqual({
      id: 'a_b',
      participants: [],
      lastMessage: '',
      lastMessageTime: null,
      createdAt: null,
      lastSenderId: '',
      lastMessageId: '',
      unreadCount: {},
      archived: {},
      archivedAt: {},
    });
  });

  it('reads unread counts as non-negative numbers', () => {
    const c = conversationSchema.parse({ id: 'a_b', unreadCount: { a: 3, b: -1, c: 'x' } });
    expect(c.unreadCount).toEqual({ a: 3, b: 0, c: 0 });
  });

  it('reads archived flags as strict booleans and archivedAt as dates or null', () => {
    const t = new Date(2024, 1, 2);
    const c = conversationSchema.parse({
      id: 'a_b',
      archived: { a: true, b: 'yes' },
      archivedAt: { a: { toDate: () => t }, b: null },
    });
    expect(c.archived).toEqual({ a: true, b: false });
    expect(c.archivedAt).toEqual({ a: t, b: null });
  });

  it('reads lastMessageTime from a timestamp', () => {
    const t = new Date(2024, 1, 2, 3, 4);
    expect(
      conversationSchema.parse({ id: 'a_b', lastMessageTime: { toDate: () => t } }).lastMessageTime,
    ).toEqual(t);
  });
});

describe('messageSchema', () => {
  it('defaults read to false and missing times to null', () => {
    expect(messageSchema.parse({ id: 'm1', senderId: 'a' })).toEqual({
      id: 'm1',
      senderId: 'a',
      content: '',
      read: false,
      readAt: null,
      sentAt: null,
    });
  });

  it('keeps read state and times', () => {
    const t = new Date(2024, 1, 2, 3, 4);
    const m = messageSchema.parse({
      id: 'm1',
      senderId: 'a',
      content: 'こんにちは',
      read: true,
      readAt: t,
      sentAt: t,
    });
    expect(m).toEqual({
      id: 'm1',
      senderId: 'a',
      content: 'こんにちは',
      read: true,
      readAt: t,
      sentAt: t,
    });
  });
});
