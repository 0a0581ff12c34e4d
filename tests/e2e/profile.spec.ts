import type { Page } from '@playwright/test';
import { test, expect, signIn, PNG, skipWithoutStorage } from './fixtures';

/** Demo accounts of the seed; they share one password. */
const DEMO_PASSWORD = 'demo1234';
const ORGANIZER = { uid: 'demo-organizer', email: 'organizer@example.com' };
const MISAKI = { email: 'misaki@example.com', name: '高橋 美咲' };
const ICHIRO = { email: 'ichiro@example.com', name: '鈴木 一郎' };
/** An open event of the organizer that neither participant has joined or asked to join. */
const OPEN_EVENT = { id: 'seed-event-17', title: '初心者バスケ教室' };
/** The organizer's event the participants see the organizer's name on. */
const ORGANIZERS_EVENT = 'seed-event-01';

/**
 * The organizer signed in on `page`, on their profile settings; Misaki as a visitor in a browser
 * of her own.
 */
async function organizerAndVisitor(page: Page, otherUser: () => Promise<Page>) {
  const visitor = await otherUser();
  await signIn(page, ORGANIZER.email, DEMO_PASSWORD, '/profile/settings');
  await signIn(visitor, MISAKI.email, DEMO_PASSWORD);
  return { organizer: page, visitor };
}

function summary(page: Page) {
  return page.getByRole('region', { name: 'プロフィール' });
}

