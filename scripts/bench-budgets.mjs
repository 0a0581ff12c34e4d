// The speed and accessibility budgets, measured and printed with pass/fail (a benchmark, not a
// test: it asserts nothing and exits 0 whatever the figures). In one run it
//   1. builds the app (local backend, dist/) and a bare React 19 + React Router 7 page with one
//      Japanese heading (scripts/bare-page/, into a temporary folder), with Vite: the budget's
//      yardstick with the data router, and beside it the same page with the declarative router;
//   2. serves both on free ports of 127.0.0.1 as Hosting serves them (HTTP/2, Brotli, assets
//      cached, firebase.json's rewrites: scripts/serve-dist.mjs);
//   3. sizes each page's first-page JavaScript against the bare page's (gzip);
//   4. runs Lighthouse 12 (mobile preset: simulated slow 4G and 4x CPU slowdown) on each page,
//      BUDGET_RUNS times, and takes the median of every metric;
//   5. runs the event-list benchmark at 5,000 and 20,000 events (scripts/event-list-bench.mjs).
// Every Lighthouse run is a first visit: Lighthouse clears the origin's storage, so the local
// backend creates and seeds its database each time, as for a new visitor.
//
// Usage: npm run bench:budgets
//   BUDGET_RUNS=3            Lighthouse runs per page and event-list rounds (medians; at least 3)
//   BUDGET_SKIP_BUILD=1      measure dist/ as it is (the bare page is still built)
//   BUDGET_PAGES=/,/login    only these pages
//   BUDGET_EVENT_COUNTS=5000 the event-list sizes (empty: skip the event-list benchmark)
//   CHROME_PATH=/usr/bin/chromium
// Figures and medians are also written to bench-results/budgets.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { chromiumLaunchOptions } from './chromium.mjs';
import { benchEventList, median } from './event-list-bench.mjs';
import { firstPageJs, kib } from './first-page-js.mjs';
import { INSECURE_CERTS_FLAG, serveDist } from './serve-dist.mjs';

const RUNS = Math.max(3, Number(process.env.BUDGET_RUNS ?? 3));
const CHROME_PATH = process.env.CHROME_PATH ?? chromiumLaunchOptions.executablePath;
const EVENT_COUNTS = (process.env.BUDGET_EVENT_COUNTS ?? '5000,20000')
  .split(',')
  .filter(Boolean)
  .map(Number);

/** The pages of the budgets; ids are the seeded ones (src/data/local/seed.ts). */
const ALL_PAGES = [
  '/',
  '/events',
  '/events/seed-event-01',
  '/login',
  '/teams',
  '/profile/demo-organizer',
];
const PAGES = process.env.BUDGET_PAGES ? process.env.BUDGET_PAGES.split(',') : ALL_PAGES;

const LIMITS = {
  performance: { min: 95, unit: '' },
  accessibility: { min: 100, unit: '' },
  lcp: { max: 2000, unit: 'ms' },
  tbt: { max: 150, unit: 'ms' },
  cls: { max: 0.02, unit: '' },
  jsRatio: { max: 1.6, unit: '×' },
  firstPage: { max: 300, unit: 'ms' },
  filterChange: { max: 100, unit: 'ms' },
};

/** The screen is shown: its heading is there and nothing in main is still loading. */
async function screenReady(page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main [role="status"]'));
}

async function buildAll() {
  if (!process.env.BUDGET_SKIP_BUILD) {
    console.log('Building the app (local backend) into dist/ …');
    await build({ logLevel: 'warn' });
  }
  const bareOut = await mkdtemp(join(tmpdir(), 'bench-bare-'));
  console.log('Building the bare React + React Router pages …');
  // Built apart, so neither page shares a chunk holding the other's router; the second one is
  // index.html with declarative.js for main.js, under /d/ of the same folder.
  for (const [script, base] of [
    ['main.js', '/'],
    ['declarative.js', '/d/'],
  ]) {
    await build({
      root: resolve('scripts/bare-page'),
      base,
      configFile: false,
      logLevel: 'warn',
      plugins: [
        {
          name: 'bare-page-script',
          transformIndexHtml: {
            order: 'pre',
            handler: (html) => html.replace('./main.js', `./${script}`),
          },
        },
      ],
      build: { outDir: join(bareOut, base), emptyOutDir: base === '/', target: 'es2022' },
    });
  }
  return bareOut;
}

async function measureJs(appUrl, bareUrl, bareDir) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const bare = await firstPageJs(browser, `${bareUrl}/`, bareDir, screenReady);
    const bareDeclarative = await firstPageJs(
      browser,
      `${bareUrl}/d/index.html`,
      bareDir,
      screenReady,
    );
    const pages = {};
    for (const path of PAGES)
      pages[path] = await firstPageJs(browser, appUrl + path, 'dist', screenReady);
    return { bare, bareDeclarative, pages };
  } finally {
    await browser.close();
  }
}

