import { refusal } from '@/test/actors';
import { MESSAGE_MAX_LENGTH } from '@/domain/constants';
import { conversationSchema, totalUnread, type Conversation } from '@/domain/entities/conversation';
import {
  decideArchive,
  decideCreateConversation,
  decideMarkRead,
  decideOpenConversation,
  decideSend,
  historyWindowStart,
  isMessageId,
  isSameSend,
  messageLength,
  normalizeMessageContent,
  partnerFromConversationId,
} from './conversations';
import type { Actor } from './standing';

const actor = (uid: string, over: Partial<Actor> = {}): Actor => ({
  uid,
  emailVerified: true,
  suspended: false,
  ...over,
});

const conv = (over: Record<string, unknown> = {}): Conversation =>
  conversationSchema.parse({
    id: 'alice_bob',
    participants: ['alice', 'bob'],
    unreadCount: { alice: 0, bob: 2 },
    ...over,
  });

describe('historyWindowStart', () => {
  it('is 90 days of 24 hours before now', () => {
    const now = new Date(2024, 6, 1, 12, 0);
    expect(now.getTime() - historyWindowStart(now).getTime()).toBe(90 * 86_400_000);
  });
});

describe('normalizeMessageContent', () => {
  it('keeps inner lines and drops surrounding blank space', () => {
    expect(normalizeMessageContent('\n  こんにちは\nよろしく  \n')).toBe('こんにちは\nよろしく');
  });

  it('refuses empty and whitespace-only text, ideographic spaces included', () => {
    expect(refusal(() => normalizeMessageContent(''))).toBe('messageEmpty');
    expect(refusal(() => normalizeMessageContent(' \n\t　'))).toBe('messageEmpty');
  });

  it('accepts exactly the limit and refuses one character more, as the rules count', () => {
    expect(normalizeMessageContent('あ'.repeat(MESSAGE_MAX_LENGTH))).toHaveLength(
      MESSAGE_MAX_LENGTH,
    );
    expect(refusal(() => normalizeMessageContent('あ'.repeat(MESSAGE_MAX_LENGTH + 1)))).toBe(
      'messageTooLong',
    );
    // firestore.rules counts UTF-16 units: an emoji outside the basic plane is two.
    expect(messageLength('⚽😀')).toBe(3);
    expect(refusal(() => normalizeMessageContent('😀'.repeat(MESSAGE_MAX_LENGTH / 2)))).toBe(
      'none',
    );
    expect(refusal(() => normalizeMessageContent('😀'.repeat(MESSAGE_MAX_LENGTH / 2 + 1)))).toBe(
      'messageTooLong',
    );
  });
});

describe('isMessageId', () => {
  it('takes 20 ASCII letters and digits only', () => {
    expect(isMessageId('AbCdEfGhIjKlMnOpQr12')).toBe(true);
    expect(isMessageId('AbCdEfGhIjKlMnOpQr1')).toBe(false);
    expect(isMessageId('AbCdEfGhIj/lMnOpQr12')).toBe(false);
    expect(isMessageId('')).toBe(false);
  });
});

describe('partnerFromConversationId', () => {
  it('names the other participant of my sorted pair', () => {
    expect(partnerFromConversationId('alice_bob', 'alice')).toBe('bob');
    expect(partnerFromConversationId('alice_bob', 'bob')).toBe('alice');
  });

  it('copes with underscores inside uids', () => {
    expect(partnerFromConversationId('a_b_c_d', 'a_b')).toBe('c_d');
    expect(partnerFromConversationId('a_b_c_d', 'c_d')).toBe('a_b');
  });

  it('is null for ids that are not mine, not sorted, or me with myself', () => {
    expect(partnerFromConversationId('alice_bob', 'carol')).toBeNull();
    expect(partnerFromConversationId('bob_alice', 'alice')).toBeNull();
    expect(partnerFromConversationId('alice_alice', 'alice')).toBeNull();
    expect(partnerFromConversationId('alice_', 'alice')).toBeNull();
    expect(partnerFromConversationId('nonsense', 'alice')).toBeNull();
  });
});

describe('decideOpenConversation', () => {
  it('keys the conversation by the sorted pair whoever starts it', () => {
    expect(decideOpenConversation('bob', 'alice')).toEqual({
      id: 'alice_bob',
      participants: ['alice', 'bob'],
    });
    expect(decideOpenConversation('alice', 'bob').id).toBe('alice_bob');
  });

  it('refuses a visitor, messaging myself and a missing other', () => {
    expect(refusal(() => decideOpenConversation(null, 'bob'))).toBe('authRequired');
    expect(refusal(() => decideOpenConversation('alice', 'alice'))).toBe('cannotMessageSelf');
    expect(refusal(() => decideOpenConversation('alice', ''))).toBe('recipientNotFound');
  });
});