test('a renamed organizer is what others see, never with an email address', async ({
  page,
  otherUser,
  consoleErrors,
}) => {
  const newName = `山田 太郎 E2E${Date.now() % 1000}`;
  const bio = '週末のフットサルを主催しています。E2Eテストで更新しました。';
  const { organizer, visitor } = await organizerAndVisitor(page, otherUser);
  // --- The organizer edits the profile: name, bio, and shows gender and age only.
  await organizer.bringToFront();
  await organizer.getByLabel('表示名').fill(newName);
  await organizer.getByLabel('自己紹介').fill(bio);
  await organizer.getByLabel('性別', { exact: true }).selectOption('male');
  await organizer.getByLabel('公開プロフィールに性別を表示する').check();
  await organizer.getByLabel('生年月日', { exact: true }).fill('1988-04-12');
  await organizer.getByRole('radio', { name: '年齢のみ公開' }).check();
  await organizer.getByRole('button', { name: '保存する' }).click();
  await expect(organizer.getByText('プロフィールを保存しました', { exact: true })).toBeVisible();
  await expect(organizer.getByRole('button', { name: `${newName}のメニュー` })).toBeVisible();

  // --- /profile shows it to the owner, with the birth date itself marked as shown as age only.
  await organizer.getByRole('link', { name: 'マイプロフィールへ戻る' }).click();
  await expect(organizer.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  await expect(summary(organizer).getByText(bio)).toBeVisible();
  await expect(summary(organizer).getByText(/1988年4月12日/)).toHaveCount(0);
  await expect(summary(organizer).getByText('年齢のみ公開')).toBeVisible();

  // --- Another user sees the new name, gender and age on the public profile, and no
  // birth date or email address anywhere on the page.
  await visitor.bringToFront();
  await visitor.goto(`/profile/${ORGANIZER.uid}`);
  await expect(visitor.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  await expect(summary(visitor).getByText(bio)).toBeVisible();
  await expect(summary(visitor).getByText('男性')).toBeVisible();
  await expect(summary(visitor).getByText(/^\d+歳$/)).toBeVisible();
  await expect(visitor.getByText('生年月日')).toHaveCount(0);
  await expect(visitor.locator('main')).not.toContainText('@');
  await expect(visitor.locator('main')).not.toContainText(ORGANIZER.email);

  // --- ...and the new name on the organizer's event.
  await visitor.goto(`/events/${ORGANIZERS_EVENT}`);
  await expect(
    visitor.getByRole('link', { name: new RegExp(`主催者\\s*${newName}`) }),
  ).toBeVisible();

  // --- The visitor's own history labels each past event by what it was for them.
  await visitor.goto('/profile');
  const history = visitor.getByRole('list', { name: '参加履歴' });
  await expect(
    history.getByRole('listitem').filter({ hasText: '6人制バレーボール練習会' }),
  ).toContainText('初参加');
  await expect(
    history.getByRole('listitem').filter({ hasText: '先週のエンジョイフットサル' }),
  ).toContainText('２回目');

  expect(consoleErrors).toEqual([]);
});

test('switching off approval mail means an approval sends nothing, while others still get theirs', async ({
  page,
  otherUser,
  mailLink,
  mailCount,
  consoleErrors,
}) => {
  const misaki = page;
  const ichiro = await otherUser();
  const organizer = await otherUser();
  await signIn(misaki, MISAKI.email, DEMO_PASSWORD, '/email-settings');
  await signIn(ichiro, ICHIRO.email, DEMO_PASSWORD);
  await signIn(organizer, ORGANIZER.email, DEMO_PASSWORD);

  // --- Misaki switches the approval mail off.
  await misaki.bringToFront();
  const approvalSwitch = misaki.getByRole('switch', { name: '参加リクエストの承認' });
  await expect(approvalSwitch).toHaveAttribute('aria-checked', 'true');
  await approvalSwitch.click();
  await expect(
    misaki.getByText('「参加リクエストの承認」のメールをオフにしました', { exact: true }),
  ).toBeVisible();
  await expect(approvalSwitch).toHaveAttribute('aria-checked', 'false');
  await misaki.reload();
  await expect(misaki.getByRole('switch', { name: '参加リクエストの承認' })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  // --- Both ask to join the same event; the organizer approves both.
  for (const page of [misaki, ichiro]) {
    await page.bringToFront();
    await page.goto(`/events/${OPEN_EVENT.id}`);
    await page.getByRole('button', { name: '参加をリクエスト' }).click();
    await expect(page.getByRole('button', { name: 'リクエストを取り消す' })).toBeVisible();
  }
  await organizer.bringToFront();
  await organizer.goto(`/events/${OPEN_EVENT.id}`);
  const requests = organizer.getByRole('region', { name: /^参加リクエスト/ });
  for (const name of [MISAKI.name, ICHIRO.name]) {
    const request = requests.getByRole('listitem', { name: `${name}さんの参加リクエスト` });
    await request.getByRole('button', { name: '承認' }).click();
    await expect(request.getByText('承認済み')).toBeVisible();
  }

  // --- Ichiro's approval mail went out (after Misaki's approval), and none to Misaki.
  const approvalMail = new RegExp(`「${OPEN_EVENT.title}」への参加が承認されました`);
  await mailLink(ichiro, ICHIRO.email, approvalMail);
  expect(await mailCount(ichiro, ICHIRO.email, approvalMail)).toBe(1);
  expect(await mailCount(misaki, MISAKI.email, approvalMail)).toBe(0);

  expect(consoleErrors).toEqual([]);
});

test('a new profile photo is what others see (needs the Storage emulator on Firebase)', async ({
  page,
  otherUser,
  backend,
  consoleErrors,
}) => {
  skipWithoutStorage(backend);
  const { organizer, visitor } = await organizerAndVisitor(page, otherUser);
  await organizer.bringToFront();
  await organizer
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(
    organizer.getByRole('img', { name: 'プロフィール写真のプレビュー' }),
  ).toHaveAttribute('src', /^blob:/);
  await organizer.getByRole('button', { name: '保存する' }).click();
  await expect(organizer.getByText('プロフィールを保存しました', { exact: true })).toBeVisible();
  await organizer.getByRole('link', { name: 'マイプロフィールへ戻る' }).click();
  const photo = backend === 'local' ? /^data:image\/png/ : /^https?:/;
  await expect(summary(organizer).locator('img')).toHaveAttribute('src', photo);

  await visitor.bringToFront();
  await visitor.goto(`/profile/${ORGANIZER.uid}`);
  await expect(summary(visitor).locator('img')).toHaveAttribute('src', photo);

  expect(consoleErrors).toEqual([]);
});

test('a reload right after a saved switch shows what was saved, every time', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, MISAKI.email, DEMO_PASSWORD, '/email-settings');
  const name = '参加リクエストの承認';
  let on = true;
  await expect(page.getByRole('switch', { name })).toHaveAttribute('aria-checked', String(on));
  for (let round = 0; round < 4; round += 1) {
    on = !on;
    await page.getByRole('switch', { name }).click();
    await expect(
      page.getByText(`「${name}」のメールを${on ? 'オン' : 'オフ'}にしました`, { exact: true }),
    ).toBeVisible();
    // At once, before the stored copy of the cache would have been written on its own.
    await page.reload();
    const after = page.getByRole('switch', { name });
    await expect(after).toHaveAttribute('aria-checked', String(on));
    // And it stays for the next seconds: no later answer (the server's or a restored copy)
    // brings the old value back. Sampled, since the Firebase build's listeners never let the
    // network go idle.
    for (let sample = 0; sample < 12; sample += 1) {
      expect(await after.getAttribute('aria-checked')).toBe(String(on));
      await page.waitForTimeout(250);
    }
  }
  expect(consoleErrors).toEqual([]);
});

test('on a phone a profile does not move when its participation count and フォローする come', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The count waits for the attendance use case's code and フォローする for its own, both held
  // back here until the rest is shown.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(attendance|follow-button)-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/profile/${ORGANIZER.uid}`);
  await expect(summary(page).getByRole('status')).toHaveText(/参加回数を読み込み中/, {
    timeout: 30_000,
  });
  const facts = summary(page).locator('dl');
  const before = await facts.boundingBox();
  release();
  await expect(summary(page).getByText(/^参加記録：/)).toBeVisible();
  await expect(summary(page).getByText(/^フォロワー/)).toBeVisible();
  expect(await facts.boundingBox()).toEqual(before);
});
