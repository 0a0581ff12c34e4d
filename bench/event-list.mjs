// The event-list benchmark (not a test: it prints figures, it asserts nothing), run by
// `npm run bench:events` and by `npm run bench:budgets`. It seeds `count` events into the local
// backend's IndexedDB and measures in Chromium:
//   (a) navigation start -> the first page of cards of /events in the DOM, cold query cache;
//   (b) a filter change (a sport, then a narrow sport + region + level) -> its results shown.
//
// Usage: npm run build && npm run bench:events
//   BENCH_COUNTS=5000,20000   the event counts to measure at, each in a fresh database
//   BENCH_RUNS=9              page loads for (a) and rounds for (b), medians reported
//   CHROMIUM_PATH=/usr/bin/chromium
// The build in dist/ is served on a free port of 127.0.0.1 for the run.
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { loadTsScript } from '../scripts/load-ts.mjs';

// The app's own names and lists, read from its modules rather than copied here.
const { DEFAULT_DB_NAME: DB_NAME } = await loadTsScript('/src/data/local/db.ts');
const { STORAGE_KEYS } = await loadTsScript('/src/lib/storage-keys.ts');
const { EVENTS_PAGE_SIZE: PAGE_SIZE } = await loadTsScript('/src/domain/constants.ts');
const { SPORT_TYPES, REGIONS, LEVELS } = await loadTsScript('/src/domain/entities/event.ts');
const QUERY_CACHE_KEY = STORAGE_KEYS.queryCache;

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
    const seeded = await setup.evaluate(seedInPage, {
      dbName: DB_NAME,
      count,
      sports: SPORT_TYPES,
      regions: REGIONS,
      levels: LEVELS,
    });
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
      const sport = SPORT_TYPES[i % SPORT_TYPES.length];
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

// What runs inside the page (serialized by Playwright, so each function is self-contained).

/**
 * Runs in the page: writes `count` events straight into the local backend's IndexedDB store, in
 * the row shape src/data/local writes (date = local midnight as a Date, the list index is
 * [date+startTime+id]). A tenth lie in the past; the rest spread over the next year.
 */
