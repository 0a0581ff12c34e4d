import { readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { loadConfigFromFile, runnerImport } from 'vite';
import { moveEventDayAsServer, runScheduledFunction } from './server';
import { putLocalEvent } from './local-db';

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
  /**
   * How many mails to `to` whose subject matches `subject` were sent so far (no waiting): to
   * show that a mail did not go out, once a mail sent after it has arrived.
   */
  mailCount: (page: Page, to: string, subject: RegExp) => Promise<number>;
  /**
   * Starts recording which collections (stores) `page` reads from the backend; the returned
   * function lists them. Locally the IndexedDB object stores read, on Firebase the collections
   * named in the requests to the Firestore emulator. Call it before the page's first navigation.
   */
  watchReads: (page: Page) => Promise<() => Promise<string[]>>;
  /**
   * Each test starts from the demo data: locally every context is a fresh browser profile; on
   * Firebase the emulators are emptied and seeded again (and the captured mail removed) before
   * each test. Automatic.
   */
  freshData: void;
  /**
   * A signed-out visitor's page in the browser profile this worker keeps for read-only visits
   * (`visitorProfile`), with the console errors of this test alone. The profile is not fresh:
   * use it only for visits that change nothing, so the demo data is written and the app's code
   * compiled once per worker rather than once per test.
   */
  visitor: { page: Page; consoleErrors: string[] };
  /**
   * Ends the event as time would (its day moves one day back, past the rules) and has automatic
   * 出席 (docs/fees.md) run: on Firebase its scheduled Function on the Functions emulator
   * (tests/e2e/server.ts); locally the app runs it on the page's next load. `page` is one of the
   * local build's pages (its IndexedDB holds the event).
   */
  endEvent: (page: Page, eventId: string) => Promise<void>;
}

interface WorkerFixtures {
  backend: BackendKind;
  visitorProfile: { page: Page; consoleErrors: string[] };
  /** Empties the emulators and loads the demo data (scripts/firebase-seed.ts); Firebase only. */
  seedEmulators: () => Promise<void>;
}

/**
 * Every page collects console errors and uncaught exceptions; a test fails if any appeared.
 * Each Playwright context is a fresh profile, so each test starts from the seeded demo data on
 * the local backend; on Firebase the emulators hold the demo data for the whole run.
 */
export const test = base.extend<JourneyFixtures, WorkerFixtures>({
  backend: ['local', { option: true, scope: 'worker' }],
  seedEmulators: [
    async ({ backend }, provide) => {
      if (backend !== 'firebase') {
        await provide(async () => {});
        return;
      }
      // The seeder is TypeScript with the app's @/ imports: Vite runs it, as npm run
      // seed:emulators does, once per worker.
      const loaded = await loadConfigFromFile({ command: 'serve', mode: 'development' });
      const { module } = await runnerImport<typeof import('../../scripts/firebase-seed')>(
        '/scripts/firebase-seed.ts',
        { resolve: loaded?.config.resolve, logLevel: 'error' },
      );
      await provide(async () => {
        await module.seedFirebaseEmulators({
          projectId: process.env.VITE_FIREBASE_PROJECT_ID!,
          now: new Date(),
          reset: true,
        });
        const dir = process.env.MAIL_CAPTURE_DIR!;
        for (const f of await readdir(dir)) await rm(join(dir, f), { force: true });
      });
    },
    { scope: 'worker' },
  ],
  endEvent: async ({ backend }, provide) => {
    await provide(async (page, eventId) => {
      if (backend === 'firebase') {
        await moveEventDayAsServer(eventId, -1);
        await runScheduledFunction('markCheckedInAttended');
        return;
      }
      await putLocalEvent(page, eventId, { shiftDays: -1 });
    });
  },
  visitorProfile: [
    async ({ browser }, provide, workerInfo) => {
      const { baseURL, locale, timezoneId } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, locale, timezoneId });
      const consoleErrors: string[] = [];
      watchConsole(context, consoleErrors);
      await provide({ page: await context.newPage(), consoleErrors });
      await context.close();
    },
    { scope: 'worker' },
  ],
  visitor: async ({ visitorProfile }, provide) => {
    visitorProfile.consoleErrors.length = 0;
    await provide(visitorProfile);
  },
  freshData: [
    async ({ seedEmulators }, provide) => {
      await seedEmulators();
      await provide();
    },
    { auto: true },
  ],
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
  mailCount: async ({ backend }, provide) => {
    await provide(async (page, to, subject) =>
      backend === 'local'
        ? (await outboxMails(page, to, subject)).length
        : (await capturedMails(to, subject)).length,
    );
  },
  watchReads: async ({ backend }, provide) => {
    await provide((page) =>
      backend === 'local' ? watchStoreReads(page) : watchFirestoreReads(page),
    );
  },
});

