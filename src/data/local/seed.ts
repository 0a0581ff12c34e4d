import { conversationId } from '@/domain/entities/conversation';
import type { NotificationType } from '@/domain/entities/notification';
import { requestIdFor } from '@/domain/entities/participation-request';
import type {
  AccountRow,
  ConversationRow,
  DocRow,
  EventRow,
  LocalDb,
  MessageRow,
  NotificationRow,
  RequestRow,
} from './db';
import { addDays, startOfDay } from './day';
import { hashNewPassword } from './password-hash';
import { buildStaffSeed } from './seed-staff';
import { withPrivateProfiles } from './seed-profiles';
import { buildTeamSeed, TEAM_EVENTS } from './seed-teams';
import { avatarURL, sportImageURL } from './sport-images';

/** One password for every demo account; it satisfies the password policy (letters and digits, 8+). */
export const DEMO_PASSWORD = 'demo1234';

/** Deterministic ids, so tests and demos can point at seeded documents by name. */
export const DEMO_UIDS = {
  organizer: 'demo-organizer',
  hanako: 'demo-hanako',
  ichiro: 'demo-ichiro',
  misaki: 'demo-misaki',
  admin: 'demo-admin',
  moderator: 'demo-moderator',
} as const;

export type DemoKey = keyof typeof DEMO_UIDS;

interface DemoPerson {
  key: DemoKey;
  email: string;
  displayName: string;
  label: string;
  bio: string;
  location: string;
  gender: string;
  birthDate: string;
  color: string;
  role?: 'admin' | 'moderator';
  customUserId: string;
}

const PEOPLE: DemoPerson[] = [
  {
    key: 'organizer',
    email: 'organizer@example.com',
    displayName: '山田 太郎',
    label: '主催者（山田 太郎）',
    bio: '週末を中心にフットサルやランニングのイベントを主催しています。初めての方も大歓迎です！',
    location: '東京都世田谷区',
    gender: 'male',
    birthDate: '1988-04-12',
    color: '#0f766e',
    customUserId: 'user_yamada01',
  },
  {
    key: 'hanako',
    email: 'hanako@example.com',
    displayName: '佐藤 花子',
    label: '参加者（佐藤 花子）',
    bio: 'テニスとヨガが好きです。運動不足解消のために、いろいろなスポーツに挑戦中です。',
    location: '神奈川県横浜市',
    gender: 'female',
    birthDate: '1995-09-03',
    color: '#db2777',
    customUserId: 'user_hanako01',
  },
  {
    key: 'ichiro',
    email: 'ichiro@example.com',
    displayName: '鈴木 一郎',
    label: '参加者（鈴木 一郎）',
    bio: '学生時代はバスケットボール部でした。社会人になっても体を動かす仲間を探しています。',
    location: '大阪府大阪市',
    gender: 'male',
    birthDate: '1990-01-20',
    color: '#ea580c',
    customUserId: 'user_ichiro01',
  },
  {
    key: 'misaki',
    email: 'misaki@example.com',
    displayName: '高橋 美咲',
    label: '参加者（高橋 美咲）',
    bio: 'バドミントン歴10年です。一緒に楽しく練習できる仲間を募集しています。',
    location: '福岡県福岡市',
    gender: 'female',
    birthDate: '1993-06-28',
    color: '#7c3aed',
    customUserId: 'user_misaki01',
  },
  {
    key: 'admin',
    email: 'admin@example.com',
    displayName: '運営事務局',
    label: '管理者',
    bio: 'スポーツコミュニティの運営事務局です。お困りのことがあればお問い合わせください。',
    location: '東京都千代田区',
    gender: 'unspecified',
    birthDate: '',
    color: '#334155',
    role: 'admin',
    customUserId: 'user_admin001',
  },
  {
    key: 'moderator',
    email: 'moderator@example.com',
    displayName: '運営サポート 中村',
    label: 'モデレーター',
    bio: '運営事務局で通報の確認やイベントの見守りを担当しています。',
    location: '東京都千代田区',
    gender: 'unspecified',
    birthDate: '',
    color: '#0369a1',
    role: 'moderator',
    customUserId: 'user_moder001',
  },
];

