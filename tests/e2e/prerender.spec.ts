import { expect, test } from './fixtures';

/**
 * The public screens' first frame is in their HTML (src/app/prerender.tsx, written by the build):
 * a visitor sees the page before any script has run, and the app then takes that markup over
 * (src/app/start.tsx) without losing what the visitor sees or does.
 */
test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the event list, an event page and the login screen show their frame', async ({ page }) => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'イベント一覧' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: '利用規約' }),
    ).toBeVisible();

    await page.goto('/events/seed-event-01');
    await expect(page.getByRole('status')).toHaveText('イベントを読み込み中…');

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible();
    // Typing or submitting waits for the app: the controls are off until it has taken over.
    await expect(page.getByLabel('メールアドレス')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeDisabled();
  });

  test('any other address gets the shell, which prerenders no screen', async ({ page }) => {
    await page.goto('/messages');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test('the app takes a prerendered page over: controls turn on and keep what is typed', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/login');
  await expect(page.locator('#root')).toHaveAttribute('data-route', '/login');
  const email = page.getByLabel('メールアドレス');
  await expect(email).toBeEnabled();
  await email.fill('hanako@example.com');
  await page.getByLabel('パスワード', { exact: true }).fill('demo1234');
  await expect(page.locator('[data-waits-for-app]')).toHaveCount(0);
  await expect(email).toHaveValue('hanako@example.com');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(consoleErrors).toEqual([]);
});

test('a prerendered page asked for with a query string shows what the query asks', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/events?sport=%E3%83%86%E3%83%8B%E3%82%B9');
  await expect(page.getByRole('heading', { level: 1, name: 'イベント一覧' })).toBeVisible();
  await expect(page.getByLabel('種目')).toHaveValue('テニス');
  await expect(page.getByTestId('event-card').first()).toContainText('テニス');
  expect(consoleErrors).toEqual([]);
});

test('a returning visitor’s stored data does not break the take-over', async ({
  page,
  consoleErrors,
}) => {
  // The home page stores the upcoming events in the persisted query cache; the event list and
  // the home page are then taken over while that cache is restored.
  await page.goto('/');
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  for (const path of ['/events', '/', '/teams']) {
    await page.goto(path);
    await expect(page.locator('[data-waits-for-app]')).toHaveCount(0);
    await expect(page.getByTestId(/-card$/).first()).toBeVisible();
  }
  expect(consoleErrors).toEqual([]);
});

test('the ids the page was prerendered with are the app’s: field messages stay attached', async ({
  page,
}) => {
  // The password field's policy hint is in the prerendered markup; its error comes from the app.
  // Both must be found through the field once the error shows: with other ids in the browser
  // than in the build, the hint's reference would dangle.
  await page.goto('/register');
  const password = page.getByLabel('パスワード', { exact: true });
  await expect(password).toBeEnabled();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('パスワードは8文字以上で入力してください')).toBeVisible();
  const ids = ((await password.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  expect(ids.length).toBe(2);
  for (const id of ids) await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
  await expect(password).toHaveAccessibleDescription(/8文字以上で入力してください.*英字と数字/);
});

test('when the app’s code cannot be downloaded, the page says so instead of staying inert', async ({
  page,
}) => {
  await page.route('**/assets/start-*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('alert')).toHaveText(
    'アプリを読み込めませんでした。通信環境を確認して、ページを再読み込みしてください。',
  );
  // The prerendered screen is still there to read.
  await expect(page.getByRole('heading', { level: 1, name: 'ログイン' })).toBeVisible();
});
