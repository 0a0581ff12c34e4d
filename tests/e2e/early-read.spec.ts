import { test, expect } from './fixtures';

/**
 * A visitor's page of one document asks for it as soon as the entry runs, before the app's code
 * has downloaded, and the app takes that answer instead of asking again
 * (src/data/firebase/early-read.ts). Firebase only: the local backend reads from IndexedDB.
 */
const PAGES = [
  {
    path: '/events/seed-event-01',
    document: '/documents/events/seed-event-01?',
    heading: '週末エンジョイフットサル',
  },
  {
    path: '/teams/seed-team-01',
    document: '/documents/teams/seed-team-01?',
    heading: '世田谷フットサルクラブ',
  },
  {
    path: '/profile/demo-organizer',
    document: '/documents/users/demo-organizer?',
    heading: '山田 太郎',
  },
];

for (const { path, document, heading } of PAGES) {
  test(`${path} asks for its document once, before the app's code`, async ({ page, backend }) => {
    test.skip(
      backend !== 'firebase',
      'not run on local: its reads go to IndexedDB, not to a server',
    );
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

    const reads = requests.filter((url) => url.includes(document));
    expect(reads).toHaveLength(1);
    const start = requests.findIndex((url) => /\/assets\/start-[^/]+\.js$/.test(url));
    expect(start).toBeGreaterThan(-1);
    expect(requests.indexOf(reads[0]!)).toBeLessThan(start);
  });
}
