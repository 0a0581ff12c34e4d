import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * A visitor's page of one document asks for it as soon as the entry runs, before the app's code
 * has downloaded, and the app takes that answer instead of asking again; the event and team lists
 * ask for their first page the same way (src/data/firebase/first-read/early-request.ts). Where the page's
 * largest picture is its first data's (`picture`), the entry asks for that picture as soon as the
 * answer names it, and the page's `<img>` uses that one request. Firebase only: the local backend
 * reads from IndexedDB.
 */
const PAGES: {
  path: string;
  read: [call: string, naming: string];
  shown: (p: Page) => Locator;
  picture: boolean;
}[] = [
  {
    path: '/events/seed-event-01',
    read: [':batchGet?', '/documents/events/seed-event-01"'],
    shown: (p) => p.getByRole('heading', { level: 1, name: '週末エンジョイフットサル' }),
    picture: true,
  },
  {
    path: '/teams/seed-team-01',
    read: [':batchGet?', '/documents/teams/seed-team-01"'],
    shown: (p) => p.getByRole('heading', { level: 1, name: '世田谷フットサルクラブ' }),
    picture: true,
  },
  {
    path: '/profile/demo-organizer',
    read: [':batchGet?', '/documents/users/demo-organizer"'],
    shown: (p) => p.getByRole('heading', { level: 1, name: '山田 太郎' }),
    picture: false,
  },
  {
    path: '/events',
    read: [':runQuery?', '"collectionId":"events"'],
    shown: (p) => p.getByTestId('event-card').first(),
    picture: true,
  },
  {
    path: '/teams',
    read: [':runQuery?', '"collectionId":"teams"'],
    shown: (p) => p.getByTestId('team-card').first(),
    picture: true,
  },
];

for (const { path, read, shown, picture } of PAGES) {
  test(`${path} asks for its first data once, before the app's code`, async ({ page, backend }) => {
    test.skip(
      backend !== 'firebase',
      'not run on local: its reads go to IndexedDB, not to a server',
    );
    // Each request as its address and its body (the documents or the query it asks for).
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.url()} ${r.postData() ?? ''}`));
    await page.goto(path);
    await expect(shown(page)).toBeVisible();

    const reads = requests.filter((r) => read.every((part) => r.includes(part)));
    expect(reads).toHaveLength(1);
    // Before any script but the entry: a chunk the entry imported would be asked for first.
    const script = requests.findIndex((r) => /\/assets\/(?!index-)[^/ ]+\.js /.test(r));
    expect(script).toBeGreaterThan(-1);
    expect(requests.indexOf(reads[0]!)).toBeLessThan(script);

    // The first picture of the page (its cover, or the first card's), asked for ahead once.
    const preloaded = await page
      .locator('head link[rel="preload"][as="image"]')
      .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    if (!picture) {
      expect(preloaded).toEqual([]);
      return;
    }
    const cover = page.locator('main img[fetchpriority="high"]').first();
    await expect(cover).toBeVisible();
    const src = await cover.evaluate((img) => (img as HTMLImageElement).currentSrc);
    expect(preloaded).toEqual([src]);
    expect(requests.filter((r) => r.startsWith(`${src} `))).toHaveLength(1);
  });
}

/**
 * What a visitor looks for may not exist: an event, a team or a person that is not there, or a
 * person's attendance counts before anything was marked. The page says so, and the console stays
 * clean: no read of a missing document logs an error (a REST GET's 404 would).
 */
test('missing documents are shown as not found or left out, with nothing on the console', async ({
  page,
  backend,
  consoleErrors,
}) => {
  test.skip(backend !== 'firebase', 'not run on local: its reads go to IndexedDB, not to a server');
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  for (const [path, heading] of [
    ['/events/no-such-event', 'イベントが見つかりません'],
    ['/teams/no-such-team', 'チームが見つかりません'],
    ['/profile/no-such-person', 'ユーザーが見つかりません'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  // 山田 太郎 has no attendance counts in the demo data: the profile reads the document and finds none.
  const stats = page.waitForResponse((r) =>
    `${r.url()} ${r.request().postData() ?? ''}`.includes(
      '/documents/attendanceStats/demo-organizer',
    ),
  );
  await page.goto('/profile/demo-organizer');
  await expect(page.getByRole('heading', { level: 1, name: '山田 太郎' })).toBeVisible();
  expect((await stats).status()).toBe(200);
  expect(failed).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
