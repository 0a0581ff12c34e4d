import { notificationIdFor, type TeamNotificationType } from '@/domain/entities/notification';
import { teamRequestIdFor } from '@/domain/entities/team';
import { demoDoc, type DemoPart } from './demo-data';
import type { EventSeed } from './events';
import { sportImageURL } from './images';
import { DEMO_UIDS, demoPerson, type DemoKey } from './people';

/**
 * The teams of the demo (docs/teams.md): recruiting, closed and full teams, members, a pending
 * request waiting for 山田 太郎 (seed-team-01's owner), answered requests with their
 * notifications, and events held by teams (appended to the events part). Deterministic ids
 * (seed-team-01 …) for tests.
 */
interface TeamSeed {
  id: string;
  name: string;
  description: string;
  sportType: string;
  region: string;
  level: string;
  activity: string;
  owner: DemoKey;
  /** The other members, in the order they joined. */
  members: DemoKey[];
  maxMembers: number;
  recruiting: boolean;
  daysAgo: number;
}

const TEAMS: TeamSeed[] = [
  {
    id: 'seed-team-01',
    name: '世田谷フットサルクラブ',
    description:
      '世田谷区を拠点に毎週末フットサルを楽しんでいるチームです。経験者も初心者も一緒にプレーしています。練習のあとはみんなでランチに行くこともあります。',
    sportType: 'フットサル',
    region: '関東',
    level: '誰でも',
    activity: '毎週土曜 10:00〜12:00',
    owner: 'organizer',
    members: ['hanako', 'ichiro'],
    maxMembers: 20,
    recruiting: true,
    daysAgo: 60,
  },
  {
    id: 'seed-team-02',
    name: '福岡バドミントン同好会',
    description: '福岡市内の体育館で練習しています。中級者中心ですが見学も歓迎です。',
    sportType: 'バドミントン',
    region: '九州・沖縄',
    level: '中級者',
    activity: '毎週水曜 19:00〜21:00',
    owner: 'misaki',
    members: ['hanako'],
    maxMembers: 12,
    recruiting: true,
    daysAgo: 30,
  },
  {
    id: 'seed-team-03',
    name: '大阪ナイトバスケ',
    description:
      '仕事帰りに大阪市内の体育館で集まっています。試合形式の練習が中心で、月に一度は他チームと練習試合をしています。',
    sportType: 'バスケットボール',
    region: '近畿',
    level: '中級者',
    activity: '毎週金曜 夜',
    owner: 'ichiro',
    members: ['organizer'],
    maxMembers: 10,
    recruiting: true,
    daysAgo: 21,
  },
  {
    id: 'seed-team-04',
    name: '湘南ビーチランナーズ',
    description:
      '海沿いをのんびり走るランニングチームです。ペースは人それぞれ、完走より楽しさ重視です。',
    sportType: 'ランニング',
    region: '関東',
    level: '初心者',
    activity: '月2回 日曜の朝',
    owner: 'hanako',
    members: ['misaki'],
    maxMembers: 30,
    recruiting: true,
    daysAgo: 14,
  },
  {
    id: 'seed-team-05',
    name: '横浜テニス倶楽部',
    description:
      '大会出場を目指して練習しているチームです。現在はメンバーの募集をお休みしています。',
    sportType: 'テニス',
    region: '関東',
    level: '上級者',
    activity: '毎週日曜',
    owner: 'organizer',
    members: [],
    maxMembers: 8,
    recruiting: false,
    daysAgo: 9,
  },
  {
    id: 'seed-team-06',
    name: '卓球サークル ピンポンズ',
    description: '少人数でじっくり練習する卓球サークルです。',
    sportType: '卓球',
    region: '近畿',
    level: '誰でも',
    activity: '月2回 土曜',
    owner: 'ichiro',
    members: ['misaki', 'organizer', 'hanako'],
    maxMembers: 4,
    recruiting: true,
    daysAgo: 3,
  },
  ...generatedTeams(),
];

/**
 * More teams after the six above (seed-team-07 onwards), generated rather than written out, so
 * that the team list pages (TEAMS_PAGE_SIZE a page) with the demo data. They are older than the
 * six, which stay first in the list, and 山田 太郎 is in none of them, so the teams he may hold
 * events for stay the ones above.
 */
function generatedTeams(): TeamSeed[] {
  const places = [
    { city: '横浜', region: '関東' },
    { city: '神戸', region: '近畿' },
    { city: '仙台', region: '東北' },
    { city: '札幌', region: '北海道' },
    { city: '広島', region: '中国' },
    { city: '名古屋', region: '中部' },
    { city: '高松', region: '四国' },
    { city: '那覇', region: '九州・沖縄' },
  ];
  const sports = [
    'フットサル',
    'バスケットボール',
    'バレーボール',
    'バドミントン',
    '卓球',
    'ランニング',
    'ヨガ',
    'サッカー',
  ];
  const names = ['クラブ', 'サークル', '同好会', '愛好会'];
  const activities = ['毎週土曜の午前', '毎週日曜の午後', '平日の夜（月2回）', '第1・第3日曜'];
  const levels = ['誰でも', '初心者', '中級者', '誰でも'];
  const owners: DemoKey[] = ['hanako', 'ichiro', 'misaki'];
  return Array.from({ length: 16 }, (_, i) => {
    const place = places[i % places.length]!;
    // Shifted by one on the second round, so no two teams share a city and a sport.
    const sport = sports[(i + Math.floor(i / places.length)) % sports.length]!;
    const owner = owners[i % owners.length]!;
    return {
      id: `seed-team-${String(7 + i).padStart(2, '0')}`,
      name: `${place.city}${sport}${names[i % names.length]}`,
      description: `${place.city}周辺で${sport}を楽しんでいます。見学だけでも歓迎です。`,
      sportType: sport,
      region: place.region,
      level: levels[i % levels.length]!,
      activity: activities[i % activities.length]!,
      owner,
      members: i % 2 === 0 ? [owners[(i + 1) % owners.length]!] : [],
      maxMembers: 10 + (i % 3) * 10,
      recruiting: i % 5 !== 4,
      daysAgo: 70 + 10 * i,
    };
  });
}

