// Benchmark of the event list on the local backend (not a test: it prints figures, it asserts
// nothing). It seeds 5,000 events into the browser's IndexedDB and measures in Chromium:
//   (a) navigation start -> the first page (20 cards) of /events in the DOM, cold query cache;
//   (b) a filter change (a sport, then a narrow sport + region + level) -> its results shown.
//
// Usage: npm run build && npm run bench:events
//   BENCH_URL=http://127.0.0.1:4173  the running `vite preview` to use (default: reuse one on
//                                    4173, else start one on 4183 and stop it afterwards)
//   BENCH_RUNS=9                     page loads for (a) and rounds for (b)
//   CHROMIUM_PATH=/usr/bin/chromium
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
import { seedInPage, timeFilterChange, watchCards } from './bench-events-page.mjs';

const EVENT_COUNT = 5000;
const PAGE_SIZE = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
// A preview already answering on 4173 (the e2e port) is reused; otherwise one is started on a
// port of its own, so stopping it never pulls a server from under someone else's test run.
const REUSE = process.env.BENCH_URL ?? 'http://127.0.0.1:4173';
const PORT = 4183;
let BASE = REUSE;
// Must match src/data/local/db.ts (DEFAULT_DB_NAME, the events store) and the persisted query
// cache key of src/lib/storage-keys.ts.
const DB_NAME = 'sports-community-local';
const QUERY_CACHE_KEY = 'sc.query-cache';

async function reachable(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function ensurePreview() {
  if (await reachable(REUSE)) return null;
  if (process.env.BENCH_URL) throw new Error(`BENCH_URL ${REUSE} does not answer`);
  BASE = `http://127.0.0.1:${PORT}`;
  if (!existsSync('dist/index.html')) throw new Error('No build found: run `npm run build` first.');
  const child = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      '--port',
      String(PORT),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let i = 0; i < 100; i++) {
    if (await reachable(BASE)) return child;
    await sleep(200);
  }
  child.kill();
  throw new Error('vite preview did not start');
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return {
    n: sorted.length,
    median: at(0.5),
    p95: at(0.95),
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

const preview = await ensurePreview();
const browser = await chromium.launch(chromiumLaunchOptions);

try {
  const context = await browser.newContext({
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 1280, height: 900 },
  });
  // Every navigation starts with a cold query cache: the persisted copy would otherwise answer
  // the list from localStorage and this would not measure the backend at all.
  await context.addInitScript((key) => window.localStorage.removeItem(key), QUERY_CACHE_KEY);
  await context.addInitScript(watchCards, PAGE_SIZE);

  // First visit creates and seeds the database; then the 5,000 events go straight into it.
  const setup = await context.newPage();
  await setup.goto(`${BASE}/`);
  await setup.getByRole('heading', { name: '近日開催のイベント' }).waitFor();
  await setup.locator('[data-testid="event-card"]').first().waitFor();
  const seeded = await setup.evaluate(seedInPage, { dbName: DB_NAME, count: EVENT_COUNT });
  await setup.close();

  // (a) navigation start -> first page of cards. One warm-up load (compiles, fills the HTTP cache).
  const firstPage = [];
  const firstFrame = [];
  for (let i = 0; i <= RUNS; i++) {
    const page = await context.newPage();
    await page.goto(`${BASE}/events`);
    await page.waitForFunction(
      () => window.__bench?.frame !== null && window.__bench?.frame !== undefined,
      null,
      { timeout: 15_000 },
    );
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
  const sports = [
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
  let narrowCards = 0;
  for (let i = 0; i <= RUNS; i++) {
    const page = await context.newPage();
    await page.goto(`${BASE}/events`);
    await page.waitForFunction(() => window.__bench?.cards != null, null, { timeout: 15_000 });
    const sport = sports[i % sports.length];
    const a = await page.evaluate(timeFilterChange, {
      changes: [['種目', sport]],
      expectedKey: `sport=${encodeURIComponent(sport)}`,
    });
    // A narrow combination: few matches, so the backend scans far through the index. The region
    // is set first (untimed); the level change that narrows it further is timed.
    const regionKey = `sport=${encodeURIComponent(sport)}&region=${encodeURIComponent('四国')}`;
    await page.evaluate(timeFilterChange, { changes: [['地域', '四国']], expectedKey: regionKey });
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

  const rows = [
    ['(a) /events navigation -> 20 cards in DOM', stats(firstPage), 300],
    ['(a) ... -> next animation frame', stats(firstFrame), 300],
    ['(b) choose a sport -> results shown', stats(sportChange), 100],
    ['(b) then a level (sport+region+level)', stats(narrowChange), 100],
  ];
  const cores = (await import('node:os')).cpus().length;
  console.log(
    `\nEvent list benchmark: ${seeded.total} events in IndexedDB (${seeded.inserted} inserted now), ${RUNS} runs each, Chromium headless, ${cores} CPU cores`,
  );
  console.log(
    `${'metric'.padEnd(44)} ${'median'.padStart(8)} ${'p95'.padStart(8)} ${'min'.padStart(8)} ${'max'.padStart(8)}  target`,
  );
  for (const [name, s, target] of rows) {
    const f = (v) => `${v.toFixed(1)}ms`.padStart(8);
    console.log(
      `${name.padEnd(44)} ${f(s.median)} ${f(s.p95)} ${f(s.min)} ${f(s.max)}  <${target}ms ${s.median < target ? 'ok' : 'MISSED'}`,
    );
  }
  console.log(`(the narrow filter matched up to ${narrowCards} cards on its first page)`);
} finally {
  await browser.close();
  preview?.kill();
}
