import { DEMO_PASSWORD, expect as baseExpect, signIn, test } from './fixtures';

// Each step reads and writes through the backend; on a busy machine that takes a while.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Attendance after an event (docs/profile.md "Attendance"), the same on both builds. The demo
 * data's 先週のエンジョイフットサル (seed-event-20) ended a week ago with three participants;
 * its organizer marks one of them 無断欠席 and sees that record when she asks to join another of
 * his events.
 */
const ORGANIZER = { email: 'organizer@example.com', name: '山田 太郎' };
const MISAKI = { email: 'misaki@example.com', name: '高橋 美咲', uid: 'demo-misaki' };
const ENDED_EVENT = '/events/seed-event-20';
/** 初心者向けテニス練習会: the organizer's, open, and misaki has not asked to join it. */
const OTHER_EVENT = '/events/seed-event-02';

test.setTimeout(240_000);

test('the organizer marks a participant 無断欠席: her profile counts it, she is told, and the request queue shows it beside 承認', async ({
  page: organizer,
  otherUser,
  consoleErrors,
}) => {
  await signIn(organizer, ORGANIZER.email, DEMO_PASSWORD, ENDED_EVENT);
  const panel = organizer.getByRole('region', { name: '出欠の記録' });
  await expect(panel).toBeVisible();
  const rows = panel.getByRole('list', { name: '参加者の出欠' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  // Everyone starts as 出席; 全員出席 records it for all three.
  await expect(panel.getByLabel(`${MISAKI.name}さんの出欠`)).toHaveValue('attended');
  await panel.getByRole('button', { name: '全員出席' }).click();
  await expect(organizer.getByText('全員を「出席」にしました', { exact: true })).toBeVisible();
  await expect(panel.getByText('記録済み')).toHaveCount(3);

  await panel.getByLabel(`${MISAKI.name}さんの出欠`).selectOption('noShow');
  await expect(
    organizer.getByText(`${MISAKI.name}さんを「無断欠席」にしました`, { exact: true }),
  ).toBeVisible();
  await expect(panel.getByLabel(`${MISAKI.name}さんの出欠`)).toHaveValue('noShow');

  // Her public profile shows the counts (never which event), to anyone.
  await organizer.goto(`/profile/${MISAKI.uid}`);
  await expect(organizer.getByLabel('参加記録')).toContainText('無断欠席 1回');

  // She was told, and sees her own mark in her history.
  const misaki = await otherUser();
  await signIn(misaki, MISAKI.email, DEMO_PASSWORD, '/notifications');
  await expect(misaki.getByText('出欠が記録されました')).toBeVisible();
  await expect(
    misaki.getByText('「先週のエンジョイフットサル」は無断欠席として記録されました', {
      exact: false,
    }),
  ).toBeVisible();
  await misaki.goto('/profile');
  const history = misaki.getByRole('list', { name: '参加履歴' });
  await expect(
    history.getByRole('listitem').filter({ hasText: '先週のエンジョイフットサル' }),
  ).toContainText('無断欠席');
  await expect(misaki.getByLabel('参加記録')).toContainText('無断欠席 1回');

  // She asks to join another event of his; his queue shows her record beside 承認.
  await misaki.goto(OTHER_EVENT);
  await misaki.getByLabel('主催者へのメッセージ（任意）').fill('テニスを始めたいです');
  await misaki.getByRole('button', { name: '参加をリクエスト' }).click();
  await expect(misaki.getByRole('button', { name: 'リクエストを取り消す' })).toBeVisible();

  await organizer.bringToFront();
  await organizer.goto(OTHER_EVENT);
  const request = organizer.getByRole('listitem', { name: `${MISAKI.name}さんの参加リクエスト` });
  await expect(request.getByRole('button', { name: '承認' })).toBeVisible();
  await expect(request.getByLabel(/^参加記録:/)).toContainText('無断欠席 1回');

  expect(consoleErrors).toEqual([]);
});
