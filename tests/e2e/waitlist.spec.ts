import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect as baseExpect, inDays, signIn, test } from './fixtures';

/**
 * The キャンセル待ち (docs/domain.md "Entry method and waitlist"), the same on both builds: a
 * 先着順 event for two fills up, two more people wait in line, a participant leaves and the first
 * in line takes the seat at once (told live and by mail) while the second moves up to first.
 * Then what 承認制 and ended events offer.
 */
const TITLE = 'キャンセル待ちテスト 5人制フットサル';
const ORGANIZER = 'organizer@example.com';
const JOINERS = ['hanako@example.com', 'ichiro@example.com'];
const FIRST_IN_LINE = { email: 'misaki@example.com', name: '高橋 美咲' };
const SECOND_IN_LINE = { email: 'moderator@example.com', name: '運営サポート 中村' };
/** 初心者向けテニス練習会: 承認制, open, with room. */
const APPROVAL_EVENT = '/events/seed-event-02';
/** 先週のエンジョイフットサル: finished a week ago; the moderator took no part in it. */
const ENDED_EVENT = '/events/seed-event-20';

// Five users' pages on one machine, each waiting for another's write to reach it live.
const expect = baseExpect.configure({ timeout: 60_000 });

/** The 参加 panel of the event page. */
const panel = (page: Page) => page.getByRole('region', { name: '参加', exact: true });

