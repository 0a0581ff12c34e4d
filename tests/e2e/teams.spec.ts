import type { Page } from '@playwright/test';
import { test, expect, signIn, PNG, skipWithoutStorage } from './fixtures';

/** Demo accounts of the local backend's seed (src/data/local/seed.ts); they share one password. */
const DEMO_PASSWORD = 'demo1234';
const OWNER = { email: 'hanako@example.com', name: '佐藤 花子' };
const ASKER = { email: 'ichiro@example.com', name: '鈴木 一郎' };

/** Opens my notification list through the header link, as a user would (no reload). */
async function openNotifications(page: Page) {
  await page.bringToFront();
  await page.getByRole('banner').getByRole('link', { name: /^通知/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '通知' })).toBeVisible();
}

/** Fills the create screen (no image). */
async function fillTeam(owner: Page, name: string) {
  await owner.goto('/teams/create');
  await owner.getByLabel('チーム名').fill(name);
  await owner.getByLabel('種目').selectOption('バレーボール');
  await owner.getByLabel('活動地域').selectOption('関東');
  await owner.getByLabel('活動日・頻度').fill('毎週日曜');
  await owner.getByLabel('上限人数（人）').fill('6');
  await owner.getByLabel('紹介文').fill('E2Eテスト用のチームです。');
}

