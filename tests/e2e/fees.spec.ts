import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect as baseExpect, signIn, test } from './fixtures';

// Each step reads and writes through the backend; on a busy machine that takes a while.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Fees (docs/fees.md), the same on both builds. The demo data's 卓球ダブルス大会 (seed-event-09)
 * is the organizer's, 1,000円, with three participants. One declares a transfer; the organizer
 * confirms it and records cash at a discount for another; the totals and the CSV follow.
 */
const ORGANIZER = 'organizer@example.com';
const HANAKO = { email: 'hanako@example.com', name: '佐藤 花子' };
const ICHIRO = '鈴木 一郎';
const MISAKI = '高橋 美咲';
const EVENT = '/events/seed-event-09';
/** FEES_SCREENSHOTS=<dir>: the screens at a phone's and a desktop's width, to look at. */
const SHOTS = process.env.FEES_SCREENSHOTS;

async function shoot(page: Page, name: string, part: Locator) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await part.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}

test.setTimeout(240_000);

test('a participant declares a transfer, the organizer confirms it and records cash; totals and CSV follow', async ({
  page,
  otherUser,
  consoleErrors,
}) => {
  await signIn(page, HANAKO.email, DEMO_PASSWORD, EVENT);
  const mine = page.getByRole('region', { name: '参加費の支払い' });
  await expect(mine.getByText('未払い', { exact: true })).toBeVisible();
  await mine.getByRole('button', { name: '支払いました' }).click();
  await mine.getByText('振込', { exact: true }).click();
  await mine.getByRole('button', { name: '申告する' }).click();
  await expect(page.getByText('支払いを申告しました（振込）', { exact: true })).toBeVisible();
  await expect(mine.getByText('申告済み', { exact: true })).toBeVisible();
  await shoot(page, 'my-fee-declared', mine);

  const organizer = await otherUser();
  await signIn(organizer, ORGANIZER, DEMO_PASSWORD, EVENT);
  const roster = organizer.getByRole('region', { name: '参加費の集金' });
  const totals = roster.locator('dl');
  await expect(totals).toContainText('集金予定3,000円');
  await expect(totals).toContainText('集金済み0円');
  await expect(totals).toContainText('未収3,000円');
  // Nobody sees another participant's status but the organizer: no 支払い panel for him.
  await expect(organizer.getByRole('region', { name: '参加費の支払い' })).toHaveCount(0);

  const hanakoRow = roster.getByRole('listitem', { name: HANAKO.name });
  await expect(hanakoRow).toContainText('申告済み');
  await expect(hanakoRow).toContainText('振込');
  await hanakoRow.getByRole('button', { name: '確認済みにする' }).click();
  await expect(
    organizer.getByText(`${HANAKO.name}さんの支払いを確認しました`, { exact: true }),
  ).toBeVisible();
  await expect(hanakoRow).toContainText('確認済み');

  const ichiroRow = roster.getByRole('listitem', { name: ICHIRO });
  await ichiroRow.getByRole('button', { name: '金額・メモ' }).click();
  const form = ichiroRow.getByRole('form', { name: `${ICHIRO}さんの支払いの記録` });
  await expect(form.getByLabel('支払い方法')).toHaveValue('cash');
  await form.getByLabel('受け取った金額（円）').fill('500');
  await form.getByLabel('メモ').fill('学生割引');
  await form.getByRole('button', { name: '確認済みとして保存' }).click();
  await expect(
    organizer.getByText(`${ICHIRO}さんの支払いを記録しました`, { exact: true }),
  ).toBeVisible();
  await expect(ichiroRow).toContainText('確認済み');
  await expect(ichiroRow).toContainText('現金・500円・学生割引');

  await expect(totals).toContainText('集金済み1,500円');
  await expect(totals).toContainText('未収1,000円');
  await expect(roster).toContainText(`未収の方（1人）：${MISAKI}`);
  await ichiroRow.getByRole('button', { name: '金額・メモ' }).click();
  await shoot(organizer, 'fee-roster', roster);
  await ichiroRow.getByRole('button', { name: 'やめる' }).click();

  const download = organizer.waitForEvent('download');
  await roster.getByRole('button', { name: 'CSVを書き出す' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('卓球ダブルス大会_参加費.csv');
  const bytes = await readFile((await file.path())!);
  // UTF-8 with a BOM, so Excel reads the Japanese right.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('名前,支払い状況,支払い方法,金額（円）,メモ,出欠,受付');
  expect(lines).toContain(`${HANAKO.name},確認済み,振込,1000,,開催前,`);
  expect(lines).toContain(`${ICHIRO},確認済み,現金,500,学生割引,開催前,`);
  expect(lines).toContain(`${MISAKI},未払い,,,,開催前,`);

  // The participant sees her own confirmed payment and can no longer change it.
  await page.bringToFront();
  await page.reload();
  await expect(mine.getByText('確認済み', { exact: true })).toBeVisible();
  await expect(mine).toContainText('1,000円');
  await expect(mine.getByRole('button', { name: '支払いました' })).toHaveCount(0);

  expect(consoleErrors).toEqual([]);
});
