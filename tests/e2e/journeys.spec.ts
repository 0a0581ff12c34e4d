import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  PNG,
  test,
  expect,
  inDays,
  signIn,
  signOut,
  uniqueEmail,
  skipWithoutStorage,
} from './fixtures';
import { leaveAndAskAgain, rejectRequest, submitNewPassword } from './steps';

/**
 * The journeys both projects run (docs/testing.md "Browser tests"): the same steps on the local
 * build and on the Firebase build against the emulators. Nothing here knows which backend runs;
 * the fixtures hide where mail is read and how a second user gets a browser of their own.
 */
const ORGANIZER = { email: 'organizer@example.com', name: '山田 太郎' };
const PARTICIPANT = { email: 'hanako@example.com', name: '佐藤 花子' };

/** Fills the create screen up to the confirmation (no image). */
async function fillEvent(page: Page, title: string) {
  await page.goto('/create-event');
  await page.getByLabel('タイトル').fill(title);
  await page.getByLabel('種目').selectOption('フットサル');
  await page.getByLabel('開催日').fill(inDays(7));
  await page.getByLabel('開始時刻').fill('10:00');
  await page.getByLabel('終了時刻').fill('12:00');
  await page.getByLabel('開催場所').fill('世田谷区民体育館');
  await page.getByLabel('参加費（円）').fill('500');
  await page.getByLabel('定員（人）').fill('8');
  await page.getByLabel('説明').fill('ブラウザテスト用のイベントです。');
}

/** Confirms and creates the filled event; returns its path. */
async function createFilledEvent(page: Page, title: string): Promise<string> {
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(page.getByRole('heading', { name: '入力内容の確認' })).toBeVisible();
  await page.getByRole('button', { name: 'この内容で作成する' }).click();
  await expect(page).toHaveURL(/\/create-event\/complete/);
  await page.getByRole('link', { name: '作成したイベントを見る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const path = new URL(page.url()).pathname;
  expect(path).toMatch(/^\/events\/[^/]+$/);
  return path;
}

test('accounts: sign up, verify through the mailed link, sign in again through returnUrl, reset the password', async ({
  page,
  consoleErrors,
  mailLink,
}) => {
  const email = uniqueEmail('journey');
  const password = 'Kakunin2026';
  const name = '旅程 太郎';

  await page.goto('/register');
  await page.getByLabel('お名前（表示名）').fill(name);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByLabel('パスワード（確認）', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /利用規約.*に同意します/ }).check();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: '確認しました' }).click();
  await expect(page.getByRole('alert')).toContainText('まだメールアドレスの確認が完了していません');

  const link = await mailLink(page, email, 'verifyEmail');
  expect(new URL(link).pathname).toBe('/auth/action');
  expect(new URL(link).searchParams.get('mode')).toBe('verifyEmail');
  await page.goto(link);
  await expect(page).toHaveURL(/\/registration-complete$/);
  await expect(page.getByRole('heading', { level: 1, name: '登録が完了しました' })).toBeVisible();

  // Verified now: the create screen offers its form.
  await page.goto('/create-event');
  await expect(page.getByLabel('タイトル')).toBeVisible();

  await signOut(page);
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fnotifications$/);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('button', { name: `${name}のメニュー` })).toBeVisible();
  await expect(page.getByText('通知はありません')).toBeVisible();

  // --- Forgotten password: the mailed reset link, a new password, signed in with it.
  await signOut(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: '再設定メールを送信' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '入力されたメールアドレスが登録されている場合は' }),
  ).toBeVisible();
  const reset = await mailLink(page, email, 'resetPassword');
  expect(new URL(reset).pathname).toBe('/auth/action');
  expect(new URL(reset).searchParams.get('mode')).toBe('resetPassword');
  await page.goto(reset);
  await expect(page).toHaveURL(/\/new-password\?oobCode=/);
  await expect(page.getByText(email)).toBeVisible();
  const newPassword = 'Atarashii2026';
  await submitNewPassword(page, newPassword);
  await signIn(page, email, newPassword);
  await expect(page.getByRole('button', { name: `${name}のメニュー` })).toBeVisible();

  expect(consoleErrors).toEqual([]);
});

