import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { expect, signIn, test } from './fixtures';

/**
 * The screens a signed-in user reaches, checked with axe (the public ones are checked in
 * routes.spec.ts), at desktop and phone widths. Ids are the seeded ones (src/data/local/seed.ts);
 * organizer@example.com organizes seed-event-01 and owns seed-team-01, so their details show the
 * organizer's and the owner's panels.
 */
const ORGANIZER = 'organizer@example.com';
const PARTICIPANT = 'hanako@example.com';
const PASSWORD = 'demo1234';

const SIGNED_IN_SCREENS = [
  '/',
  '/events',
  '/events/seed-event-01',
  '/events/seed-event-01/edit',
  '/create-event',
  '/create-event/complete',
  '/messages',
  '/notifications',
  '/profile',
  '/profile/settings',
  '/email-settings',
  '/teams',
  '/teams/seed-team-01',
  '/teams/create',
  '/teams/seed-team-01/edit',
];

/** The screen has its heading and has finished loading (no spinner or skeleton in main). */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
}

/** How many lines the element's text occupies (one per distinct top of its text boxes). */
function textLines(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

for (const width of [1280, 390]) {
  // Fifteen screens, each checked with axe: close to a minute when another test runs beside it.
  test(`every signed-in screen passes the accessibility check at ${width} px`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, ORGANIZER, PASSWORD);
    for (const path of SIGNED_IN_SCREENS) {
      await test.step(path, async () => {
        await page.goto(path);
        await settled(page);
        await expectAccessible(page);
      });
    }
    expect(consoleErrors).toEqual([]);
  });
}

test('a participant sees the event, team, profile and chat (with their 通報 buttons) and notifications without accessibility violations', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, PARTICIPANT, PASSWORD);
  // The team, the organizer's profile and their chat with the participant show 通報 buttons.
  for (const path of [
    '/events/seed-event-01',
    '/notifications',
    '/teams/seed-team-01',
    '/profile/demo-organizer',
    '/messages/demo-hanako_demo-organizer',
  ]) {
    await page.goto(path);
    await settled(page);
    await expectAccessible(page);
  }
  expect(consoleErrors).toEqual([]);
});

test('on a phone the header keeps each menu word on one line and names the home link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, ORGANIZER, PASSWORD, '/events');
  await settled(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'スポーツコミュニティ' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'メッセージ' })).toBeVisible();
  for (const name of ['イベント', 'チーム']) {
    const link = header.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    expect(await textLines(link), name).toBe(1);
  }
  // Nothing in the header is pushed past the screen's edge.
  const overflow = await header.evaluate((h) => h.scrollWidth - h.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('on a phone the signed-out header keeps each of its words on one line too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/events');
  await settled(page);
  const header = page.getByRole('banner');
  for (const name of ['イベント', 'チーム', 'ログイン', '新規登録']) {
    const link = header.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    expect(await textLines(link), name).toBe(1);
  }
  const overflow = await header.evaluate((h) => h.scrollWidth - h.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
