import { requestIdFor } from '@/domain/entities/participation-request';
import { demoDoc, type DemoClock, type DemoPart } from './demo-data';
import { sportImageURL } from './images';
import { DEMO_UIDS, demoPerson, type DemoKey } from './people';
import { TEAM_EVENTS } from './teams';

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
  /** 先着順 events say so; the rest are 承認制 (no field, as older documents). */
  entryMethod?: 'firstCome';
  organizer: DemoKey;
  participants: DemoKey[];
  /** An event held by a team (docs/teams.md): the team's id and name. */
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
    entryMethod: 'firstCome',
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
    entryMethod: 'firstCome',
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
    entryMethod: 'firstCome',
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
    entryMethod: 'firstCome',
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
    entryMethod: 'firstCome',
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
  ...generatedEvents(),
];

/**
 * More events after the ones above (seed-event-29 onwards), generated rather than written out,
 * so that every list pages with the demo data: the event list (EVENTS_PAGE_SIZE a page),
 * 山田 太郎's organized events, upcoming and past, and the upcoming events 山田 太郎 and
 * 佐藤 花子 take part in (PROFILE_EVENTS_PAGE_SIZE a page). Four organizers take turns; 高橋 美咲
 * takes part in none of the past ones, so her participation history stays the one above.
 */
function generatedEvents(): EventSeed[] {
  const venues = [
    { region: '関東', location: '横浜市港北スポーツセンター' },
    { region: '近畿', location: '神戸市立中央体育館' },
    { region: '中部', location: '静岡市草薙総合運動場 体育館' },
    { region: '九州・沖縄', location: '熊本県民総合運動公園' },
    { region: '東北', location: '青森市スポーツ会館' },
    { region: '北海道', location: '函館市民体育館' },
    { region: '中国', location: '岡山県総合グラウンド' },
    { region: '関東', location: '千葉ポートアリーナ' },
  ];
  const sports = ['フットサル', 'バスケットボール', 'バレーボール', 'バドミントン', '卓球', 'ヨガ'];
  const kinds = [
    {
      name: '交流会',
      level: '誰でも',
      description: '初めての方も気軽にどうぞ。ゲームを中心に楽しみます。',
    },
    {
      name: '練習会',
      level: '初心者',
      description: '基本の動きから練習します。道具の貸し出しがあります。',
    },
    {
      name: 'ステップアップ練習',
      level: '中級者',
      description: '経験者向けに、試合を意識したメニューで練習します。',
    },
  ];
  const times = [
    { label: '午前', start: '09:00', end: '11:00' },
    { label: '午後', start: '14:00', end: '16:00' },
    { label: '夜', start: '19:00', end: '21:00' },
  ];
  const players: DemoKey[] = ['organizer', 'hanako', 'ichiro', 'misaki'];
  const event = (i: number, day: number, organizer: DemoKey, past: boolean): EventSeed => {
    const sport = sports[i % sports.length]!;
    const kind = kinds[Math.floor(i / 3) % kinds.length]!;
    const time = times[i % times.length]!;
    const venue = venues[i % venues.length]!;
    // The others, first one to all three of them; past events without 高橋 美咲.
    const others = players.filter((k) => k !== organizer && !(past && k === 'misaki'));
    return {
      sport,
      title: `${time.label}の${sport}${kind.name}`,
      description: past ? 'ご参加ありがとうございました。' : kind.description,
      region: venue.region,
      location: venue.location,
      level: kind.level,
      day,
      start: time.start,
      end: time.end,
      fee: [0, 500, 800, 1000, 1500][i % 5]!,
      capacity: 8 + (i % 4) * 4,
      status: past ? (i % 5 === 4 ? 'cancelled' : 'finished') : i % 7 === 3 ? 'closed' : 'open',
      organizer,
      participants: others.slice(0, 1 + (i % others.length)),
    };
  };
  return [
    // 22 upcoming, every other day from tomorrow.
    ...Array.from({ length: 22 }, (_, i) => event(i, 1 + 2 * i, players[i % 4]!, false)),
    // 14 past, from two days ago back, half of them 山田 太郎's.
    ...Array.from({ length: 14 }, (_, i) =>
      event(i + 22, -2 - 6 * i, i % 2 === 0 ? 'organizer' : players[1 + (i % 3)]!, true),
    ),
  ];
}

/** The seed id of the n-th (1-based) event above. */
export function seedEventId(n: number): string {
  return `seed-event-${String(n).padStart(2, '0')}`;
}

/** The title and organizer of the n-th (1-based) event above. */
export function demoEvent(n: number): { title: string; organizer: DemoKey } {
  const e = EVENTS[n - 1];
  if (!e) throw new Error(`No demo event ${n}`);
  return { title: e.title, organizer: e.organizer };
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

/**
 * The n-th (1-based) participation request above: its id is the one the app gives a user's
 * request for an event (requestIdFor: `<eventId>_<uid>`, one per user and event), and its times
 * are those of the request's document.
 */
export function demoRequest(
  n: number,
  { hoursAgo }: Pick<DemoClock, 'hoursAgo'>,
): RequestSeed & { id: string; eventId: string; createdAt: Date; updatedAt: Date } {
  const r = REQUESTS[n - 1];
  if (!r) throw new Error(`No demo request ${n}`);
  const eventId = seedEventId(r.event);
  return {
    ...r,
    id: requestIdFor(eventId, DEMO_UIDS[r.user]),
    eventId,
    createdAt: hoursAgo(r.daysAgo * 24 + 2),
    updatedAt: hoursAgo(r.status === 'pending' ? r.daysAgo * 24 + 2 : r.daysAgo * 24),
  };
}

/** The id of the n-th (1-based) participation request above (`<eventId>_<uid>`). */
export function seedRequestId(n: number): string {
  return demoRequest(n, { hoursAgo: () => new Date(0) }).id;
}

/**
 * Events from 80 days ago to 45 days ahead (every sport, region, level and status, some full;
 * enough of them for every list to page) and participation requests in every state, consistent
 * with the participants.
 */
export const events: DemoPart = ({ day, hoursAgo }) => ({
  docs: [
    ...EVENTS.map((e, i) => {
      const organizer = demoPerson(e.organizer);
      return demoDoc(`events/${seedEventId(i + 1)}`, {
        title: e.title,
        description: e.description,
        sportType: e.sport,
        location: e.location,
        region: e.region,
        level: e.level,
        teamId: e.teamId ?? '',
        teamName: e.teamName ?? '',
        organizerId: organizer.uid,
        organizerName: organizer.displayName,
        organizerPhotoURL: organizer.photoURL,
        participants: e.participants.map((k) => DEMO_UIDS[k]),
        status: e.status,
        ...(e.entryMethod ? { entryMethod: e.entryMethod } : {}),
        date: day(e.day),
        startTime: e.start,
        endTime: e.end,
        fee: e.fee,
        capacity: e.capacity,
        imageURL: sportImageURL(e.sport),
        imagePath: '',
        createdAt: day(Math.min(e.day, 0) - 14),
      });
    }),
    ...REQUESTS.map((_, i) => {
      const r = demoRequest(i + 1, { hoursAgo });
      return demoDoc(`participationRequests/${r.id}`, {
        userId: DEMO_UIDS[r.user],
        eventId: r.eventId,
        message: r.message,
        status: r.status,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
      });
    }),
    // The staff dashboard's count of pending requests, which the request writes keep.
    demoDoc('stats/participation', {
      pending: REQUESTS.filter((_, i) => demoRequest(i + 1, { hoursAgo }).status === 'pending')
        .length,
      lastRequest: '',
    }),
  ],
});