describe('decideCreateConversation', () => {
  it('starts with nothing said, zero unread and nothing archived for both', () => {
    expect(decideCreateConversation(actor('alice'), ['alice', 'bob'], true)).toEqual({
      participants: ['alice', 'bob'],
      lastMessage: '',
      lastMessageId: '',
      lastSenderId: '',
      unreadCount: { alice: 0, bob: 0 },
      archived: { alice: false, bob: false },
      archivedAt: { alice: null, bob: null },
    });
  });

  it('needs a verified, active user and an existing recipient', () => {
    const pair: [string, string] = ['alice', 'bob'];
    expect(refusal(() => decideCreateConversation(null, pair, true))).toBe('authRequired');
    expect(
      refusal(() => decideCreateConversation(actor('alice', { emailVerified: false }), pair, true)),
    ).toBe('emailNotVerified');
    expect(
      refusal(() => decideCreateConversation(actor('alice', { suspended: true }), pair, true)),
    ).toBe('accountSuspended');
    expect(refusal(() => decideCreateConversation(actor('alice'), pair, false))).toBe(
      'recipientNotFound',
    );
  });
});

describe('decideSend', () => {
  it('sends to the other participant and raises their unread count by exactly one', () => {
    expect(decideSend(actor('alice'), conv(), '  やあ  ')).toEqual({
      senderId: 'alice',
      recipientId: 'bob',
      content: 'やあ',
      recipientUnread: 3,
    });
    expect(decideSend(actor('bob'), conv(), 'どうも').recipientUnread).toBe(1);
  });

  it('refuses visitors with the send-messages message, suspended and unverified senders', () => {
    expect(refusal(() => decideSend(null, conv(), 'x'))).toBe('authSendMessages');
    expect(refusal(() => decideSend(actor('alice', { suspended: true }), conv(), 'x'))).toBe(
      'accountSuspended',
    );
    expect(refusal(() => decideSend(actor('alice', { emailVerified: false }), conv(), 'x'))).toBe(
      'emailNotVerified',
    );
  });

  it('treats a missing conversation and one I am not part of alike', () => {
    expect(refusal(() => decideSend(actor('alice'), null, 'x'))).toBe('conversationNotFound');
    expect(refusal(() => decideSend(actor('carol'), conv(), 'x'))).toBe('conversationNotFound');
    expect(refusal(() => decideSend(actor('alice'), conv({ participants: ['alice'] }), 'x'))).toBe(
      'conversationNotFound',
    );
  });

  it('refuses empty and oversized content', () => {
    expect(refusal(() => decideSend(actor('alice'), conv(), '   '))).toBe('messageEmpty');
    expect(
      refusal(() => decideSend(actor('alice'), conv(), 'x'.repeat(MESSAGE_MAX_LENGTH + 1))),
    ).toBe('messageTooLong');
  });
});

describe('isSameSend', () => {
  it('recognises a retried send by sender and content', () => {
    const d = decideSend(actor('alice'), conv(), 'やあ');
    expect(isSameSend({ senderId: 'alice', content: 'やあ' }, d)).toBe(true);
    expect(isSameSend({ senderId: 'alice', content: 'ちがう' }, d)).toBe(false);
    expect(isSameSend({ senderId: 'bob', content: 'やあ' }, d)).toBe(false);
  });
});

describe('decideMarkRead', () => {
  const messages = [
    { id: 'm1', senderId: 'alice', read: false },
    { id: 'm2', senderId: 'bob', read: false },
    { id: 'm3', senderId: 'bob', read: true },
    { id: 'm4', senderId: 'bob', read: false },
  ];

  it('marks only the unread messages sent to me', () => {
    expect(decideMarkRead(actor('alice'), conv(), messages)).toEqual({
      messageIds: ['m2', 'm4'],
    });
    expect(decideMarkRead(actor('bob'), conv(), messages)).toEqual({ messageIds: ['m1'] });
  });

  it('needs an active participant', () => {
    expect(refusal(() => decideMarkRead(null, conv(), messages))).toBe('authRequired');
    expect(refusal(() => decideMarkRead(actor('carol'), conv(), messages))).toBe(
      'conversationNotFound',
    );
    expect(refusal(() => decideMarkRead(actor('bob', { suspended: true }), conv(), []))).toBe(
      'accountSuspended',
    );
    // Reading needs no verified address.
    expect(refusal(() => decideMarkRead(actor('bob', { emailVerified: false }), conv(), []))).toBe(
      'none',
    );
  });
});

describe('decideArchive', () => {
  it('lets an active participant archive for themself', () => {
    expect(decideArchive(actor('bob'), conv())).toBe('bob');
    expect(refusal(() => decideArchive(actor('carol'), conv()))).toBe('conversationNotFound');
    expect(refusal(() => decideArchive(null, conv()))).toBe('authRequired');
    expect(refusal(() => decideArchive(actor('bob', { suspended: true }), conv()))).toBe(
      'accountSuspended',
    );
  });
});

describe('totalUnread', () => {
  it('sums my unread counts, archived conversations included', () => {
    const list = [
      conv({ unreadCount: { alice: 1, bob: 5 } }),
      conv({ id: 'alice_carol', participants: ['alice', 'carol'], unreadCount: { alice: 2 } }),
      conv({
        id: 'alice_dave',
        participants: ['alice', 'dave'],
        unreadCount: { alice: 4 },
        archived: { alice: true },
      }),
    ];
    expect(totalUnread(list, 'alice')).toBe(7);
    expect(totalUnread(list, 'bob')).toBe(5);
    expect(totalUnread([], 'alice')).toBe(0);
  });
});