async function runLighthouse(appUrl) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      INSECURE_CERTS_FLAG,
    ],
  });
  const out = {};
  try {
    for (const path of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const { lhr } = await lighthouse(appUrl + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        const a = lhr.audits;
        runs.push({
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          fcp: a['first-contentful-paint'].numericValue,
          lcp: a['largest-contentful-paint'].numericValue,
          tbt: a['total-blocking-time'].numericValue,
          cls: a['cumulative-layout-shift'].numericValue,
          lcpElement:
            a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ??
            '',
          a11yFailures: Object.values(lhr.categories.accessibility.auditRefs)
            .map((ref) => a[ref.id])
            .filter((audit) => audit.score === 0)
            .map((audit) => audit.id),
        });
        process.stdout.write(`  Lighthouse ${path} run ${i + 1}/${RUNS}\n`);
      }
      const med = (k) => median(runs.map((r) => r[k]));
      out[path] = {
        runs,
        performance: med('performance'),
        accessibility: med('accessibility'),
        fcp: med('fcp'),
        lcp: med('lcp'),
        tbt: med('tbt'),
        cls: med('cls'),
      };
    }
  } finally {
    chrome.kill();
  }
  return out;
}

function row(budget, subject, figure, limit, shown) {
  const pass = limit.min !== undefined ? figure >= limit.min : figure <= limit.max;
  const bound = limit.min !== undefined ? `≥ ${limit.min}` : `≤ ${limit.max}${limit.unit}`;
  return { budget, subject, figure, shown, bound, pass };
}

const ms = (v) => `${Math.round(v)} ms`;

const bareDir = await buildAll();
const app = await serveDist('dist');
const bare = await serveDist(bareDir);
const results = { machine: {}, js: null, lighthouse: null, eventList: {} };
try {
  results.machine = {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? '',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    chromium: CHROME_PATH,
    protocol: app.protocol,
    date: new Date().toISOString(),
  };
  console.log('Sizing first-page JavaScript …');
  results.js = await measureJs(app.url, bare.url, bareDir);
  console.log(`Lighthouse (mobile preset), ${RUNS} runs per page …`);
  results.lighthouse = await runLighthouse(app.url);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const count of EVENT_COUNTS) {
      console.log(`Event list with ${count.toLocaleString('en')} events …`);
      results.eventList[count] = await benchEventList({
        browser,
        baseUrl: app.url,
        count,
        runs: RUNS,
      });
    }
  } finally {
    await browser.close();
  }
} finally {
  await app.close();
  await bare.close();
  await rm(bareDir, { recursive: true, force: true });
}

const rows = [];
const bareJs = results.js.bare.gzip;
for (const path of PAGES) {
  const lh = results.lighthouse[path];
  const js = results.js.pages[path];
  rows.push(
    row('Lighthouse performance', path, lh.performance, LIMITS.performance, `${lh.performance}`),
  );
  rows.push(
    row(
      'Lighthouse accessibility',
      path,
      lh.accessibility,
      LIMITS.accessibility,
      `${lh.accessibility}`,
    ),
  );
  rows.push(row('LCP', path, lh.lcp, LIMITS.lcp, ms(lh.lcp)));
  rows.push(row('TBT', path, lh.tbt, LIMITS.tbt, ms(lh.tbt)));
  rows.push(row('CLS', path, lh.cls, LIMITS.cls, lh.cls.toFixed(3)));
  const ratio = js.gzip / bareJs;
  rows.push(
    row(
      'first-page JS / bare page',
      path,
      ratio,
      LIMITS.jsRatio,
      `${ratio.toFixed(2)}× (${kib(js.gzip)})`,
    ),
  );
}
for (const count of EVENT_COUNTS) {
  const e = results.eventList[count];
  const n = count.toLocaleString('en');
  rows.push(
    row(
      '/events first page',
      `${n} events`,
      e.firstPage.median,
      LIMITS.firstPage,
      ms(e.firstPage.median),
    ),
  );
  rows.push(
    row(
      'filter change: a sport',
      `${n} events`,
      e.sportChange.median,
      LIMITS.filterChange,
      ms(e.sportChange.median),
    ),
  );
  rows.push(
    row(
      'filter change: sport+region+level',
      `${n} events`,
      e.narrowChange.median,
      LIMITS.filterChange,
      ms(e.narrowChange.median),
    ),
  );
}

const m = results.machine;
console.log(
  `\nBudgets — medians of ${RUNS} runs; ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, ${m.chromium}; served over ${m.protocol}; bare page JS ${kib(bareJs)} gzip`,
);
console.log(
  `(the bare page with React Router's declarative router, which the app uses: ${kib(results.js.bareDeclarative.gzip)} gzip)`,
);
console.log(
  `${'budget'.padEnd(34)} ${'page'.padEnd(24)} ${'figure'.padStart(22)}  ${'limit'.padEnd(10)} result`,
);
for (const r of rows) {
  console.log(
    `${r.budget.padEnd(34)} ${r.subject.padEnd(24)} ${r.shown.padStart(22)}  ${r.bound.padEnd(10)} ${r.pass ? 'pass' : 'FAIL'}`,
  );
}
console.log('\nFCP and LCP element per page (medians):');
for (const path of PAGES) {
  const lh = results.lighthouse[path];
  const failures = [...new Set(lh.runs.flatMap((r) => r.a11yFailures))];
  console.log(
    `  ${path.padEnd(24)} FCP ${ms(lh.fcp).padStart(8)}  LCP element ${lh.runs.at(-1).lcpElement.slice(0, 70)}` +
      (failures.length ? `  accessibility failures: ${failures.join(', ')}` : ''),
  );
}
const failed = rows.filter((r) => !r.pass).length;
console.log(`\n${rows.length - failed} of ${rows.length} budgets hold.`);
await mkdir('bench-results', { recursive: true });
await writeFile('bench-results/budgets.json', JSON.stringify({ ...results, rows }, null, 2));
