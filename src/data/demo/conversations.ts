import { conversationId } from '@/domain/entities/conversation';
import { demoDoc, type DemoDoc, type DemoPart } from './demo-data';
import { DEMO_UIDS, type DemoKey } from './people';

interface ConversationSeed {
  a: DemoKey;
  b: DemoKey;
  /** [sender, content, hours ago], oldest first */
  messages: [DemoKey, string, number][];
}

const CONVERSATIONS: ConversationSeed[] = [
  {
    a: 'hanako',
    b: 'organizer',
    messages: [
      [
        'hanako',
        'はじめまして！週末のフットサルに参加したいのですが、初心者でも大丈夫でしょうか？',
        72,
      ],
      ['organizer', 'はじめまして、山田です。初心者の方も大歓迎です！', 71],
      ['hanako', 'ありがとうございます。シューズは体育館用で大丈夫ですか？', 48],
      ['organizer', 'はい、体育館シューズで大丈夫です。当日お待ちしています！', 20],
    ],
  },
  {
    a: 'ichiro',
    b: 'organizer',
    messages: [
      ['ichiro', '草野球のメンバーはまだ募集していますか？', 24 * 10],
      ['organizer', 'まだ募集しています！ポジションの希望はありますか？', 24 * 9],
      ['ichiro', '外野を希望です。よろしくお願いします。', 24 * 9 - 2],
    ],
  },
  {
    a: 'misaki',
    b: 'hanako',
    messages: [['misaki', '花子さん、来週のナイトヨガ一緒に行きませんか？', 1]],
  },
  {
    // Older than the 90-day window: it exists but stays out of the conversation list.
    a: 'ichiro',
    b: 'misaki',
    messages: [['misaki', 'バドミントンの練習会、またご一緒しましょう。', 24 * 120]],
  },
];

/**
 * One-to-one conversations at conversations/{id} with their messages under
 * conversations/{id}/messages; every message but the last of each has been read.
 */
export const conversations: DemoPart = ({ hoursAgo }) => ({
  docs: CONVERSATIONS.flatMap((c): DemoDoc[] => {
    const a = DEMO_UIDS[c.a];
    const b = DEMO_UIDS[c.b];
    const id = conversationId(a, b);
    const unread: Record<string, number> = { [a]: 0, [b]: 0 };
    const messages = c.messages.map(([sender, content, h], i) => {
      const senderId = DEMO_UIDS[sender];
      const recipient = senderId === a ? b : a;
      const read = i < c.messages.length - 1;
      if (!read) unread[recipient] = (unread[recipient] ?? 0) + 1;
      return demoDoc(`conversations/${id}/messages/${id}-m${i + 1}`, {
        senderId,
        content,
        read,
        readAt: read ? hoursAgo(h - 0.5) : null,
        sentAt: hoursAgo(h),
      });
    });
    const [lastSender, lastContent, lastHours] = c.messages[c.messages.length - 1]!;
    return [
      demoDoc(`conversations/${id}`, {
        participants: [a, b].sort(),
        lastMessage: lastContent,
        lastMessageTime: hoursAgo(lastHours),
        createdAt: hoursAgo(c.messages[0]![2]),
        lastSenderId: DEMO_UIDS[lastSender],
        lastMessageId: `${id}-m${c.messages.length}`,
        unreadCount: unread,
        archived: { [a]: false, [b]: false },
        archivedAt: { [a]: null, [b]: null },
      }),
      ...messages,
    ];
  }),
});
