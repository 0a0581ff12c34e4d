import { expectAccessible } from './a11y';
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * docs/routes.md row by row, on the production build with the local backend and its demo data.
 * Ids below are the seeded ones (src/data/local/seed.ts). A visit here changes nothing, so the
 * visits of a worker share one signed-out browser profile (fixtures.ts `visitor`): each is still
 * a full page load, with only its own console errors counted.
 */
const SEEDED_EVENT = '/events/seed-event-01';
const SEEDED_USER = '/profile/demo-organizer';
const SEEDED_TEAM = '/teams/seed-team-01';

const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/register',
  '/reset-password',
  '/reset-complete',
  '/new-password',
  '/events',
  SEEDED_EVENT,
  SEEDED_USER,
  '/teams',
  SEEDED_TEAM,
  '/teams/create/complete',
  '/verify-email',
  '/auth/action',
  '/action',
  '/registration-complete',
  '/privacy-policy',
  '/terms',
  '/contact',
  '/organizer',
  '/campaign/team-registration',
  '/debug-chat',
  '/admin',
  '/admin-init',
  '/admin-quick',
  '/dev/outbox',
];

const GUARDED_ROUTES = [
  `${SEEDED_EVENT}/edit`,
  '/create-event',
  '/create-event/confirm',
  '/create-event/complete',
  '/messages',
  '/messages/some-conversation',
  '/notifications',
  '/profile',
  '/profile/settings',
  '/email-settings',
  `${SEEDED_TEAM}/edit`,
  '/teams/create',
  '/teams/create/confirm',
];

/**
 * Japanese glyphs are really drawn (not tofu boxes): two different kana rendered with the page's
 * font differ pixel for pixel only when a CJK font is present.
 */
async function japaneseGlyphsRender(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const font = `32px ${getComputedStyle(document.body).fontFamily}`;
    const draw = (ch: string) => {
      const c = document.createElement('canvas');
      c.width = 40;
      c.height = 40;
      const ctx = c.getContext('2d')!;
      ctx.font = font;
      ctx.fillText(ch, 2, 32);
      return Array.from(ctx.getImageData(0, 0, 40, 40).data).join(',');
    };
    return draw('あ') !== draw('ぬ') && draw('漢') !== draw('字');
  });
}

test.describe('public routes', () => {
  for (const path of PUBLIC_ROUTES) {
    test(`${path} opens with Japanese content and no console errors`, async ({
      visitor: { page, consoleErrors },
    }) => {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 }).first();
      await expect(heading).toBeVisible();
      await expect(heading).toHaveText(/[ぁ-んァ-ヶ一-龠]/);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
      await expect(page.getByText('ページが見つかりません')).toHaveCount(0);
      expect(await japaneseGlyphsRender(page)).toBe(true);
      await expectAccessible(page);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('an unknown path shows the not-found page', async ({ visitor: { page, consoleErrors } }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'ホームへ戻る' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the page declares Japanese and pre-announces its hosts', async ({ visitor: { page } }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    const hints = await page
      .locator('link[rel="preconnect"], link[rel="dns-prefetch"]')
      .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    // No web fonts are downloaded (the font stack is the device's), so no font host either.
    expect(hints.filter((h) => h.includes('fonts.'))).toEqual([]);
    expect(hints.some((h) => h.includes('firebasestorage.googleapis.com'))).toBe(true);
    expect(hints.some((h) => h.includes('googleusercontent.com'))).toBe(true);
  });

  test('the local demo backend says so in a banner', async ({ visitor: { page } }) => {
    await page.goto('/');
    await expect(page.getByText('ローカルのデモ環境で動作しています')).toBeVisible();
  });
});

test.describe('guarded routes', () => {
  for (const path of GUARDED_ROUTES) {
    test(`${path} sends a visitor to /login with returnUrl`, async ({
      visitor: { page, consoleErrors },
    }) => {
      await page.goto(`${path}?from=e2e`);
      await expect(page).toHaveURL(/\/login\?returnUrl=/);
      const returnUrl = new URL(page.url()).searchParams.get('returnUrl');
      expect(returnUrl).toBe(`${path}?from=e2e`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ログイン/);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test('the page scrolls to the top on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 600 });
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: '利用規約' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'プライバシーポリシー' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
