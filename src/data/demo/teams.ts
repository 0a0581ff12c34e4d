import { demoDoc, type DemoPart } from './demo-data';
import { sportImageURL } from './images';
import { DEMO_UIDS } from './people';

const TEAMS = [
  {
    id: 'seed-team-01',
    name: '世田谷フットサルクラブ',
    description: '世田谷区を拠点に毎週末フットサルを楽しんでいるチームです。',
    sportType: 'フットサル',
    region: '関東',
    level: '誰でも',
    ownerId: DEMO_UIDS.organizer,
    members: [DEMO_UIDS.organizer, DEMO_UIDS.hanako, DEMO_UIDS.ichiro],
    maxMembers: 20,
    daysAgo: 60,
  },
  {
    id: 'seed-team-02',
    name: '福岡バドミントン同好会',
    description: '福岡市内の体育館で練習しています。中級者中心ですが見学も歓迎です。',
    sportType: 'バドミントン',
    region: '九州・沖縄',
    level: '中級者',
    ownerId: DEMO_UIDS.misaki,
    members: [DEMO_UIDS.misaki, DEMO_UIDS.hanako],
    maxMembers: 12,
    daysAgo: 30,
  },
];

/** Two teams with their members; ids seed-team-01, seed-team-02. */
export const teams: DemoPart = ({ daysFromNow }) => ({
  docs: TEAMS.map(({ id, daysAgo, ...t }) =>
    demoDoc(`teams/${id}`, {
      ...t,
      imageURL: sportImageURL(t.sportType),
      imagePath: '',
      createdAt: daysFromNow(-daysAgo),
      updatedAt: daysFromNow(-daysAgo),
    }),
  ),
});
