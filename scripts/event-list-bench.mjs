// The event-list benchmark, shared by `npm run bench:events` and `npm run bench:budgets`. It
// seeds `count` events into the local backend's IndexedDB and measures in Chromium:
//   (a) navigation start -> the first page (20 cards) of /events in the DOM, cold query cache;
//   (b) a filter change (a sport, then a narrow sport + region + level) -> its results shown.
import { seedInPage, timeFilterChange, watchCards } from './bench-events-page.mjs';

const PAGE_SIZE = 20;
// Must match src/data/local/db.ts (DEFAULT_DB_NAME) and the persisted query cache key of
// src/lib/storage-keys.ts.
const DB_NAME = 'sports-community-local';
const QUERY_CACHE_KEY = 'sc.query-cache';
const SPORTS = [
  'テニス',
  'ヨガ',
  '卓球',
  'サッカー',
  'バドミントン',
  '野球',
  'ランニング',
  'バレーボール',
  'フットサル',
  'その他',
];

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return {
    n: sorted.length,
    median: median(sorted),
    p95: at(0.95),
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

/**
 * Runs both measures `runs` times (after one warm-up each) on the build served at `baseUrl`,
 * in a fresh browser context whose database holds the demo data plus `count` events.
 */
export async function benchEventList({ browser, baseUrl, count, runs }) {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true, // the measuring server's own certificate (serve-dist.mjs)
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 1280, height: 900 },
  });
  try {
    // Every navigation starts with a cold query cache: the persisted copy would otherwise answer
    // the list from localStorage and this would not measure the backend at all.
    await context.addInitScript((key) => window.localStorage.removeItem(key), QUERY_CACHE_KEY);
    await context.addInitScript(watchCards, PAGE_SIZE);

    // The first visit creates and seeds the database; then the events go straight into it.
    const setup = await context.newPage();
    await setup.goto(`${baseUrl}/`);
    await setup.getByRole('heading', { name: '近日開催のイベント' }).waitFor();
    await setup.locator('[data-testid="event-card"]').first().waitFor();
    const seeded = await setup.evaluate(seedInPage, { dbName: DB_NAME, count });
    await setup.close();

    // (a) navigation start -> first page of cards. One warm-up load (compiles, fills the cache).
    const firstPage = [];
    const firstFrame = [];
    for (let i = 0; i <= runs; i++) {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/events`);
      await page.waitForFunction(() => window.__bench?.frame != null, null, { timeout: 15_000 });
      const { cards, frame } = await page.evaluate(() => window.__bench);
      if (i > 0) {
        firstPage.push(cards);
        firstFrame.push(frame);
      }
      await page.close();
    }

    // (b) filter changes on a loaded list; each round is a fresh page so every filter is uncached.
    const sportChange = [];
    const narrowChange = [];
    let narrowCards = 0;
    for (let i = 0; i <= runs; i++) {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/events`);
      await page.waitForFunction(() => window.__bench?.cards != null, null, { timeout: 15_000 });
      const sport = SPORTS[i % SPORTS.length];
      const a = await page.evaluate(timeFilterChange, {
        changes: [['種目', sport]],
        expectedKey: `sport=${encodeURIComponent(sport)}`,
      });
      // A narrow combination: few matches, so the backend reads far through the index. The
      // region is set first (untimed); the level change that narrows it further is timed.
      const regionKey = `sport=${encodeURIComponent(sport)}&region=${encodeURIComponent('四国')}`;
      await page.evaluate(timeFilterChange, {
        changes: [['地域', '四国']],
        expectedKey: regionKey,
      });
      const b = await page.evaluate(timeFilterChange, {
        changes: [['レベル', '上級者']],
        expectedKey: `${regionKey}&level=${encodeURIComponent('上級者')}`,
      });
      if (i > 0) {
        sportChange.push(a.ms);
        narrowChange.push(b.ms);
        narrowCards = Math.max(narrowCards, b.cards);
      }
      await page.close();
    }

    return {
      total: seeded.total,
      narrowCards,
      firstPage: stats(firstPage),
      firstFrame: stats(firstFrame),
      sportChange: stats(sportChange),
      narrowChange: stats(narrowChange),
    };
  } finally {
    await context.close();
  }
}
