import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, PNG, test, expect, inDays, signIn } from './fixtures';
import { leaveAndAskAgain, rejectRequest } from './steps';

const ORGANIZER = { email: 'organizer@example.com', name: '山田 太郎' };
const PARTICIPANT = { email: 'hanako@example.com', name: '佐藤 花子' };

/** Opens my notification list through the header link, as a user would (no reload). */
async function openNotifications(page: Page) {
  await page.bringToFront();
  await page.getByRole('banner').getByRole('link', { name: /^通知/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '通知' })).toBeVisible();
}

test('two tabs as two users: create with an image, request, approve, leave, request again, reject', async ({
  context,
  consoleErrors,
}) => {
  const title = `E2E 参加テスト練習会 ${Date.now()}`;
  const organizer = await context.newPage();
  const participant = await context.newPage();

  // Each tab keeps its own session (sessionStorage); both share the browser's IndexedDB.
  await signIn(organizer, ORGANIZER.email, DEMO_PASSWORD);
  await signIn(participant, PARTICIPANT.email, DEMO_PASSWORD);
  await expect(
    organizer.getByRole('button', { name: `${ORGANIZER.name}のメニュー` }),
  ).toBeVisible();

  // The participant's unread notifications before anything happens (the seed has some); the
  // header bell must count up from here.
  await openNotifications(participant);
  await expect(participant.getByRole('listitem').first()).toBeVisible();
  const unreadBefore = await participant.getByRole('button', { name: /^未読：/ }).count();
  expect(unreadBefore).toBeGreaterThan(0);

  // --- The organizer creates an event with an image.
  await organizer.bringToFront();
  await organizer.goto('/create-event');
  await organizer.getByLabel('タイトル').fill(title);
  await organizer.getByLabel('種目').selectOption('フットサル');
  await organizer.getByLabel('開催日').fill(inDays(7));
  await organizer.getByLabel('開始時刻').fill('10:00');
  await organizer.getByLabel('終了時刻').fill('12:00');
  await organizer.getByLabel('開催場所').fill('世田谷区民体育館');
  await organizer.getByLabel('参加費（円）').fill('500');
  await organizer.getByLabel('定員（人）').fill('8');
  await organizer.getByLabel('説明').fill('E2Eテスト用のイベントです。');
  // A file named as a picture that is not one is refused when picked, with no broken preview.
  await organizer.locator('input[type="file"]').setInputFiles({
    name: 'court.png',
    mimeType: 'image/png',
    buffer: Buffer.from('これは画像ではありません'),
  });
  await expect(
    organizer.getByText('この画像は読み込めませんでした。別の画像を選んでください'),
  ).toBeVisible();
  await expect(organizer.getByRole('img', { name: 'イベント画像のプレビュー' })).toHaveCount(0);
  await organizer
    .locator('input[type="file"]')
    .setInputFiles({ name: 'court.png', mimeType: 'image/png', buffer: PNG });
  await expect(organizer.getByRole('img', { name: 'イベント画像のプレビュー' })).toBeVisible();

  // The confirmation shows the input, and going back keeps it.
  await organizer.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(organizer).toHaveURL(/\/create-event\/confirm$/);
  await expect(organizer.getByRole('heading', { name: '入力内容の確認' })).toBeVisible();
  await expect(organizer.getByText(title)).toBeVisible();
  await expect(organizer.getByText('世田谷区民体育館')).toBeVisible();
  await expect(organizer.getByText('¥500')).toBeVisible();
  await expect(organizer.getByText('8人')).toBeVisible();
  await expect(organizer.getByRole('img', { name: 'イベント画像のプレビュー' })).toBeVisible();
  await organizer.getByRole('button', { name: '入力画面に戻る' }).click();
  await expect(organizer).toHaveURL(/\/create-event$/);
  await expect(organizer.getByLabel('タイトル')).toHaveValue(title);
  await expect(organizer.getByLabel('開催場所')).toHaveValue('世田谷区民体育館');
  await expect(organizer.getByLabel('定員（人）')).toHaveValue('8');
  await expect(organizer.getByRole('img', { name: 'イベント画像のプレビュー' })).toBeVisible();

  await organizer.getByRole('button', { name: '入力内容を確認する' }).click();
  await organizer.getByRole('button', { name: 'この内容で作成する' }).click();
  await expect(organizer).toHaveURL(/\/create-event\/complete/);
  await organizer.getByRole('link', { name: '作成したイベントを見る' }).click();
  await expect(organizer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const eventPath = new URL(organizer.url()).pathname;
  expect(eventPath).toMatch(/^\/events\/[^/]+$/);
  const requests = organizer.getByRole('region', { name: /^参加リクエスト/ });
  await expect(requests.getByText('参加リクエストはまだありません')).toBeVisible();

  // --- The participant asks to join with a message.
  await participant.bringToFront();
  await participant.goto(eventPath);
  await expect(participant.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await participant.getByLabel('主催者へのメッセージ（任意）').fill('はじめまして。初参加です！');
  await participant.getByRole('button', { name: '参加をリクエスト' }).click();
  await expect(participant.getByText('承認待ち', { exact: true }).first()).toBeVisible();
  await expect(participant.getByRole('button', { name: 'リクエストを取り消す' })).toBeVisible();

  // --- The organizer sees it arrive (no reload) and approves.
  await organizer.bringToFront();
  const firstRequest = requests
    .getByRole('listitem', { name: `${PARTICIPANT.name}さんの参加リクエスト` })
    .filter({ hasText: 'はじめまして。初参加です！' });
  await expect(firstRequest).toBeVisible();
  await firstRequest.getByRole('button', { name: '承認' }).click();
  await expect(firstRequest.getByText('承認済み')).toBeVisible();

  // --- The participant sees the approval notification, then themself among the participants.
  // The header bell counts it live, without a reload.
  await expect(
    participant
      .getByRole('banner')
      .getByRole('link', { name: `通知 未読${unreadBefore + 1}件`, exact: true }),
  ).toBeVisible();
  await openNotifications(participant);
  const approval = participant
    .getByRole('listitem')
    .filter({ hasText: '参加リクエストが承認されました' })
    .filter({ hasText: title });
  await expect(approval).toBeVisible();
  await approval.getByRole('button', { name: '未読：参加リクエストが承認されました' }).click();
  await expect(participant).toHaveURL(eventPath);
  await expect(participant.getByText('参加予定です')).toBeVisible();
  const participantsList = participant.getByRole('region', { name: /^参加者/ });
  await expect(participantsList.getByRole('link', { name: PARTICIPANT.name })).toBeVisible();

  // --- The participant leaves, after confirming, and asks again; the organizer rejects the new
  // request, after confirming.
  await leaveAndAskAgain(participant, participantsList, PARTICIPANT.name, 'やはり参加したいです。');
  await rejectRequest(organizer, requests, PARTICIPANT.name, 'やはり参加したいです。');

  // --- The participant sees the rejection: on the event page, and in the notifications.
  await participant.bringToFront();
  await expect(participant.getByText('参加リクエストは見送られました')).toBeVisible();
  await openNotifications(participant);
  const rejection = participant
    .getByRole('listitem')
    .filter({ hasText: '参加リクエストが見送られました' })
    .filter({ hasText: title });
  await expect(rejection).toBeVisible();
  await expect(
    rejection.getByRole('button', { name: '未読：参加リクエストが見送られました' }),
  ).toBeVisible();

  expect(consoleErrors).toEqual([]);
});