/** The organizer creates a 先着順 event for two; returns its path. */
async function createFirstComeEvent(page: Page): Promise<string> {
  await page.goto('/create-event');
  await page.getByLabel('タイトル').fill(TITLE);
  await page.getByLabel('種目').selectOption('フットサル');
  await page.getByLabel('開催日').fill(inDays(9));
  await page.getByLabel('開始時刻').fill('18:00');
  await page.getByLabel('終了時刻').fill('20:00');
  await page.getByLabel('開催場所').fill('世田谷区民体育館');
  await page.getByLabel('参加費（円）').fill('500');
  await page.getByLabel('定員（人）').fill('2');
  await page.getByLabel('先着順').check();
  await page.getByLabel('説明').fill('キャンセル待ちのブラウザテスト用のイベントです。');
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(page.getByRole('heading', { name: '入力内容の確認' })).toBeVisible();
  await page.getByRole('button', { name: 'この内容で作成する' }).click();
  await expect(page).toHaveURL(/\/create-event\/complete/);
  await page.getByRole('link', { name: '作成したイベントを見る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  return new URL(page.url()).pathname;
}

test.setTimeout(420_000);

test('waitlist: a 先着順 event for two fills, two wait in line, a leave moves the first up live with a notice and a mail, the second becomes first', async ({
  page: organizer,
  otherUser,
  mailCount,
  consoleErrors,
}) => {
  await signIn(organizer, ORGANIZER, DEMO_PASSWORD);
  const event = await createFirstComeEvent(organizer);
  await expect(organizer.getByText('先着順').first()).toBeVisible();

  // Two people join at once, without the organizer's approval.
  const joiners: Page[] = [];
  for (const email of JOINERS) {
    const p = await otherUser();
    joiners.push(p);
    await signIn(p, email, DEMO_PASSWORD, event);
    await expect(panel(p).getByRole('button', { name: '参加をリクエスト' })).toHaveCount(0);
    await panel(p).getByRole('button', { name: '今すぐ参加する' }).click();
    await p.getByRole('alertdialog').getByRole('button', { name: '参加する' }).click();
    await expect(panel(p).getByText('参加予定です')).toBeVisible();
  }

  // The event is full: the next two can only wait, and see their place in line.
  const waiting: Page[] = [];
  for (const [i, email] of [FIRST_IN_LINE.email, SECOND_IN_LINE.email].entries()) {
    const p = await otherUser();
    waiting.push(p);
    await signIn(p, email, DEMO_PASSWORD, event);
    await expect(panel(p).getByText('満員', { exact: true })).toBeVisible();
    await expect(panel(p).getByRole('button', { name: '今すぐ参加する' })).toHaveCount(0);
    await panel(p).getByRole('button', { name: 'キャンセル待ちに登録' }).click();
    await expect(panel(p).getByText(`キャンセル待ち ${i + 1}番目`)).toBeVisible();
  }
  const [first, second] = waiting as [Page, Page];
  await expect(panel(first).getByText('キャンセル待ち 1番目')).toBeVisible();

  // The organizer sees the line in order, each with their reliability record.
  await organizer.bringToFront();
  await organizer.reload();
  const line = organizer.getByLabel('キャンセル待ちの順番').getByRole('listitem');
  await expect(line).toHaveCount(2);
  const firstEntry = line.nth(0);
  await expect(firstEntry).toHaveAccessibleName(`キャンセル待ち1番目 ${FIRST_IN_LINE.name}さん`);
  // 高橋 美咲 took part in the demo's ended events.
  await expect(firstEntry.getByLabel(/^参加記録:/)).toHaveText(/^参加 \d+回・無断欠席 \d+回$/);
  await expect(line.nth(1)).toHaveAccessibleName(`キャンセル待ち2番目 ${SECOND_IN_LINE.name}さん`);
  await expect(line.nth(1).getByLabel(/^参加記録:/)).toBeVisible();

  // A participant leaves; the open pages of those in line follow without a reload.
  const leaver = joiners[0]!;
  await leaver.bringToFront();
  await panel(leaver).getByRole('button', { name: '参加をやめる' }).click();
  await leaver.getByRole('alertdialog').getByRole('button', { name: 'やめる' }).click();
  await expect(panel(leaver).getByText('満員', { exact: true })).toBeVisible();

  await first.bringToFront();
  await expect(panel(first).getByText('参加予定です')).toBeVisible();
  await second.bringToFront();
  await expect(panel(second).getByText('キャンセル待ち 1番目')).toBeVisible();

  // The first in line was told, live (the header's bell, then the list, without a reload) …
  await first.bringToFront();
  await first.getByRole('link', { name: /^通知 未読\d+件/ }).click();
  await expect(
    first
      .getByRole('listitem')
      .filter({ hasText: 'キャンセル待ちから繰り上がりました' })
      .filter({ hasText: `「${TITLE}」に空きが出たため、参加が確定しました` }),
  ).toBeVisible();
  // … and mailed once.
  const promotedMail = new RegExp(`「${TITLE}」のキャンセル待ちから繰り上がりました`);
  await expect
    .poll(() => mailCount(organizer, FIRST_IN_LINE.email, promotedMail), { timeout: 60_000 })
    .toBe(1);
  expect(await mailCount(organizer, SECOND_IN_LINE.email, promotedMail)).toBe(0);

  // The organizer's roster: the new participant, one left in line.
  await organizer.bringToFront();
  const roster = organizer.getByRole('region', { name: '参加者とキャンセル待ち' });
  await expect(roster.getByText('参加者（2人）')).toBeVisible();
  await expect(roster.getByText(FIRST_IN_LINE.name)).toBeVisible();
  await expect(roster.getByText('キャンセル待ち（1人）')).toBeVisible();

  expect(consoleErrors).toEqual([]);
});

test('承認制 and ended events: a request only, and nothing at all once it has ended, for visitors and signed-in users alike', async ({
  page,
  otherUser,
  consoleErrors,
}) => {
  const user = page;
  await signIn(user, SECOND_IN_LINE.email, DEMO_PASSWORD);

  // 承認制: a request to the organizer, no direct join.
  await user.goto(APPROVAL_EVENT);
  await expect(panel(user).getByRole('button', { name: '参加をリクエスト' })).toBeVisible();
  await expect(panel(user).getByRole('button', { name: '今すぐ参加する' })).toHaveCount(0);
  await expect(user.getByText('承認制').first()).toBeVisible();

  // Ended: said plainly, no action, no seats counted.
  const visitor = await otherUser();
  await visitor.goto('/');
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'ログイン' })).toBeVisible();
  for (const p of [user, visitor]) {
    await p.bringToFront();
    await p.goto(ENDED_EVENT);
    await expect(panel(p).getByText('このイベントは終了しました')).toBeVisible();
    await expect(panel(p).getByRole('button')).toHaveCount(0);
    await expect(panel(p).getByRole('link')).toHaveCount(0);
    await expect(p.getByText(/残り\d+人/)).toHaveCount(0);
    await expect(p.getByRole('button', { name: /参加|キャンセル待ち/ })).toHaveCount(0);
  }
  await expect(visitor.getByRole('link', { name: /ログインして参加/ })).toHaveCount(0);

  expect(consoleErrors).toEqual([]);
});