export const DEMO_ACCOUNTS: { email: string; password: string; label: string }[] = PEOPLE.map(
  (p) => ({
    email: p.email,
    password: DEMO_PASSWORD,
    label: p.label,
  }),
);

export interface EventSeed {
  sport: string;
  title: string;
  description: string;
  region: string;
  location: string;
  level: string;
  /** Days from today; negative is past. */
  day: number;
  start: string;
  end: string;
  fee: number;
  capacity: number;
  status: 'open' | 'closed' | 'cancelled' | 'finished';
  organizer: DemoKey;
  participants: DemoKey[];
  teamId?: string;
  teamName?: string;
}

const EVENTS: EventSeed[] = [
  {
    sport: 'フットサル',
    title: '週末エンジョイフットサル',
    description:
      '経験者も初心者も一緒に楽しむエンジョイフットサルです。ビブスとボールはこちらで用意します。',
    region: '関東',
    location: '世田谷区総合運動場 体育館',
    level: '誰でも',
    day: 3,
    start: '10:00',
    end: '12:00',
    fee: 1000,
    capacity: 10,
    status: 'open',
    organizer: 'organizer',
    participants: ['hanako', 'ichiro'],
    teamId: 'seed-team-01',
    teamName: '世田谷フットサルクラブ',
  },
  {
    sport: 'テニス',
    title: '初心者向けテニス練習会',
    description: 'ラケットの握り方から丁寧にお教えします。ラケットの貸し出しもあります。',
    region: '関東',
    location: '有明テニスの森公園',
    level: '初心者',
    day: 5,
    start: '09:00',
    end: '11:00',
    fee: 1500,
    capacity: 8,
    status: 'open',
    organizer: 'organizer',
    participants: ['hanako'],
  },
  {
    sport: 'バスケットボール',
    title: '平日夜の3on3バスケ',
    description: '仕事終わりに汗を流しましょう。試合形式が中心です。',
    region: '近畿',
    location: '大阪市中央体育館',
    level: '中級者',
    day: 6,
    start: '19:00',
    end: '21:00',
    fee: 800,
    capacity: 6,
    status: 'open',
    organizer: 'ichiro',
    participants: ['organizer'],
  },
  {
    sport: 'ヨガ',
    title: '朝ヨガ in 代々木公園',
    description: '芝生の上で気持ちよく体をほぐします。ヨガマットをお持ちください。',
    region: '関東',
    location: '代々木公園 中央広場',
    level: '誰でも',
    day: 7,
    start: '07:00',
    end: '08:00',
    fee: 500,
    capacity: 15,
    status: 'open',
    organizer: 'hanako',
    participants: ['misaki'],
  },
  {
    sport: 'バドミントン',
    title: 'バドミントンダブルス交流会',
    description:
      'ダブルスのゲームを中心に交流します。現在満員のため、キャンセルが出た場合のみ参加できます。',
    region: '九州・沖縄',
    location: '福岡市民体育館',
    level: '中級者',
    day: 8,
    start: '13:00',
    end: '16:00',
    fee: 700,
    capacity: 4,
    status: 'open',
    organizer: 'misaki',
    participants: ['organizer', 'hanako', 'ichiro', 'admin'],
  },
  {
    sport: 'ランニング',
    title: '皇居ラン 10km',
    description: 'キロ6分ペースで皇居を2周します。ゴール後は近くのカフェで休憩します。',
    region: '関東',
    location: '皇居外苑 桜田門',
    level: '誰でも',
    day: 10,
    start: '07:30',
    end: '09:00',
    fee: 0,
    capacity: 20,
    status: 'open',
    organizer: 'organizer',
    participants: ['ichiro', 'misaki'],
  },
  {
    sport: 'サッカー',
    title: 'ソサイチ（8人制サッカー）',
    description: '経験者向けの8人制サッカーです。メンバーが揃ったため募集を締め切りました。',
    region: '中部',
    location: '名古屋市港サッカー場',
    level: '上級者',
    day: 12,
    start: '18:00',
    end: '20:00',
    fee: 1200,
    capacity: 16,
    status: 'closed',
    organizer: 'organizer',
    participants: [],
  },
  {
    sport: 'バレーボール',
    title: 'ソフトバレーボール体験会',
    description: 'やわらかいボールを使うので初めての方でも安心です。',
    region: '東北',
    location: '仙台市体育館',
    level: '初心者',
    day: 14,
    start: '10:00',
    end: '12:00',
    fee: 300,
    capacity: 12,
    status: 'open',
    organizer: 'hanako',
    participants: [],
  },
  {
    sport: '卓球',
    title: '卓球ダブルス大会',
    description: '当日ペアを決めて総当たり戦を行います。',
    region: '中国',
    location: '広島県立総合体育館',
    level: '中級者',
    day: 15,
    start: '13:00',
    end: '17:00',
    fee: 1000,
    capacity: 3,
    status: 'open',
    organizer: 'organizer',
    participants: ['hanako', 'misaki', 'ichiro'],
  },
  {
    sport: '野球',
    title: '草野球メンバー募集',
    description: '練習試合のメンバーを募集しています。グローブの貸し出しもあります。',
    region: '北海道',
    location: '札幌市円山球場',
    level: '誰でも',
    day: 18,
    start: '09:00',
    end: '12:00',
    fee: 1000,
    capacity: 18,
    status: 'open',
    organizer: 'ichiro',
    participants: ['organizer'],
  },
  {
    sport: 'その他',
    title: 'ボルダリング体験',
    description: 'シューズとチョークはジムで借りられます。動きやすい服装でお越しください。',
    region: '四国',
    location: '松山市クライミングジム',
    level: '初心者',
    day: 20,
    start: '14:00',
    end: '16:00',
    fee: 2000,
    capacity: 6,
    status: 'open',
    organizer: 'misaki',
    participants: [],
  },
  {
    sport: 'フットサル',
    title: '女子フットサル練習会',
    description: '女性限定のフットサル練習会です。基礎練習とミニゲームを行います。',
    region: '近畿',
    location: '京都市西京極総合運動公園',
    level: '初心者',
    day: 21,
    start: '19:00',
    end: '21:00',
    fee: 800,
    capacity: 10,
    status: 'open',
    organizer: 'hanako',
    participants: ['misaki'],
  },
  {
    sport: 'テニス',
    title: 'テニス ダブルス練習（中級）',
    description: '雨天のため中止になりました。',
    region: '関東',
    location: '駒沢オリンピック公園',
    level: '中級者',
    day: 24,
    start: '10:00',
    end: '13:00',
    fee: 2000,
    capacity: 4,
    status: 'cancelled',
    organizer: 'organizer',
    participants: [],
  },
  {
    sport: 'ランニング',
    title: '大阪城公園 朝ラン',
    description: '大阪城公園を自分のペースで走ります。',
    region: '近畿',
    location: '大阪城公園 青屋門',
    level: '誰でも',
    day: 27,
    start: '06:30',
    end: '07:30',
    fee: 0,
    capacity: 30,
    status: 'open',
    organizer: 'ichiro',
    participants: [],
  },
  {
    sport: 'サッカー',
    title: 'シニアサッカー交流戦',
    description: '40歳以上の方を中心にした交流戦です。',
    region: '九州・沖縄',
    location: '那覇市陸上競技場',
    level: '誰でも',
    day: 30,
    start: '09:00',
    end: '11:00',
    fee: 500,
    capacity: 22,
    status: 'open',
    organizer: 'organizer',
    participants: ['ichiro'],
  },
  {
    sport: 'ヨガ',
    title: 'リラックスナイトヨガ',
    description: '一日の終わりにゆったりとしたヨガで心と体を整えます。',
    region: '中部',
    location: '金沢市スポーツセンター スタジオ',
    level: '誰でも',
    day: 35,
    start: '20:00',
    end: '21:00',
    fee: 1500,
    capacity: 10,
    status: 'open',
    organizer: 'misaki',
    participants: ['hanako'],
  },
  {
    sport: 'バスケットボール',
    title: '初心者バスケ教室',
    description: 'ドリブルやシュートの基本から練習します。',
    region: '北海道',
    location: '旭川市総合体育館',
    level: '初心者',
    day: 40,
    start: '10:00',
    end: '12:00',
    fee: 500,
    capacity: 15,
    status: 'open',
    organizer: 'organizer',
    participants: [],
  },
  {
    sport: 'バドミントン',
    title: 'バドミントン初心者レッスン',
    description: 'シャトルの打ち方から丁寧に教えます。',
    region: '関東',
    location: 'さいたま市記念総合体育館',
    level: '初心者',
    day: 45,
    start: '18:30',
    end: '20:30',
    fee: 600,
    capacity: 8,
    status: 'open',
    organizer: 'misaki',
    participants: [],
  },
  {
    sport: '卓球',
    title: '仕事帰りのナイト卓球',
    description: '今日の夜に開催します。ラケットの貸し出しがあります。',
    region: '関東',
    location: '渋谷区スポーツセンター',
    level: '誰でも',
    day: 0,
    start: '19:00',
    end: '21:00',
    fee: 500,
    capacity: 8,
    status: 'open',
    organizer: 'organizer',
    participants: ['hanako'],
  },
  {
    sport: 'フットサル',
    title: '先週のエンジョイフットサル',
    description: 'たくさんのご参加ありがとうございました。',
    region: '関東',
    location: '世田谷区総合運動場 体育館',
    level: '誰でも',
    day: -7,
    start: '10:00',
    end: '12:00',
    fee: 1000,
    capacity: 10,
    status: 'finished',
    organizer: 'organizer',
    participants: ['hanako', 'ichiro', 'misaki'],
  },
  {
    sport: 'テニス',
    title: 'テニス基礎練習会',
    description: 'フォアハンドとバックハンドの基礎を練習しました。',
    region: '関東',
    location: '有明テニスの森公園',
    level: '初心者',
    day: -14,
    start: '09:00',
    end: '11:00',
    fee: 1500,
    capacity: 8,
    status: 'finished',
    organizer: 'organizer',
    participants: ['hanako'],
  },
  {
    sport: 'ランニング',
    title: '淀川河川敷ラン',
    description: '河川敷を気持ちよく走りました。',
    region: '近畿',
    location: '淀川河川公園',
    level: '誰でも',
    day: -21,
    start: '07:00',
    end: '08:30',
    fee: 0,
    capacity: 20,
    status: 'finished',
    organizer: 'ichiro',
    participants: ['organizer', 'hanako'],
  },
  {
    sport: 'バレーボール',
    title: '6人制バレーボール練習会',
    description: 'サーブとレシーブを中心に練習しました。',
    region: '東北',
    location: '盛岡市総合アリーナ',
    level: '中級者',
    day: -30,
    start: '13:00',
    end: '16:00',
    fee: 500,
    capacity: 12,
    status: 'finished',
    organizer: 'hanako',
    participants: ['misaki', 'ichiro'],
  },
  {
    sport: 'サッカー',
    title: '河川敷サッカー',
    description: '締め切り後に開催されたイベントです。',
    region: '関東',
    location: '多摩川河川敷グラウンド',
    level: '誰でも',
    day: -3,
    start: '15:00',
    end: '17:00',
    fee: 0,
    capacity: 22,
    status: 'closed',
    organizer: 'organizer',
    participants: ['ichiro'],
  },
  {
    sport: 'ヨガ',
    title: 'ビーチヨガ',
    description: '荒天のため中止しました。',
    region: '九州・沖縄',
    location: '百道浜',
    level: '誰でも',
    day: -45,
    start: '08:00',
    end: '09:00',
    fee: 1000,
    capacity: 15,
    status: 'cancelled',
    organizer: 'misaki',
    participants: [],
  },
  {
    sport: '野球',
    title: '春の草野球大会',
    description: '3チームによる総当たり戦を行いました。',
    region: '北海道',
    location: '札幌市円山球場',
    level: '誰でも',
    day: -60,
    start: '09:00',
    end: '15:00',
    fee: 1500,
    capacity: 27,
    status: 'finished',
    organizer: 'organizer',
    participants: ['ichiro', 'hanako'],
  },
  ...TEAM_EVENTS,
];