interface JoinRequestSeed {
  team: string;
  user: DemoKey;
  status: 'pending' | 'approved' | 'rejected';
  message: string;
  hoursAgo: number;
  /** The notification the request (pending) or its answer caused, and whether it was read. */
  read: boolean;
}

const JOIN_REQUESTS: JoinRequestSeed[] = [
  {
    team: 'seed-team-01',
    user: 'misaki',
    status: 'pending',
    message: 'フットサルは初めてですが、運動不足解消のために参加したいです。',
    hoursAgo: 18,
    read: false,
  },
  {
    team: 'seed-team-04',
    user: 'misaki',
    status: 'approved',
    message: '旅行のついでに走れたらうれしいです。よろしくお願いします。',
    hoursAgo: 24 * 12,
    read: true,
  },
  {
    team: 'seed-team-05',
    user: 'ichiro',
    status: 'rejected',
    message: 'テニスを本格的に練習したいです。',
    hoursAgo: 24 * 6,
    read: true,
  },
];

/** Events held by the demo teams (ids seed-event-NN after the others in events.ts). */
export const TEAM_EVENTS: EventSeed[] = [
  {
    sport: 'フットサル',
    title: '世田谷フットサルクラブ 紅白戦',
    description: 'チーム内で紅白戦をします。メンバー以外の方も参加できます。',
    region: '関東',
    location: '世田谷区総合運動場 体育館',
    level: '誰でも',
    day: 10,
    start: '10:00',
    end: '12:00',
    fee: 800,
    capacity: 16,
    status: 'open',
    organizer: 'organizer',
    participants: ['hanako'],
    teamId: 'seed-team-01',
    teamName: '世田谷フットサルクラブ',
  },
  {
    sport: 'バドミントン',
    title: 'バドミントン同好会 水曜練習会',
    description: 'ダブルスのゲーム練習が中心です。シャトルは同好会で用意します。',
    region: '九州・沖縄',
    location: '福岡市民体育館',
    level: '中級者',
    day: 4,
    start: '19:00',
    end: '21:00',
    fee: 300,
    capacity: 12,
    status: 'open',
    organizer: 'misaki',
    participants: ['hanako'],
    teamId: 'seed-team-02',
    teamName: '福岡バドミントン同好会',
  },
];

/** One request per user and team, under the id the backends give it (teamRequestIdFor). */
const requestIdOf = (r: JoinRequestSeed) => teamRequestIdFor(r.team, DEMO_UIDS[r.user]);

const TYPE_OF_STATUS = {
  pending: 'team_join_request',
  approved: 'team_join_approved',
  rejected: 'team_join_rejected',
} as const satisfies Record<JoinRequestSeed['status'], TeamNotificationType>;

/** The teams, three join requests (teams/{id}/joinRequests/{id}) and the notices they caused. */
export const teams: DemoPart = ({ daysFromNow, hoursAgo }) => {
  const teamById = new Map(TEAMS.map((t) => [t.id, t]));
  return {
    docs: [
      ...TEAMS.map((t) =>
        demoDoc(`teams/${t.id}`, {
          name: t.name,
          description: t.description,
          sportType: t.sportType,
          region: t.region,
          level: t.level,
          activity: t.activity,
          ownerId: DEMO_UIDS[t.owner],
          members: [t.owner, ...t.members].map((k) => DEMO_UIDS[k]),
          maxMembers: t.maxMembers,
          recruiting: t.recruiting,
          imageURL: sportImageURL(t.sportType),
          imagePath: '',
          createdAt: daysFromNow(-t.daysAgo),
          updatedAt: daysFromNow(-t.daysAgo),
        }),
      ),
      ...JOIN_REQUESTS.map((r) =>
        demoDoc(`teams/${r.team}/joinRequests/${requestIdOf(r)}`, {
          userId: DEMO_UIDS[r.user],
          message: r.message,
          status: r.status,
          createdAt: hoursAgo(r.hoursAgo),
          updatedAt: hoursAgo(r.status === 'pending' ? r.hoursAgo : r.hoursAgo - 2),
        }),
      ),
      ...JOIN_REQUESTS.map((r) => {
        const team = teamById.get(r.team)!;
        const type = TYPE_OF_STATUS[r.status];
        const at = hoursAgo(r.status === 'pending' ? r.hoursAgo : r.hoursAgo - 2);
        const requestId = requestIdOf(r);
        return demoDoc(`notifications/${notificationIdFor(requestId, type)}`, {
          userId: DEMO_UIDS[r.status === 'pending' ? team.owner : r.user],
          type,
          data: {
            teamId: team.id,
            requestId,
            teamName: team.name,
            ...(r.status === 'pending' ? { requesterName: demoPerson(r.user).displayName } : {}),
          },
          read: r.read,
          timestamp: at,
          clientTimestamp: at,
        });
      }),
    ],
  };
};
