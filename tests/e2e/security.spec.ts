import { test, expect } from './fixtures';

/**
 * Who may write (docs/security.md), on the screens: an account that has not verified its
 * address is told why before it tries, and sent to verify, on the create screen and on an event.
 */
const OPEN_EVENT = '/events/seed-event-01';

test('an unverified account is told why it cannot create an event or ask to join, and where to verify', async ({
  page,
  consoleErrors,
}) => {
  const email = `unverified-${Date.now()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('お名前（表示名）').fill('未確認 さん');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill('Kakunin2026');
  await page.getByLabel('パスワード（確認）', { exact: true }).fill('Kakunin2026');
  await page.getByRole('checkbox', { name: /利用規約.*に同意します/ }).check();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);

  await page.goto('/create-event');
  await expect(page.getByRole('heading', { level: 1, name: 'イベントを作成' })).toBeVisible();
  await expect(
    page.getByText('イベントを作成するには、メールアドレスの確認が必要です'),
  ).toBeVisible();
  await expect(page.getByLabel(/タイトル/)).toHaveCount(0);
  await page.getByRole('link', { name: 'メールアドレスを確認する' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('button', { name: '確認しました' })).toBeVisible();

  await page.goto(OPEN_EVENT);
  const panel = page.getByRole('region', { name: '参加' });
  await expect(
    panel.getByText('参加をリクエストするには、メールアドレスの確認が必要です'),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: '参加をリクエスト' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: '今すぐ参加する' })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'メールアドレスを確認する' })).toHaveAttribute(
    'href',
    '/verify-email',
  );

  expect(consoleErrors).toEqual([]);
});