/** The seed id of the n-th (1-based) event above. */
export function seedEventId(n: number): string {
  return `seed-event-${String(n).padStart(2, '0')}`;
}

interface RequestSeed {
  user: DemoKey;
  event: number;
  status: 'pending' | 'approved' | 'rejected';
  message: string;
  daysAgo: number;
}

const REQUESTS: RequestSeed[] = [
  {
    user: 'hanako',
    event: 1,
    status: 'approved',
    message: 'はじめて参加します。よろしくお願いします！',
    daysAgo: 6,
  },
  {
    user: 'ichiro',
    event: 1,
    status: 'approved',
    message: '久しぶりのフットサル、楽しみです。',
    daysAgo: 5,
  },
  {
    user: 'misaki',
    event: 1,
    status: 'pending',
    message: 'フットサルは初めてですが参加できますか？',
    daysAgo: 1,
  },
  {
    user: 'ichiro',
    event: 2,
    status: 'pending',
    message: 'テニスを始めたいと思っています。',
    daysAgo: 2,
  },
  { user: 'hanako', event: 2, status: 'approved', message: 'よろしくお願いします。', daysAgo: 4 },
  {
    user: 'hanako',
    event: 3,
    status: 'pending',
    message: 'バスケは中学以来ですが参加したいです。',
    daysAgo: 1,
  },
  { user: 'misaki', event: 7, status: 'rejected', message: '参加希望です。', daysAgo: 8 },
  {
    user: 'hanako',
    event: 6,
    status: 'rejected',
    message: '10km完走できるか不安ですが参加したいです。',
    daysAgo: 3,
  },
  {
    user: 'hanako',
    event: 17,
    status: 'pending',
    message: '初心者ですがよろしくお願いします。',
    daysAgo: 0,
  },
  { user: 'misaki', event: 6, status: 'approved', message: '朝ラン大好きです！', daysAgo: 7 },
];

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
 * Writes the demo data if the database is empty. Times are relative to `now`, so there are
 * always upcoming events, recent messages and fresh notifications whenever the demo starts.
 */
