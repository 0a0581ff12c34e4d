import { privateProfileSchema, type PrivateProfile } from '@/domain/entities/user';
import { publicProfileFields } from '@/domain/profile';
import { demoDoc, type DemoPart } from './demo-data';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_UIDS, type DemoKey } from './accounts';
import { avatarURL } from './images';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_UIDS, type DemoKey } from './accounts';

interface DemoPerson {
  key: DemoKey;
  displayName: string;
  bio: string;
  location: string;
  gender: string;
  birthDate: string;
  role?: 'admin' | 'moderator';
  customUserId: string;
  /** What the public profile shows of gender and birth date (docs/profile.md "Privacy"); both hidden when absent. */
  shows?: Pick<PrivateProfile, 'genderVisibility' | 'birthDateVisibility'>;
  /** The audit entry (src/data/demo/staff.ts) behind a role given by staff. */
  staffAuditId?: string;
}

const PEOPLE: DemoPerson[] = [
  {
    key: 'organizer',
    displayName: '山田 太郎',
    bio: '週末を中心にフットサルやランニングのイベントを主催しています。初めての方も大歓迎です！',
    location: '東京都世田谷区',
    gender: 'male',
    birthDate: '1988-04-12',
    customUserId: 'user_yamada01',
    shows: { genderVisibility: 'public', birthDateVisibility: 'age' },
  },
  {
    key: 'hanako',
    displayName: '佐藤 花子',
    bio: 'テニスとヨガが好きです。運動不足解消のために、いろいろなスポーツに挑戦中です。',
    location: '神奈川県横浜市',
    gender: 'female',
    birthDate: '1995-09-03',
    customUserId: 'user_hanako01',
  },
  {
    key: 'ichiro',
    displayName: '鈴木 一郎',
    bio: '学生時代はバスケットボール部でした。社会人になっても体を動かす仲間を探しています。',
    location: '大阪府大阪市',
    gender: 'male',
    birthDate: '1990-01-20',
    customUserId: 'user_ichiro01',
    shows: { genderVisibility: 'public', birthDateVisibility: 'date' },
  },
  {
    key: 'misaki',
    displayName: '高橋 美咲',
    bio: 'バドミントン歴10年です。一緒に楽しく練習できる仲間を募集しています。',
    location: '福岡県福岡市',
    gender: 'female',
    birthDate: '1993-06-28',
    customUserId: 'user_misaki01',
    shows: { genderVisibility: 'public', birthDateVisibility: 'private' },
  },
  {
    key: 'admin',
    displayName: '運営事務局',
    bio: 'スポーツコミュニティの運営事務局です。お困りのことがあればお問い合わせください。',
    location: '東京都千代田区',
    gender: 'unspecified',
    birthDate: '',
    role: 'admin',
    customUserId: 'user_admin001',
  },
  {
    key: 'moderator',
    displayName: '運営サポート 中村',
    bio: '運営事務局で通報の確認やイベントの見守りを担当しています。',
    location: '東京都千代田区',
    gender: 'unspecified',
    birthDate: '',
    role: 'moderator',
    customUserId: 'user_moder001',
    staffAuditId: 'seed-audit-01',
  },
];

/** What other parts denormalise about a person (an event's organizer name and photo). */
export function demoPerson(key: DemoKey): { uid: string; displayName: string; photoURL: string } {
  const p = PEOPLE.find((person) => person.key === key)!;
  return {
    uid: DEMO_UIDS[key],
    displayName: p.displayName,
    photoURL: avatarURL(key),
  };
}

/**
 * The people: a verified account each, the public profile users/{uid} showing only the part of
 * gender and birth date its owner chose, the values themselves in users/{uid}/private/profile,
 * and the email address in users/{uid}/private/account (where the Firebase layout keeps it; the
 * local backend keeps it on the profile).
 */
export const people: DemoPart = ({ now, daysFromNow, hoursAgo }) => ({
  accounts: PEOPLE.map((p) => ({
    uid: DEMO_UIDS[p.key],
    email: DEMO_LOGINS[p.key].email,
    password: DEMO_PASSWORD,
    emailVerified: true,
    displayName: p.displayName,
    photoURL: demoPerson(p.key).photoURL,
    createdAt: daysFromNow(-120),
  })),
  docs: PEOPLE.flatMap((p, i) => {
    const uid = DEMO_UIDS[p.key];
    const privateProfile = privateProfileSchema.parse({
      gender: p.gender,
      birthDate: p.birthDate,
      ...p.shows,
    });
    return [
      demoDoc(`users/${uid}`, {
        displayName: p.displayName,
        photoURL: demoPerson(p.key).photoURL,
        bio: p.bio,
        location: p.location,
        ...publicProfileFields(privateProfile, now),
        emailVerified: true,
        customUserId: p.customUserId,
        firebaseUid: uid,
        agreedAt: daysFromNow(-120 + i),
        createdAt: daysFromNow(-120 + i),
        role: p.role ?? 'user',
        lastLoginAt: hoursAgo(24 + i * 5),
        isActive: true,
        ...(p.staffAuditId ? { staffAuditId: p.staffAuditId } : {}),
      }),
      demoDoc(`users/${uid}/private/profile`, { ...privateProfile, updatedAt: now }),
      demoDoc(`users/${uid}/private/account`, {
        email: DEMO_LOGINS[p.key].email,
        updatedAt: daysFromNow(-120 + i),
      }),
    ];
  }),
});