test('two users: create a team, find it, ask, approve, edit, leave', async ({
  page,
  otherUser,
  consoleErrors,
}) => {
  const name = `E2Eバレー部 ${Date.now() % 100_000}`;
  const owner = page;
  const asker = await otherUser();
  await signIn(owner, OWNER.email, DEMO_PASSWORD);
  await signIn(asker, ASKER.email, DEMO_PASSWORD);

  // --- The owner creates a team; the confirmation and going back keep the input.
  await owner.bringToFront();
  await fillTeam(owner, name);
  await owner.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(owner).toHaveURL(/\/teams\/create\/confirm$/);
  await expect(owner.getByText(name)).toBeVisible();
  await expect(owner.getByText('毎週日曜')).toBeVisible();
  await owner.getByRole('button', { name: '入力画面に戻る' }).click();
  await expect(owner).toHaveURL(/\/teams\/create$/);
  await expect(owner.getByLabel('チーム名')).toHaveValue(name);
  await expect(owner.getByLabel('活動日・頻度')).toHaveValue('毎週日曜');
  await expect(owner.getByLabel('上限人数（人）')).toHaveValue('6');
  await owner.getByRole('button', { name: '入力内容を確認する' }).click();
  await owner.getByRole('button', { name: 'この内容で作成する' }).click();
  await expect(owner).toHaveURL(/\/teams\/create\/complete/);
  await owner.getByRole('link', { name: '作成したチームを見る' }).click();
  await expect(owner.getByRole('heading', { level: 1, name })).toBeVisible();
  const teamPath = new URL(owner.url()).pathname;
  expect(teamPath).toMatch(/^\/teams\/[^/]+$/);

  // --- The second user finds it by the sport filter (kept in the URL) and asks to join.
  await asker.bringToFront();
  await asker.goto('/teams');
  await asker.getByLabel('種目').selectOption('バレーボール');
  await expect(asker).toHaveURL(/sport=/);
  await asker.getByRole('link', { name: new RegExp(name) }).click();
  await expect(asker.getByRole('heading', { level: 1, name })).toBeVisible();
  await asker.getByLabel('代表者へのメッセージ（任意）').fill('バレー経験5年です。');
  await asker.getByRole('button', { name: '参加をリクエスト' }).click();
  await expect(asker.getByRole('button', { name: 'リクエストを取り消す' })).toBeVisible();

  // --- The owner sees the request arrive and approves it; the member appears.
  await owner.bringToFront();
  await owner.goto(teamPath);
  const request = owner
    .getByRole('region', { name: /^参加リクエスト/ })
    .getByRole('listitem', { name: `${ASKER.name}さんの参加リクエスト` });
  await expect(request).toContainText('バレー経験5年です。');
  await request.getByRole('button', { name: '承認' }).click();
  const members = owner.getByRole('region', { name: /^メンバー/ });
  await expect(members.getByRole('link', { name: ASKER.name })).toBeVisible();

  // --- Both see the notification.
  await openNotifications(asker);
  await expect(
    asker
      .getByRole('listitem')
      .filter({ hasText: 'チームへの参加が承認されました' })
      .filter({ hasText: name }),
  ).toBeVisible();
  await openNotifications(owner);
  await expect(
    owner
      .getByRole('listitem')
      .filter({ hasText: 'チームへの参加リクエストが届きました' })
      // It names who asked.
      .filter({ hasText: `${ASKER.name}さんが「${name}」への参加をリクエストしました` }),
  ).toBeVisible();

  // --- The owner edits the description and lowers the limit to the two members: the team is
  // full (満員) on its page and its card; the member sees the new text.
  await owner.goto(`${teamPath}/edit`);
  await owner.getByLabel('紹介文').fill('初心者も歓迎します。');
  await owner.getByLabel('上限人数（人）').fill('2');
  await owner.getByRole('button', { name: '変更を保存する' }).click();
  await expect(owner).toHaveURL(teamPath);
  await expect(owner.getByText('初心者も歓迎します。')).toBeVisible();
  await expect(owner.getByRole('main').getByText('満員', { exact: true }).first()).toBeVisible();
  await owner
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: 'チーム' })
    .click();
  await expect(owner.getByRole('link', { name: new RegExp(name) })).toContainText('満員');
  // The member, signing in afresh in a new tab, gets the new text at once (a copy a tab already
  // holds stays fresh for up to 5 minutes, as every cached read: docs/teams.md).
  await asker.close();
  const member = await otherUser();
  await signIn(member, ASKER.email, DEMO_PASSWORD, teamPath);
  await expect(member.getByText('初心者も歓迎します。')).toBeVisible();
  await expect(member.getByText('このチームのメンバーです')).toBeVisible();

  // --- The member leaves, after confirming.
  await member.getByRole('button', { name: 'チームを抜ける' }).click();
  await member.getByRole('alertdialog').getByRole('button', { name: '抜ける' }).click();
  await expect(member.getByRole('button', { name: '参加をリクエスト' })).toBeVisible();
  await expect(
    member.getByRole('region', { name: /^メンバー/ }).getByRole('link', { name: ASKER.name }),
  ).toHaveCount(0);
  // The team has room again, and its owner is told who left.
  await expect(member.getByRole('main').getByText('メンバー募集中').first()).toBeVisible();
  await openNotifications(owner);
  await expect(
    owner
      .getByRole('listitem')
      .filter({ hasText: 'メンバーがチームを抜けました' })
      .filter({ hasText: `${ASKER.name}さんが「${name}」を抜けました` }),
  ).toBeVisible();

  expect(consoleErrors).toEqual([]);
});

test('a team image is kept through the confirmation and stored (needs the Storage emulator on Firebase)', async ({
  page,
  backend,
  consoleErrors,
}) => {
  skipWithoutStorage(backend);
  const name = `E2E画像チーム ${Date.now() % 100_000}`;
  await signIn(page, OWNER.email, DEMO_PASSWORD);
  await fillTeam(page, name);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'チーム画像のプレビュー' })).toBeVisible();
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(page.getByRole('img', { name: 'チーム画像のプレビュー' })).toBeVisible();
  await page.getByRole('button', { name: '入力画面に戻る' }).click();
  await expect(page.getByRole('img', { name: 'チーム画像のプレビュー' })).toBeVisible();
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await page.getByRole('button', { name: 'この内容で作成する' }).click();
  await expect(page).toHaveURL(/\/teams\/create\/complete/);
  await page.getByRole('link', { name: '作成したチームを見る' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  expect(consoleErrors).toEqual([]);
});