export async function seedIfEmpty(
  db: LocalDb,
  opts: { now: Date; iterations: number },
): Promise<boolean> {
  if ((await db.accounts.count()) > 0 || (await db.events.count()) > 0) return false;
  // Hashing happens before the transaction: IndexedDB ends a transaction that waits on anything else.
  const accounts = await Promise.all(PEOPLE.map((p) => accountFor(p, opts.now, opts.iterations)));
  const data = buildSeed(opts.now);
  return db.transaction('rw', db.allTables(), async () => {
    // Another tab may have seeded while we were hashing.
    if ((await db.accounts.count()) > 0 || (await db.events.count()) > 0) return false;
    await db.accounts.bulkAdd(accounts);
    await db.users.bulkAdd(data.users);
    await db.privateDocs.bulkAdd(data.privateDocs);
    await db.events.bulkAdd(data.events);
    await db.participationRequests.bulkAdd(data.requests);
    await db.notifications.bulkAdd(data.notifications);
    await db.conversations.bulkAdd(data.conversations);
    await db.messages.bulkAdd(data.messages);
    await db.teams.bulkAdd(data.teams);
    const staff = buildStaffSeed(opts.now, DEMO_UIDS, data.users, data.events);
    await db.reports.bulkAdd(staff.reports);
    await db.auditLog.bulkAdd(staff.auditLog);
    await db.meta.put(staff.config);
    await db.teamJoinRequests.bulkAdd(data.teamJoinRequests);
    await db.meta.put({ key: 'seededAt', value: opts.now });
    return true;
  });
}