test('participation: two users — create, request, approve (notification, mail whose link opens the event), leave, request again, reject (notification, mail)', async ({
  page,
  consoleErrors,
  otherUser,
  mailLink,
  baseURL,
}) => {
  const stamp = String(Date.now());
  const title = `旅程 参加テスト ${stamp}`;
  const organizer = page;
  const participant = await otherUser();
  await signIn(organizer, ORGANIZER.email, DEMO_PASSWORD);
  await signIn(participant, PARTICIPANT.email, DEMO_PASSWORD);
  await expect(
    organizer.getByRole('button', { name: `${ORGANIZER.name}のメニュー` }),
  ).toBeVisible();

  // The participant's unread count before (the demo data has some); the bell counts up from it.
  await participant.bringToFront();
  await participant.getByRole('banner').getByRole('link', { name: /^通知/ }).click();
  await expect(participant.getByRole('heading', { level: 1, name: '通知' })).toBeVisible();
  await expect(participant.getByRole('listitem').first()).toBeVisible();
  const unreadBefore = await participant.getByRole('button', { name: /^未読：/ }).count();

  await organizer.bringToFront();
  await fillEvent(organizer, title);
  const eventPath = await createFilledEvent(organizer, title);
  const requests = organizer.getByRole('region', { name: /^参加リクエスト/ });
  await expect(requests.getByText('参加リクエストはまだありません')).toBeVisible();

  // The participant finds it by keyword (on Firebase: through its stored search tokens).
  await participant.bringToFront();
  await participant.goto('/events');
  await participant.getByRole('searchbox', { name: 'キーワード検索' }).fill(`参加テスト ${stamp}`);
  await participant.getByRole('searchbox', { name: 'キーワード検索' }).press('Enter');
  await expect(participant.getByTestId('event-card')).toHaveCount(1);
  await participant.getByTestId('event-card').getByRole('link').click();
  await expect(participant).toHaveURL(new RegExp(`${eventPath}$`));
  await expect(participant.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await participant.getByLabel('主催者へのメッセージ（任意）').fill('はじめまして。参加希望です。');
  await participant.getByRole('button', { name: '参加をリクエスト' }).click();
  await expect(participant.getByText('承認待ち', { exact: true }).first()).toBeVisible();

  // The organizer sees it arrive without a reload, and approves.
  await organizer.bringToFront();
  const request = requests.getByRole('listitem', {
    name: `${PARTICIPANT.name}さんの参加リクエスト`,
  });
  await expect(request).toContainText('はじめまして。参加希望です。');
  await request.getByRole('button', { name: '承認' }).click();
  await expect(request.getByText('承認済み')).toBeVisible();

  // The participant: the bell counts the approval live, the list says what it is.
  await participant.bringToFront();
  await expect(
    participant
      .getByRole('banner')
      .getByRole('link', { name: `通知 未読${unreadBefore + 1}件`, exact: true }),
  ).toBeVisible();
  await participant.getByRole('banner').getByRole('link', { name: /^通知/ }).click();
  await expect(
    participant
      .getByRole('listitem')
      .filter({ hasText: '参加リクエストが承認されました' })
      .filter({ hasText: `「${title}」への参加が承認されました` }),
  ).toBeVisible();

  // The approval mail: its link is on the origin under test and opens the event.
  const link = await mailLink(
    participant,
    PARTICIPANT.email,
    new RegExp(`「${title}」への参加が承認されました`),
  );
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
  await participant.goto(link);
  await expect(participant.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(participant.getByText('参加予定です')).toBeVisible();
  const participants = participant.getByRole('region', { name: /^参加者/ });
  await expect(participants.getByRole('link', { name: PARTICIPANT.name })).toBeVisible();

  // --- The participant leaves, after confirming, and asks again; the organizer sees the new
  // request live and rejects it, after confirming.
  await leaveAndAskAgain(participant, participants, PARTICIPANT.name, 'やはり参加したいです。');
  await rejectRequest(organizer, requests, PARTICIPANT.name, 'やはり参加したいです。');

  // --- The participant: the event page and the notifications say so, and a mail came.
  await participant.bringToFront();
  await expect(participant.getByText('参加リクエストは見送られました')).toBeVisible();
  await participant.getByRole('banner').getByRole('link', { name: /^通知/ }).click();
  await expect(
    participant
      .getByRole('listitem')
      .filter({ hasText: '参加リクエストが見送られました' })
      .filter({ hasText: title }),
  ).toBeVisible();
  const rejection = await mailLink(
    participant,
    PARTICIPANT.email,
    new RegExp(`「${title}」への参加リクエストについて`),
  );
  expect(new URL(rejection).origin).toBe(new URL(baseURL!).origin);

  expect(consoleErrors).toEqual([]);
});

test('an event image is uploaded and shown (needs the Storage emulator on Firebase)', async ({
  page,
  backend,
  consoleErrors,
}) => {
  skipWithoutStorage(backend);
  const title = `旅程 画像テスト ${Date.now()}`;
  await signIn(page, ORGANIZER.email, DEMO_PASSWORD);
  await fillEvent(page, title);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'court.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'イベント画像のプレビュー' })).toBeVisible();
  await createFilledEvent(page, title);
  // The event has its stored image: its organizer is offered to delete it.
  await expect(page.getByRole('button', { name: '画像を削除' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('an event image picked before a reload of the confirmation is kept and published (needs the Storage emulator on Firebase)', async ({
  page,
  backend,
  consoleErrors,
}) => {
  skipWithoutStorage(backend);
  const title = `旅程 再読み込み画像 ${Date.now()}`;
  await signIn(page, ORGANIZER.email, DEMO_PASSWORD);
  await fillEvent(page, title);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'court.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'イベント画像のプレビュー' })).toBeVisible();
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(page).toHaveURL(/\/create-event\/confirm$/);
  await expect(page.getByRole('img', { name: 'イベント画像のプレビュー' })).toBeVisible();

  await page.reload();
  await expect(page.getByText(title)).toBeVisible();
  const preview = page.getByRole('img', { name: 'イベント画像のプレビュー' });
  await expect(preview).toBeVisible();
  // The picture itself came back, not only a frame for it.
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'この内容で作成する' }).click();
  await expect(page).toHaveURL(/\/create-event\/complete/);
  await page.getByRole('link', { name: '作成したイベントを見る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The event has its stored image: it is shown, and its organizer is offered to delete it.
  await expect(page.getByRole('img', { name: 'イベント画像のプレビュー' })).toBeVisible();
  await expect(page.getByRole('button', { name: '画像を削除' })).toBeVisible();

  // Published: a new event starts without the picture.
  await page.goto('/create-event');
  await expect(page.getByLabel('タイトル')).toHaveValue('');
  await expect(page.getByText('画像が選択されていません')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('keyword search finds the demo events whatever kana or width is typed, and by organizer', async ({
  page,
}) => {
  const search = page.getByRole('searchbox', { name: 'キーワード検索' });
  const titles = async () =>
    (await page.getByTestId('event-card').getByRole('heading').allTextContents()).sort();
  await page.goto('/events');
  // The demo events are relative to today; these lie days ahead whatever the time zone.
  const yamadaFutsal = [
    '世田谷フットサルクラブ 紅白戦',
    '午前のフットサル練習会',
    '週末エンジョイフットサル',
  ];
  const yamadaOther = [
    '初心者バスケ教室',
    '皇居ラン 10km',
    'ソサイチ（8人制サッカー）',
    '卓球ダブルス大会',
  ];
  const others = ['女子フットサル練習会', '午前のフットサルステップアップ練習'];

  const shownFor = async (keyword: string, until: (shown: string[]) => boolean) => {
    await search.fill(keyword);
    await search.press('Enter');
    // Generous: the Firebase build's first query meets cold emulators on a loaded machine.
    await expect
      .poll(async () => until(await titles()), { message: keyword, timeout: 60_000 })
      .toBe(true);
    return titles();
  };
  const katakana = await shownFor('フットサル', (t) =>
    [...yamadaFutsal, ...others].every((x) => t.includes(x)),
  );
  for (const keyword of ['ふっとさる', 'ﾌｯﾄｻﾙ']) {
    // Something else in between, so the list shown is this keyword's.
    await shownFor('テニス', (t) => t.length > 0 && !t.includes(others[0]!));
    const shown = await shownFor(keyword, (t) => t.includes(others[0]!));
    expect(shown, keyword).toEqual(katakana);
  }
  // 山田 太郎 organizes these; most hold neither 山田 nor フットサル in their texts.
  const yamada = await shownFor('山田', (t) => t.includes(yamadaOther[0]!));
  expect(yamada).toEqual(expect.arrayContaining([...yamadaFutsal, ...yamadaOther]));
  expect(yamada).not.toContain(others[1]);
  const both = await shownFor(
    'ふっとさる　山田',
    (t) => t.includes(yamadaFutsal[0]!) && !t.includes(yamadaOther[0]!),
  );
  expect(both).toEqual(expect.arrayContaining(yamadaFutsal));
  expect(both.filter((t) => !t.includes('フットサル'))).toEqual([]);
  expect(both).not.toContain(others[1]);
});
