import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect as baseExpect, signIn, test } from './fixtures';
import { fillWeeklyThursdaySeries } from './series-form';

/**
 * Changing a series and ending it (docs/series.md "Changing and ending"), the same on both
 * builds: an organizer creates 毎週木曜 19:00〜21:00; a participant joins its second and third
 * dates; the organizer moves the second date's start to 20:00 「この日以降すべて」, and the
 * participant is told of both dates' change (notice and mail) while the first date keeps 19:00;
 * then the organizer ends the series after a confirmation, and its dates to come are cancelled
 * with a notice.
 */
const TITLE = '変更テスト 木曜フットサル';
const ORGANIZER = 'organizer@example.com';
const PLAYER = 'hanako@example.com';

// On Firebase the dates and the change come from the Functions emulator.
const expect = baseExpect.configure({ timeout: 60_000 });

async function createSeries(page: Page): Promise<string> {
  await page.goto('/create-series');
  await fillWeeklyThursdaySeries(page, { title: TITLE, capacity: 8 });
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await page.getByRole('button', { name: 'この内容で作成する' }).click();
  await expect(page).toHaveURL(/\/series\/[^/]+$/);
  await expect(page.getByTestId('series-date').nth(3)).toBeVisible();
  return new URL(page.url()).pathname;
}

test.setTimeout(300_000);

test('series: 「この日以降すべて」 tells the later dates’ participants, 「シリーズを終了」 cancels the dates to come', async ({
  page,
  otherUser,
  mailCount,
  consoleErrors,
}, testInfo) => {
  await signIn(page, ORGANIZER, DEMO_PASSWORD);
  const seriesPath = await createSeries(page);
  const dates = page.getByTestId('series-date');
  const datePaths: string[] = [];
  for (let i = 0; i < 3; i++) {
    datePaths.push(new URL((await dates.nth(i).getAttribute('href'))!, page.url()).pathname);
  }

  const player = await otherUser();
  await signIn(player, PLAYER, DEMO_PASSWORD);
  for (const path of datePaths.slice(1)) {
    await player.goto(path);
    const panel = player.getByRole('region', { name: '参加' });
    await panel.getByRole('button', { name: '今すぐ参加する' }).click();
    await player.getByRole('alertdialog').getByRole('button', { name: '参加する' }).click();
    await expect(panel.getByText('参加予定です')).toBeVisible();
  }

  // The second date, 「この日以降すべて」: 20:00 from that date on.
  await page.goto(`${datePaths[1]}/edit`);
  await page.getByLabel('この日以降すべて').check();
  await page.getByLabel('開始時刻').fill('20:00');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`series-scope-${width}.png`) });
  }
  await page.getByRole('button', { name: '変更を保存する' }).click();
  await expect(page).toHaveURL(datePaths[1]!);
  await page.goto(seriesPath);
  await expect(page.getByTestId('series-schedule')).toHaveText('毎週木曜 20:00〜21:00');
  await expect(dates.nth(0)).toContainText('19:00〜21:00');
  await expect(dates.nth(1)).toContainText('20:00〜21:00');
  await expect(dates.nth(2)).toContainText('20:00〜21:00');

  await player.goto('/notifications');
  const changed = player.getByText(`「${TITLE}」の予定が変更されました`);
  await expect(changed).toHaveCount(2);
  const subject = /「変更テスト 木曜フットサル」の開催日時・場所が変更されました/;
  await expect.poll(() => mailCount(player, PLAYER, subject), { timeout: 60_000 }).toBe(2);

  // 「シリーズを終了」, confirmed: the dates to come are cancelled, the participant told.
  await page.getByRole('button', { name: 'シリーズを終了' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'この定期開催を終了しますか？' });
  await dialog.getByRole('button', { name: 'シリーズを終了' }).click();
  await expect(page.getByText(`定期開催・フットサル（終了）`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'シリーズを終了' })).toHaveCount(0);
  await expect(dates.first()).toContainText('中止');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('series-ended-390.png'), fullPage: true });
  await player.goto('/notifications');
  await expect(player.getByText(`「${TITLE}」は主催者により中止されました`)).toHaveCount(2);
  expect(consoleErrors).toEqual([]);
});
