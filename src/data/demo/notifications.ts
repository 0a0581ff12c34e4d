import type { NotificationType } from '@/domain/entities/notification';
import { conversationId } from '@/domain/entities/conversation';
import { demoDoc, type DemoPart } from './demo-data';
import { seedEventId } from './events';
import { DEMO_UIDS, type DemoKey } from './people';

interface NotificationSeed {
  user: DemoKey;
  type: NotificationType;
  title: string;
  content: string;
  data: Record<string, unknown>;
  read: boolean;
  hoursAgo: number;
}

const NOTIFICATIONS: NotificationSeed[] = [
  {
    user: 'organizer',
    type: 'participation_request',
    title: '参加リクエストが届きました',
    content: '高橋 美咲さんが「週末エンジョイフットサル」への参加をリクエストしました',
    data: { eventId: seedEventId(1), userId: DEMO_UIDS.misaki },
    read: false,
    hoursAgo: 20,
  },
  {
    user: 'organizer',
    type: 'participation_request',
    title: '参加リクエストが届きました',
    content: '鈴木 一郎さんが「初心者向けテニス練習会」への参加をリクエストしました',
    data: { eventId: seedEventId(2), userId: DEMO_UIDS.ichiro },
    read: false,
    hoursAgo: 44,
  },
  {
    user: 'organizer',
    type: 'system',
    title: 'スポーツコミュニティへようこそ',
    content: 'プロフィールを設定して、イベントを作成してみましょう。',
    data: {},
    read: true,
    hoursAgo: 24 * 30,
  },
  {
    user: 'hanako',
    type: 'participation_approved',
    title: '参加リクエストが承認されました',
    content: '「週末エンジョイフットサル」への参加が承認されました',
    data: { eventId: seedEventId(1) },
    read: true,
    hoursAgo: 24 * 5,
  },
  {
    user: 'hanako',
    type: 'participation_rejected',
    title: '参加リクエストが承認されませんでした',
    content: '「皇居ラン 10km」への参加リクエストは承認されませんでした',
    data: { eventId: seedEventId(6) },
    read: false,
    hoursAgo: 24 * 2,
  },
  {
    user: 'hanako',
    type: 'message',
    title: '新しいメッセージ',
    content: '山田 太郎さんからメッセージが届きました',
    data: { conversationId: conversationId(DEMO_UIDS.hanako, DEMO_UIDS.organizer) },
    read: false,
    hoursAgo: 20,
  },
  {
    user: 'ichiro',
    type: 'participation_approved',
    title: '参加リクエストが承認されました',
    content: '「週末エンジョイフットサル」への参加が承認されました',
    data: { eventId: seedEventId(1) },
    read: false,
    hoursAgo: 24 * 4,
  },
  {
    user: 'ichiro',
    type: 'participation_request',
    title: '参加リクエストが届きました',
    content: '佐藤 花子さんが「平日夜の3on3バスケ」への参加をリクエストしました',
    data: { eventId: seedEventId(3), userId: DEMO_UIDS.hanako },
    read: false,
    hoursAgo: 22,
  },
  {
    user: 'misaki',
    type: 'participation_approved',
    title: '参加リクエストが承認されました',
    content: '「皇居ラン 10km」への参加が承認されました',
    data: { eventId: seedEventId(6) },
    read: true,
    hoursAgo: 24 * 6,
  },
  {
    user: 'misaki',
    type: 'system',
    title: 'メンテナンスのお知らせ',
    content: '今週末の深夜に短時間のメンテナンスを予定しています。',
    data: {},
    read: false,
    hoursAgo: 3,
  },
];

/** Read and unread notifications of several types for every participant. */
export const notifications: DemoPart = ({ hoursAgo }) => ({
  docs: NOTIFICATIONS.map((n, i) =>
    demoDoc(`notifications/seed-notification-${String(i + 1).padStart(2, '0')}`, {
      userId: DEMO_UIDS[n.user],
      type: n.type,
      title: n.title,
      content: n.content,
      data: n.data,
      read: n.read,
      timestamp: hoursAgo(n.hoursAgo),
      clientTimestamp: hoursAgo(n.hoursAgo),
    }),
  ),
});