async function seedInPage({ dbName, count, sports, regions, levels }) {
  const db = await new Promise((resolve, reject) => {
    const req = indexedDB.open(dbName);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const read = (store) =>
    new Promise((resolve, reject) => {
      const req = db.transaction(store).objectStore(store).getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  const existing = await read('events');
  const already = existing.filter((e) => String(e.id).startsWith('bench-')).length;
  if (already >= count) {
    db.close();
    return { inserted: 0, total: existing.length };
  }
  const users = await read('users');
  const imageBySport = new Map(
    existing.filter((e) => e.imageURL).map((e) => [e.sportType, e.imageURL]),
  );
  const statuses = [
    'open',
    'open',
    'open',
    'open',
    'open',
    'open',
    'closed',
    'cancelled',
    'finished',
  ];
  const places = [
    '市民体育館',
    '総合運動公園',
    '河川敷グラウンド',
    'スポーツセンター',
    '中央公園',
    'テニスコート',
  ];
  let seed = 20240501;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const today = new Date();
  const rows = [];
  for (let i = 0; i < count; i++) {
    const sport = pick(sports);
    const region = pick(regions);
    const organizer = pick(users);
    const offset = rand() < 0.1 ? -Math.ceil(rand() * 60) : Math.floor(rand() * 365);
    const hour = 6 + Math.floor(rand() * 15);
    const capacity = 4 + Math.floor(rand() * 27);
    const taken = Math.floor(rand() * (capacity + 1));
    rows.push({
      id: `bench-${String(i).padStart(5, '0')}`,
      title: `${region}${sport}イベント #${i}`,
      description: 'ベンチマーク用のイベントです。',
      sportType: sport,
      location: `${region}${pick(places)}`,
      region,
      level: pick(levels),
      teamName: '',
      organizerId: organizer?.id ?? 'bench-organizer',
      organizerName: organizer?.displayName ?? '主催者',
      organizerPhotoURL: organizer?.photoURL ?? '',
      participants: users.slice(0, Math.min(taken, users.length)).map((u) => u.id),
      status: pick(statuses),
      date: new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset),
      startTime: `${String(hour).padStart(2, '0')}:${rand() < 0.5 ? '00' : '30'}`,
      endTime: `${String(hour + 2).padStart(2, '0')}:00`,
      fee: Math.floor(rand() * 8) * 250,
      capacity,
      imageURL: imageBySport.get(sport) ?? '',
      imagePath: '',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  }
  await new Promise((resolve, reject) => {
    const tx = db.transaction('events', 'readwrite');
    const store = tx.objectStore('events');
    for (const row of rows) store.put(row);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  const total = existing.length - already + count;
  db.close();
  return { inserted: count, total };
}

/** Installed before any page script: notes when the first page of cards is in the DOM. */
function watchCards(pageSize) {
  window.__bench = { cards: null, frame: null };
  const check = () => {
    if (window.__bench.cards !== null) return;
    if (document.querySelectorAll('[data-testid="event-card"]').length >= pageSize) {
      window.__bench.cards = performance.now();
      requestAnimationFrame(() => {
        window.__bench.frame = performance.now();
      });
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
}

/** Runs in the page: applies filters through the real controls and times until their results show. */
async function timeFilterChange({ changes, expectedKey }) {
  const control = (label) =>
    [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === label)?.control;
  const t0 = performance.now();
  const done = new Promise((resolve, reject) => {
    const selector = `[data-results-key="${CSS.escape(expectedKey)}"]`;
    const finish = () => {
      if (!document.querySelector(selector)) return false;
      observer.disconnect();
      clearTimeout(timer);
      resolve({
        ms: performance.now() - t0,
        cards: document.querySelectorAll('[data-testid="event-card"]').length,
      });
      return true;
    };
    const observer = new MutationObserver(finish);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-results-key'],
    });
    const timer = setTimeout(() => reject(new Error(`no results for ${expectedKey}`)), 10_000);
  });
  for (const [label, value] of changes) {
    const el = control(label);
    if (!el) throw new Error(`no control labelled ${label}`);
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
  return done;
}

// npm run bench:events
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { chromium } = await import('@playwright/test');
  const { chromiumLaunchOptions } = await import('../scripts/chromium.mjs');
  const { serveDist } = await import('../scripts/serve-dist.mjs');
  const COUNTS = (process.env.BENCH_COUNTS ?? '5000,20000').split(',').map(Number);
  const RUNS = Number(process.env.BENCH_RUNS ?? 9);

  if (!existsSync('dist/index.html')) throw new Error('No build found: run `npm run build` first.');
  const server = await serveDist('dist');
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const count of COUNTS) {
      const r = await benchEventList({ browser, baseUrl: server.url, count, runs: RUNS });
      const rows = [
        ['(a) /events navigation -> 20 cards in DOM', r.firstPage, 300],
        ['(a) ... -> next animation frame', r.firstFrame, 300],
        ['(b) choose a sport -> results shown', r.sportChange, 100],
        ['(b) then a level (sport+region+level)', r.narrowChange, 100],
      ];
      console.log(
        `\nEvent list: ${r.total} events in IndexedDB, ${RUNS} runs each, Chromium headless, ${cpus().length} CPU cores`,
      );
      console.log(
        `${'metric'.padEnd(44)} ${'median'.padStart(8)} ${'p95'.padStart(8)} ${'min'.padStart(8)} ${'max'.padStart(8)}  target`,
      );
      for (const [name, s, target] of rows) {
        const f = (v) => `${v.toFixed(1)}ms`.padStart(8);
        console.log(
          `${name.padEnd(44)} ${f(s.median)} ${f(s.p95)} ${f(s.min)} ${f(s.max)}  ≤${target}ms ${s.median <= target ? 'ok' : 'MISSED'}`,
        );
      }
      console.log(`(the narrow filter matched up to ${r.narrowCards} cards on its first page)`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
