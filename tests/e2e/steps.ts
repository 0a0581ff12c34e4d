import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Steps more than one spec takes, the same on both backends (docs/testing.md "Browser tests").
 */

/** On /new-password: sets `password`, lands on /reset-complete and goes on to the login screen. */
export async function submitNewPassword(page: Page, password: string) {
  await page.getByLabel('新しいパスワード', { exact: true }).fill(password);
  await page.getByLabel('新しいパスワード（確認）').fill(password);
  await page.getByRole('button', { name: 'パスワードを設定する' }).click();
  await expect(page).toHaveURL(/\/reset-complete$/);
  await expect(page.getByText('パスワードを再設定しました')).toBeVisible();
  await page.getByRole('link', { name: 'ログイン画面へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible();
}

/**
 * On an event the participant takes part in: leaves after confirming (gone from `participants`),
 * then asks to join again with `message`.
 */
export async function leaveAndAskAgain(
  participant: Page,
  participants: Locator,
  name: string,
  message: string,
) {
  await participant.getByRole('button', { name: '参加をやめる' }).click();
  await participant.getByRole('alertdialog').getByRole('button', { name: 'やめる' }).click();
  await expect(participant.getByRole('button', { name: '参加をリクエスト' })).toBeVisible();
  await expect(participants.getByRole('link', { name })).toHaveCount(0);

  await participant.getByLabel('主催者へのメッセージ（任意）').fill(message);
  await participant.getByRole('button', { name: '参加をリクエスト' }).click();
  await expect(participant.getByRole('button', { name: 'リクエストを取り消す' })).toBeVisible();
}

/**
 * The organizer sees `name`'s request with `message` arrive in `requests` (the event page's
 * region) and rejects it after confirming.
 */
export async function rejectRequest(
  organizer: Page,
  requests: Locator,
  name: string,
  message: string,
) {
  await organizer.bringToFront();
  const request = requests
    .getByRole('listitem', { name: `${name}さんの参加リクエスト` })
    .filter({ hasText: message });
  await expect(request).toBeVisible();
  await request.getByRole('button', { name: '却下' }).click();
  const dialog = organizer.getByRole('alertdialog', { name: '参加リクエストを却下しますか？' });
  await dialog.getByRole('button', { name: '却下する' }).click();
  await expect(request.getByText('見送り')).toBeVisible();
}
