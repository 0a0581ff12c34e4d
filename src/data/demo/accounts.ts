/**
 * The demo accounts, apart from the rest of the demo data: the login screen of the local build
 * lists them on its first page, which should not carry the whole seed (src/app/backend.ts).
 */

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

/** Each account's sign-in address and how the login screen names it. */
export const DEMO_LOGINS: Record<DemoKey, { email: string; label: string }> = {
  organizer: { email: 'organizer@example.com', label: '主催者（山田 太郎）' },
  hanako: { email: 'hanako@example.com', label: '参加者（佐藤 花子）' },
  ichiro: { email: 'ichiro@example.com', label: '参加者（鈴木 一郎）' },
  misaki: { email: 'misaki@example.com', label: '参加者（高橋 美咲）' },
  admin: { email: 'admin@example.com', label: '管理者' },
  moderator: { email: 'moderator@example.com', label: 'モデレーター' },
};

/** The demo accounts the login screen offers (local backend) and the README lists. */
export const DEMO_ACCOUNTS: { email: string; password: string; label: string }[] = Object.values(
  DEMO_LOGINS,
).map(({ email, label }) => ({ email, password: DEMO_PASSWORD, label }));
