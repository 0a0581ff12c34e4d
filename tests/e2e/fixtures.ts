import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/** Which build a project runs: the local backend or Firebase on the emulators (playwright.config.ts). */
export type BackendKind = 'local' | 'firebase';

/** What a mail's link is for: the Auth mails by their action, the others by their subject. */
export type MailKind = 'verifyEmail' | 'resetPassword' | RegExp;

interface JourneyFixtures {
  consoleErrors: string[];
  /**
   * A page for a second user. On the local backend the demo data lives in the browser profile's
   * IndexedDB, so it is another tab of this context (each tab keeps its own session); on
   * Firebase, whose Auth shares one session across the tabs of a profile, another context.
   * Its console errors count too.
   */
  otherUser: () => Promise<Page>;
  /**
   * The link in the newest mail to `to` of that kind, as an absolute URL: the local backend's
   * outbox (/dev/outbox, read in `page`'s browser profile); on Firebase, the Auth emulator's
   * out-of-band codes (as the app's own /auth/action link) and the mail the Functions emulator
   * captured (MAIL_CAPTURE_DIR, scripts/e2e-firebase.sh). Waits until it is there.
   */
  mailLink: (page: Page, to: string, kind: MailKind) => Promise<string>;
}

/**
 * Every page collects console errors and uncaught exceptions; a test fails if any appeared.
 * Each Playwright context is a fresh profile, so each test starts from the seeded demo data on
 * the local backend; on Firebase the emulators hold the demo data for the whole run.
 */
export const test = base.extend<JourneyFixtures, { backend: BackendKind }>({
  backend: ['local', { option: true, scope: 'worker' }],
  consoleErrors: async ({ context }, provide) => {
    const errors: string[] = [];
    watchConsole(context, errors);
    await provide(errors);
  },
  otherUser: async (
    { backend, context, browser, baseURL, locale, timezoneId, consoleErrors },
    provide,
  ) => {
    const opened: BrowserContext[] = [];
    await provide(async () => {
      if (backend === 'local') return context.newPage();
      const other = await browser.newContext({ baseURL, locale, timezoneId });
      opened.push(other);
      watchConsole(other, consoleErrors);
      return other.newPage();
    });
    for (const c of opened) await c.close();
  },
  mailLink: async ({ backend, baseURL }, provide) => {
    await provide(async (page, to, kind) => {
      let link = '';
      await expect
        .poll(
          async () => {
            link =
              backend === 'local'
                ? await outboxLink(page, to, kind)
                : await emulatorMailLink(baseURL!, to, kind);
            return link;
          },
          { message: `a mail to ${to} (${String(kind)})`, timeout: 30_000 },
        )
        .not.toBe('');
      return link;
    });
  },
});

function watchConsole(context: BrowserContext, errors: string[]) {
  const watch = (page: Page) => {
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}

const OUTBOX_SUBJECT: Record<'verifyEmail' | 'resetPassword', RegExp> = {
  verifyEmail: /メールアドレスの確認/,
  resetPassword: /パスワード再設定/,
};

/** The first link of the newest matching mail in the local outbox, '' when there is none yet. */
async function outboxLink(page: Page, to: string, kind: MailKind): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto('/dev/outbox');
    await outbox.getByRole('heading', { level: 1 }).waitFor();
    const subject = kind instanceof RegExp ? kind : OUTBOX_SUBJECT[kind];
    const mail = outbox
      .getByRole('listitem')
      .filter({ has: outbox.getByRole('heading', { name: subject }) })
      .filter({ hasText: `宛先: ${to}` })
      .first();
    if (!(await mail.isVisible())) return '';
    return new URL((await mail.getByRole('link').first().getAttribute('href'))!, page.url()).href;
  } finally {
    await outbox.close();
  }
}

/** The emulators' mail: Auth's out-of-band codes, and the files the Functions emulator wrote. */
async function emulatorMailLink(baseURL: string, to: string, kind: MailKind): Promise<string> {
  if (!(kind instanceof RegExp)) {
    const project = process.env.VITE_FIREBASE_PROJECT_ID;
    const res = await fetch(
      `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${project}/oobCodes`,
    );
    const { oobCodes = [] } = (await res.json()) as {
      oobCodes?: { email: string; oobCode: string; requestType: string }[];
    };
    const type = kind === 'verifyEmail' ? 'VERIFY_EMAIL' : 'PASSWORD_RESET';
    const code = oobCodes.filter((c) => c.email === to && c.requestType === type).at(-1);
    // Production's mail template points at the app's action page (docs/testing.md).
    return code ? `${baseURL}/auth/action?mode=${kind}&oobCode=${code.oobCode}` : '';
  }
  const dir = process.env.MAIL_CAPTURE_DIR!;
  const mails = (await readdir(dir))
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()
    .map(
      (f) =>
        JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
          to: string;
          subject: string;
          text: string;
        },
    );
  const mail = mails.filter((m) => m.to === to && kind.test(m.subject)).at(-1);
  return mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
}

export { expect };

/** Signs in through the login form (works for any account, seeded or created in the test). */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByRole('button', { name: /のメニュー/ })).toBeVisible();
}

/** The password of every demo account (src/data/demo/people.ts). */
export const DEMO_PASSWORD = 'demo1234';

/** A 1×1 PNG: a real image the screens can preview and the storage can keep. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An address no other test uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** yyyy-MM-dd, `days` from now. */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Signs out through the user menu. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /のメニュー$/ }).click();
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン' })).toBeVisible();
}