/** Empties every table; the caller reseeds. */
export async function wipe(db: LocalDb): Promise<void> {
  await db.transaction('rw', db.allTables(), async () => {
    await Promise.all(db.allTables().map((t) => t.clear()));
  });
}

async function accountFor(p: DemoPerson, now: Date, iterations: number): Promise<AccountRow> {
  return {
    uid: DEMO_UIDS[p.key],
    email: p.email,
    ...(await hashNewPassword(DEMO_PASSWORD, iterations)),
    emailVerified: true,
    displayName: p.displayName,
    photoURL: avatarURL(p.displayName, p.color),
    createdAt: addDays(now, -120),
  };
}

function buildSeed(now: Date) {
  const today = startOfDay(now);
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  const person = (k: DemoKey) => PEOPLE.find((p) => p.key === k)!;

  const people: DocRow[] = PEOPLE.map((p, i) => ({
    id: DEMO_UIDS[p.key],
    email: p.email,
    displayName: p.displayName,
    photoURL: avatarURL(p.displayName, p.color),
    bio: p.bio,
    location: p.location,
    gender: p.gender,
    birthDate: p.birthDate,
    emailVerified: true,
    customUserId: p.customUserId,
    firebaseUid: DEMO_UIDS[p.key],
    agreedAt: addDays(now, -120 + i),
    createdAt: addDays(now, -120 + i),
    role: p.role ?? 'user',
    lastLoginAt: hoursAgo(24 + i * 5),
    isActive: true,
  }));
  const { users, privateDocs } = withPrivateProfiles(people, now);

  const events: EventRow[] = EVENTS.map((e, i) => {
    const organizer = person(e.organizer);
    return {
      id: seedEventId(i + 1),
      title: e.title,
      description: e.description,
      sportType: e.sport,
      location: e.location,
      region: e.region,
      level: e.level,
      teamId: e.teamId ?? '',
      teamName: e.teamName ?? '',
      organizerId: DEMO_UIDS[e.organizer],
      organizerName: organizer.displayName,
      organizerPhotoURL: avatarURL(organizer.displayName, organizer.color),
      participants: e.participants.map((k) => DEMO_UIDS[k]),
      status: e.status,
      date: addDays(today, e.day),
      startTime: e.start,
      endTime: e.end,
      fee: e.fee,
      capacity: e.capacity,
      imageURL: sportImageURL(e.sport),
      imagePath: '',
      createdAt: addDays(today, Math.min(e.day, 0) - 14),
    };
  });

  const requests: RequestRow[] = REQUESTS.map((r) => ({
    id: requestIdFor(seedEventId(r.event), DEMO_UIDS[r.user]),
    userId: DEMO_UIDS[r.user],
    eventId: seedEventId(r.event),
    message: r.message,
    status: r.status,
    createdAt: hoursAgo(r.daysAgo * 24 + 2),
    updatedAt: hoursAgo(r.status === 'pending' ? r.daysAgo * 24 + 2 : r.daysAgo * 24),
  }));

  const notifications: NotificationRow[] = NOTIFICATIONS.map((n, i) => ({
    id: `seed-notification-${String(i + 1).padStart(2, '0')}`,
    userId: DEMO_UIDS[n.user],
    type: n.type,
    title: n.title,
    content: n.content,
    data: n.data,
    read: n.read,
    timestamp: hoursAgo(n.hoursAgo),
    clientTimestamp: hoursAgo(n.hoursAgo),
  }));

  const conversations: ConversationRow[] = [];
  const messages: MessageRow[] = [];
  for (const c of CONVERSATIONS) {
    const a = DEMO_UIDS[c.a];
    const b = DEMO_UIDS[c.b];
    const id = conversationId(a, b);
    const unread: Record<string, number> = { [a]: 0, [b]: 0 };
    c.messages.forEach(([sender, content, h], i) => {
      const senderId = DEMO_UIDS[sender];
      const recipient = senderId === a ? b : a;
      // Everything but the last message has been read by its recipient.
      const read = i < c.messages.length - 1;
      if (!read) unread[recipient] = (unread[recipient] ?? 0) + 1;
      messages.push({
        id: `${id}-m${i + 1}`,
        conversationId: id,
        senderId,
        content,
        read,
        readAt: read ? hoursAgo(h - 0.5) : null,
        sentAt: hoursAgo(h),
      });
    });
    const [lastSender, lastContent, lastHours] = c.messages[c.messages.length - 1]!;
    conversations.push({
      id,
      participants: [a, b].sort(),
      lastMessage: lastContent,
      lastMessageTime: hoursAgo(lastHours),
      createdAt: hoursAgo(c.messages[0]![2]),
      lastSenderId: DEMO_UIDS[lastSender],
      lastMessageId: `${id}-m${c.messages.length}`,
      unreadCount: unread,
      archived: { [a]: false, [b]: false },
      archivedAt: { [a]: null, [b]: null },
    });
  }

  const teamSeed = buildTeamSeed(now, (k) => DEMO_UIDS[k]);
  return {
    users,
    privateDocs,
    events,
    requests,
    notifications: [...notifications, ...teamSeed.notifications],
    conversations,
    messages,
    teams: teamSeed.teams,
    teamJoinRequests: teamSeed.requests,
  };
}