/**
 * The IndexedDB object stores the page reads, from before its first script runs. (Opening the
 * database starts a transaction over every store without reading any, so reads are counted,
 * not transactions.)
 */
async function watchStoreReads(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { __storesRead: Set<string> }).__storesRead = seen;
    const methods = [
      'get',
      'getAll',
      'getAllKeys',
      'getKey',
      'count',
      'openCursor',
      'openKeyCursor',
    ];
    for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
      for (const m of methods) {
        const original = (proto as unknown as Record<string, (...a: unknown[]) => unknown>)[m];
        if (!original) continue;
        (proto as unknown as Record<string, unknown>)[m] = function (
          this: IDBObjectStore | IDBIndex,
          ...args: unknown[]
        ) {
          seen.add('objectStore' in this ? this.objectStore.name : this.name);
          return original.apply(this, args);
        };
      }
    }
  });
  return () =>
    page.evaluate(() => [...(window as unknown as { __storesRead: Set<string> }).__storesRead]);
}

/**
 * The collections named in the page's requests to the Firestore emulator: the top-level
 * collection of every document path, and every collection a query selects from (listen and
 * write streams carry them in their form-encoded bodies, lookups and queries in JSON).
 */
async function watchFirestoreReads(page: Page): Promise<() => Promise<string[]>> {
  const seen = new Set<string>();
  const host = process.env.FIRESTORE_EMULATOR_HOST!;
  page.on('request', (req) => {
    if (!req.url().includes(host)) return;
    let text = `${req.url()} ${req.postData() ?? ''}`;
    try {
      text = decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      // not form-encoded: read as it is
    }
    for (const m of text.matchAll(/\/documents\/([A-Za-z]+)/g)) seen.add(m[1]);
    for (const m of text.matchAll(/"collectionId"\s*:\s*"([A-Za-z]+)"/g)) seen.add(m[1]);
  });
  return () => Promise.resolve([...seen]);
}

function watchConsole(context: BrowserContext, errors: string[]) {
  const watch = (page: Page) => {
    page.on('console', (msg) => {
      // A failed request's message does not name what failed; its location does.
      const source = msg.location().url;
      if (msg.type() === 'error')
        errors.push(`${page.url()}: ${msg.text()}${source ? ` (${source})` : ''}`);
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

/** The local outbox's mails to `to` whose subject matches, newest first, as their links. */
async function outboxMails(page: Page, to: string, subject: RegExp): Promise<string[]> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto('/dev/outbox');
    // Loaded: the first mail, or the empty state.
    await outbox
      .getByRole('listitem')
      .first()
      .or(outbox.getByText('まだメールはありません'))
      .waitFor();
    const mails = outbox
      .getByRole('listitem')
      .filter({ has: outbox.getByRole('heading', { name: subject }) })
      .filter({ hasText: `宛先: ${to}` });
    const links: string[] = [];
    for (const mail of await mails.all()) {
      const href = await mail.getByRole('link').first().getAttribute('href');
      links.push(new URL(href!, page.url()).href);
    }
    return links;
  } finally {
    await outbox.close();
  }
}

/** The first link of the newest matching mail in the local outbox, '' when there is none yet. */
async function outboxLink(page: Page, to: string, kind: MailKind): Promise<string> {
  const subject = kind instanceof RegExp ? kind : OUTBOX_SUBJECT[kind];
  return (await outboxMails(page, to, subject))[0] ?? '';
}

/** The mails the Functions emulator wrote into MAIL_CAPTURE_DIR, oldest first. */
async function capturedMails(to: string, subject: RegExp) {
  const dir = process.env.MAIL_CAPTURE_DIR!;
  return (await readdir(dir))
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()
    .map(
      (f) =>
        JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
          to: string;
          subject: string;
          text: string;
        },
    )
    .filter((m) => m.to === to && subject.test(m.subject));
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
  const mail = (await capturedMails(to, kind)).at(-1);
  return mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
}

export { expect };

/** Skips, by name, a test that uploads a file, on a Firebase build without the Storage emulator. */
export function skipWithoutStorage(backend: BackendKind) {
  test.skip(
    backend === 'firebase' && !process.env.FIREBASE_STORAGE_EMULATOR_HOST,
    'not run on firebase: the Storage emulator is not available here',
  );
}

/**
 * Signs in through the login form (works for any account, seeded or created in the test). With
 * `to`, the form is opened the way a signed-in-only page opens it (/login?returnUrl=…) and the app
 * goes on to `to` itself once signed in: one page load where signing in and then opening `to`
 * takes two.
 */
export async function signIn(page: Page, email: string, password: string, to?: string) {
  await page.goto(to ? `/login?returnUrl=${encodeURIComponent(to)}` : '/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  // The local build hashes the password in the page (PBKDF2), which a busy machine slows down.
  await expect(page.getByRole('button', { name: /のメニュー/ })).toBeVisible({ timeout: 45_000 });
  if (to) await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === to);
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
