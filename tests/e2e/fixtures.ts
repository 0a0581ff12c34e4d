import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every page collects console errors and uncaught exceptions; a test fails if any appeared.
 * Each Playwright context is a fresh profile, so each test starts from the seeded demo data.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ context }, provide) => {
    const errors: string[] = [];
    const watch = (page: Page) => {
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
    };
    context.pages().forEach(watch);
    context.on('page', watch);
    await provide(errors);
  },
});

export { expect };

/** Signs in through the login form (works for any account, seeded or created in the test). */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByRole('button', { name: /のメニュー/ })).toBeVisible();
}
