import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, inDays, signIn, test } from './fixtures';

/** Demo accounts (src/data/demo/accounts.ts). */
const ORGANIZER = { email: 'organizer@example.com', name: '山田 太郎' };
const FAN = { email: 'misaki@example.com', name: '高橋 美咲' };
const OTHER = { email: 'ichiro@example.com', name: '鈴木 一郎' };

async function createEvent(page: Page, title: string): Promise<string> {
  await page.goto('/create-event');
  await page.getByLabel('タイトル').fill(title);
  await page.getByLabel('種目').selectOption('フットサル');
  await page.getByLabel('開催日').fill(inDays(7));
  await page.getByLabel('開始時刻').fill('10:00');
  await page.getByLabel('終了時刻').fill('12:00');
  await page.getByLabel('開催場所').fill('世田谷区民体育館');
  await page.getByLabel('参加費（円）').fill('500');
  await page.getByLabel('定員（人）').fill('8');
  await page.getByLabel('説明').fill('フォローのテスト用のイベントです。');
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await page.getByRole('button', { name: 'この内容で作成する' }).click();
  await expect(page).toHaveURL(/\/create-event\/complete/);
  await page.getByRole('link', { name: '作成したイベントを見る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).pathname;
}

test('a user follows an organizer, who publishes an event: notification, mail, home, unfollow', async ({
  page,
  otherUser,
  consoleErrors,
  mailLink,
  mailCount,
}) => {
  // Three users and a sign-in each (PBKDF2 in the page locally): over a minute on a busy machine.
  test.setTimeout(120_000);
  const title = `フォロー確認フットサル ${Date.now() % 100_000}`;
  const organizer = page;
  await signIn(organizer, ORGANIZER.email, DEMO_PASSWORD, '/profile');
  await organizer.getByRole('link', { name: '公開プロフィールを見る' }).click();
  await expect(organizer.getByText('フォロワー 0人')).toBeVisible();
  const profilePath = new URL(organizer.url()).pathname;

  // --- The fan follows the organizer from the profile page; the count goes up by one.
  const fan = await otherUser();
  await signIn(fan, FAN.email, DEMO_PASSWORD, profilePath);
  const follow = fan.getByRole('button', { name: `${ORGANIZER.name}さんをフォローする` });
  await follow.click();
  const following = fan.getByRole('button', { name: `${ORGANIZER.name}さんのフォローをやめる` });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(following).toHaveText('フォロー中');
  await expect(fan.getByText('フォロワー 1人')).toBeVisible();

  // --- Someone who follows nobody hears of nothing.
  const other = await otherUser();
  await signIn(other, OTHER.email, DEMO_PASSWORD);

  // --- The organizer publishes an event; the fan is told in the app and by mail.
  await organizer.bringToFront();
  const eventPath = await createEvent(organizer, title);

  await fan.bringToFront();
  await fan.goto('/notifications');
  const notice = fan.getByRole('listitem').filter({ hasText: `「${title}」を公開しました` });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice).toContainText('フォロー中の主催者が新しいイベントを公開しました');
  await expect(notice).toContainText(`${ORGANIZER.name}さんが「${title}」を公開しました`);
  const mailSubject = new RegExp(`フォロー中の主催者が「${title}」を公開しました`);
  const link = await mailLink(fan, FAN.email, mailSubject);
  expect(new URL(link).pathname).toBe(eventPath);
  expect(await mailCount(fan, FAN.email, mailSubject)).toBe(1);
  expect(await mailCount(other, OTHER.email, mailSubject)).toBe(0);

  // --- Home shows it under 「フォロー中の新着イベント」; the profile lists whom the fan follows.
  await fan.goto('/');
  const block = fan.getByRole('list', { name: 'フォロー中の新着イベント' });
  await expect(block.getByRole('link', { name: title })).toBeVisible();
  await block.getByRole('link', { name: title }).click();
  await expect(fan).toHaveURL(eventPath);

  await fan.goto('/profile');
  const list = fan.getByRole('list', { name: 'フォロー中' });
  await expect(list.getByRole('link', { name: ORGANIZER.name })).toBeVisible();
  await list.getByRole('button', { name: `${ORGANIZER.name}のフォローをやめる` }).click();
  await expect(
    fan.getByText('フォローしている主催者やチームはありません。', { exact: false }),
  ).toBeVisible();
  await fan.goto(profilePath);
  await expect(
    fan.getByRole('button', { name: `${ORGANIZER.name}さんをフォローする` }),
  ).toBeVisible();
  await expect(fan.getByText('フォロワー 0人')).toBeVisible();

  // --- The other user saw nothing of it.
  await other.bringToFront();
  await other.goto('/notifications');
  await expect(other.getByRole('heading', { level: 1, name: '通知' })).toBeVisible();
  await expect(other.getByText(`「${title}」を公開しました`)).toHaveCount(0);

  expect(consoleErrors).toEqual([]);
});
