// The speed and accessibility budgets, measured and printed with pass/fail (a benchmark, not a
// test: it asserts nothing and exits 0 whatever the figures). In one run it
//   1. builds the app (local backend, dist/) and a bare React 19 + React Router 7 page with one
//      Japanese heading (bench/bare-page/, into a temporary folder), with Vite: the budget's
//      yardstick with the data router, and beside it the same page with the declarative router;
//   2. serves both on free ports of 127.0.0.1 as Hosting serves them (HTTP/2, Brotli, assets
//      cached, firebase.json's rewrites: scripts/serve-dist.mjs);
//   3. sizes each page's first-page JavaScript against the bare page's (gzip): the scripts
//      requested until the screen is shown; what a page requests after that (the Firebase
//      build's full SDK, for live listeners) is printed beside it;
//   4. runs Lighthouse 12 (mobile preset: simulated slow 4G and 4x CPU slowdown) on each page,
//      BUDGET_RUNS times, and takes the median of every metric;
//   5. runs the event-list benchmark at 5,000 and 20,000 events (bench/event-list.mjs);
//   6. does 2 to 4 again for the Firebase build, the one users get: bench/firebase-env.sh
//      starts the Auth and Firestore emulators, loads the demo data and builds dist-firebase/
//      against them; it is served the same way. Its table is printed beside the local one's.
// Every Lighthouse run is a first visit: Lighthouse clears the origin's storage, so the local
// backend creates and seeds its database each time, as for a new visitor.
//
// Usage: npm run bench:budgets
//   BUDGET_RUNS=3            Lighthouse runs per page and event-list rounds (medians; at least 3)
//   BUDGET_SKIP_BUILD=1      measure dist/ as it is (the bare page is still built)
//   BUDGET_PAGES=/,/login    only these pages
//   BUDGET_EVENT_COUNTS=5000 the event-list sizes (empty: skip the event-list benchmark)
//   BUDGET_FIREBASE=0        skip the Firebase build (without the Firestore emulator it is
//                            skipped and said so)
//   BUDGET_LIGHTHOUSE=0      first-page JavaScript only (bytes do not depend on the machine's
//                            load, Lighthouse's timings do): no Lighthouse, no event-list runs
//   CHROME_PATH=/usr/bin/chromium
// Figures and medians are also written to bench-results/budgets.json.
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { benchEventList, median } from './event-list.mjs';
import { firstPageJs, kib } from './first-page-js.mjs';
import { INSECURE_CERTS_FLAG, serveDist } from '../scripts/serve-dist.mjs';

const RUNS = Math.max(3, Number(process.env.BUDGET_RUNS ?? 3));
const CHROME_PATH = process.env.CHROME_PATH ?? chromiumLaunchOptions.executablePath;
const EVENT_COUNTS = (
  process.env.BUDGET_LIGHTHOUSE === '0' ? '' : (process.env.BUDGET_EVENT_COUNTS ?? '5000,20000')
)
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
/** The bare pages: with React Router's data router (the yardstick) and its declarative one. */
const BARE_PAGES = ['/', '/d/index.html'];
const PAGES = process.env.BUDGET_PAGES ? process.env.BUDGET_PAGES.split(',') : ALL_PAGES;
const FIREBASE = process.env.BUDGET_FIREBASE !== '0';
const LIGHTHOUSE = process.env.BUDGET_LIGHTHOUSE !== '0';

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
/** The build users get is held to more: Lighthouse 98 on every public page. */
const FIREBASE_LIMITS = { ...LIMITS, performance: { min: 98, unit: '' } };

/**
 * The screen is shown (run in the page): the app runs it — React's root is on #root, as a
 * prerendered page shows its heading before any script has run —, its heading is there and
 * nothing in main is still loading. A page showing an error instead (the emulators stopped, the
 * demo data missing) throws, so the benchmark stops rather than measure an error page.
 */
function screenShown() {
  const error = document.querySelector('main [role="alert"]');
  if (error) throw new Error(`${location.pathname} shows an error: ${error.textContent}`);
  const root = document.getElementById('root');
  return Boolean(
    root &&
    Object.keys(root).some((key) => key.startsWith('__reactContainer')) &&
    document.querySelector('h1') &&
    !document.querySelector('main [role="status"]'),
  );
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
      root: resolve('bench/bare-page'),
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

async function measureJs(appUrl, bareUrl, bareDir, appDir = 'dist') {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const bare = await firstPageJs(browser, `${bareUrl}/`, bareDir, screenShown);
    const bareDeclarative = await firstPageJs(
      browser,
      `${bareUrl}/d/index.html`,
      bareDir,
      screenShown,
    );
    const pages = {};
    for (const path of PAGES)
      pages[path] = await firstPageJs(browser, appUrl + path, appDir, screenShown);
    return { bare, bareDeclarative, pages };
  } finally {
    await browser.close();
  }
}

/** Fails unless every page still shows its screen (not an error) at `appUrl`. */
async function assertPagesShown(appUrl) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
    for (const path of PAGES) {
      await page.goto(appUrl + path);
      await page.waitForFunction(screenShown, null, { polling: 'raf', timeout: 60_000 });
    }
  } finally {
    await browser.close();
  }
}

async function runLighthouse(appUrl, paths = PAGES, label = '') {
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
    for (const path of paths) {
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
        process.stdout.write(`  Lighthouse ${label}${path} run ${i + 1}/${RUNS}\n`);
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

/**
 * Starts bench/firebase-env.sh and waits until the emulators hold the demo data and
 * dist-firebase/ is built; `stop()` closes its input, which stops the emulators. Resolves
 * { unavailable } when the emulators cannot run here.
 */
async function startFirebaseEnv() {
  const child = spawn('bash', ['bench/firebase-env.sh'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  const stop = async () => {
    child.stdin.end();
    await exited;
  };
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    if (line === 'READY') return { stop };
    if (line.startsWith('UNAVAILABLE')) {
      await stop();
      return { unavailable: line.slice('UNAVAILABLE '.length) };
    }
  }
  await exited;
  throw new Error(`bench/firebase-env.sh exited with ${child.exitCode}`);
}

function row(budget, subject, figure, limit, shown) {
  const pass = limit.min !== undefined ? figure >= limit.min : figure <= limit.max;
  const bound = limit.min !== undefined ? `≥ ${limit.min}` : `≤ ${limit.max}${limit.unit}`;
  return { budget, subject, figure, shown, bound, pass };
}

const ms = (v) => `${Math.round(v)} ms`;

/** The browser's name and version ('Chromium 156.0.8078.108 …'), or its path. */
function browserVersion() {
  try {
    return execFileSync(CHROME_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return CHROME_PATH;
  }
}

const bareDir = await buildAll();
const app = await serveDist('dist');
const bare = await serveDist(bareDir);
const results = {
  machine: {},
  js: null,
  lighthouse: null,
  bareLighthouse: null,
  eventList: {},
  firebase: null,
};
try {
  results.machine = {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? '',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    chromium: browserVersion(),
    protocol: app.protocol,
    date: new Date().toISOString(),
  };
  console.log('Sizing first-page JavaScript …');
  results.js = await measureJs(app.url, bare.url, bareDir);
  if (LIGHTHOUSE) {
    console.log(`Lighthouse (mobile preset), ${RUNS} runs per page …`);
    results.lighthouse = await runLighthouse(app.url);
    // The yardstick's own figures on this machine: what React and the router alone cost, so the
    // app's figures can be read against them (a slow machine raises both).
    results.bareLighthouse = await runLighthouse(bare.url, BARE_PAGES, 'bare page ');
  }
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
  if (FIREBASE) {
    console.log('Firebase build: the emulators with the demo data, dist-firebase/ …');
    const env = await startFirebaseEnv();
    if (env.unavailable) {
      results.firebase = { unavailable: env.unavailable };
    } else {
      const served = await serveDist('dist-firebase');
      try {
        console.log('Sizing the first-page JavaScript of the Firebase build …');
        const js = await measureJs(served.url, bare.url, bareDir, 'dist-firebase');
        results.firebase = { js, lighthouse: null };
        if (LIGHTHOUSE) {
          console.log(`Lighthouse on the Firebase build, ${RUNS} runs per page …`);
          results.firebase.lighthouse = await runLighthouse(served.url);
          // Lighthouse does not know an error page from the screen: the emulators must still
          // have been answering when the runs ended.
          await assertPagesShown(served.url);
        }
      } finally {
        await served.close();
        await env.stop();
      }
    }
  }
} finally {
  await app.close();
  await bare.close();
  await rm(bareDir, { recursive: true, force: true });
}

const bareJs = results.js.bare.gzip;

/** The page budgets of one build's measurements. */
function pageRows({ lighthouse: lhs, js: jss }, limits = LIMITS) {
  const rows = [];
  for (const path of PAGES) {
    const lh = lhs?.[path];
    const js = jss.pages[path];
    if (lh) {
      rows.push(
        row(
          'Lighthouse performance',
          path,
          lh.performance,
          limits.performance,
          `${lh.performance}`,
        ),
      );
      rows.push(
        row(
          'Lighthouse accessibility',
          path,
          lh.accessibility,
          limits.accessibility,
          `${lh.accessibility}`,
        ),
      );
      rows.push(row('LCP', path, lh.lcp, limits.lcp, ms(lh.lcp)));
      rows.push(row('TBT', path, lh.tbt, limits.tbt, ms(lh.tbt)));
      rows.push(row('CLS', path, lh.cls, limits.cls, lh.cls.toFixed(3)));
    }
    const ratio = js.gzip / bareJs;
    rows.push(
      row(
        'first-page JS / bare page',
        path,
        ratio,
        limits.jsRatio,
        `${ratio.toFixed(2)}× (${kib(js.gzip)})`,
      ),
    );
  }
  return rows;
}

const rows = pageRows(results);
const firebaseRows = results.firebase?.js ? pageRows(results.firebase, FIREBASE_LIMITS) : null;
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
if (results.bareLighthouse) {
  const figures = BARE_PAGES.map((path) => {
    const lh = results.bareLighthouse[path];
    return `${path === '/' ? 'data router' : 'declarative router'}: perf. ${lh.performance}, LCP ${ms(lh.lcp)}, TBT ${ms(lh.tbt)}`;
  });
  console.log(`Lighthouse on the bare page itself (medians): ${figures.join('; ')}`);
}
// The bare page has almost nothing to block (TBT 0–6 ms here on a quiet machine): above this, the
// machine itself was slow during the run (its host's load moves through the day), and the
// timings measure it as much as the app.
const BARE_TBT_QUIET_MS = 20;
const bareTbt = results.bareLighthouse
  ? Math.max(...BARE_PAGES.map((path) => results.bareLighthouse[path].tbt))
  : null;
const slowMachine = bareTbt !== null && bareTbt > BARE_TBT_QUIET_MS;
const slowWarning = `WARNING: the machine was slow during this run (the bare page's TBT ${ms(bareTbt)}, above ${BARE_TBT_QUIET_MS} ms): its LCP, TBT and event-list timings are not comparable with a quiet run's; measure again when it is quiet.`;
if (slowMachine) console.log(slowWarning);
if (results.firebase?.unavailable) {
  console.log(`Firebase build: not measured: ${results.firebase.unavailable}`);
}
// The Firebase build's figure beside the local one's, for the page budgets; the event-list
// benchmark is the local backend's only.
const firebaseFor = (r) =>
  firebaseRows?.find((f) => f.budget === r.budget && f.subject === r.subject);
const verdict = (r) => (r ? (r.pass ? 'pass' : 'FAIL') : '—');
console.log(
  `${'budget'.padEnd(34)} ${'page'.padEnd(24)} ${'local'.padStart(22)} ${'firebase'.padStart(22)}  ${'limit'.padEnd(10)} local / firebase`,
);
for (const r of rows) {
  const f = firebaseFor(r);
  console.log(
    `${r.budget.padEnd(34)} ${r.subject.padEnd(24)} ${r.shown.padStart(22)} ${(f?.shown ?? '—').padStart(22)}  ${(f && f.bound !== r.bound ? `${r.bound} / ${f.bound}` : r.bound).padEnd(10)} ${verdict(r)} / ${verdict(f)}`,
  );
}
console.log('\nJavaScript requested after the screen was shown, until the network was quiet:');
for (const [build, js] of [
  ['local', results.js],
  ['firebase', results.firebase?.js],
]) {
  for (const path of js ? PAGES : []) {
    const later = js.pages[path].later;
    if (later.files.length)
      console.log(
        `  ${build.padEnd(9)} ${path.padEnd(24)} ${kib(later.gzip).padStart(10)}  ${later.files.map((f) => f.path).join(' ')}`,
      );
  }
}
if (LIGHTHOUSE) console.log('\nFCP and LCP element per page (medians):');
for (const path of LIGHTHOUSE ? PAGES : []) {
  const lh = results.lighthouse[path];
  const failures = [...new Set(lh.runs.flatMap((r) => r.a11yFailures))];
  console.log(
    `  ${path.padEnd(24)} FCP ${ms(lh.fcp).padStart(8)}  LCP element ${lh.runs.at(-1).lcpElement.slice(0, 70)}` +
      (failures.length ? `  accessibility failures: ${failures.join(', ')}` : ''),
  );
}
if (firebaseRows && LIGHTHOUSE) {
  console.log('\nFirebase build: FCP and LCP element per page (medians):');
  for (const path of PAGES) {
    const lh = results.firebase.lighthouse[path];
    console.log(
      `  ${path.padEnd(24)} FCP ${ms(lh.fcp).padStart(8)}  LCP element ${lh.runs.at(-1).lcpElement.slice(0, 70)}`,
    );
  }
}
const failed = rows.filter((r) => !r.pass).length;
console.log(`\nLocal build: ${rows.length - failed} of ${rows.length} budgets hold.`);
if (firebaseRows) {
  const failedFirebase = firebaseRows.filter((r) => !r.pass).length;
  console.log(
    `Firebase build: ${firebaseRows.length - failedFirebase} of ${firebaseRows.length} page budgets hold.`,
  );
}
if (slowMachine) console.log(slowWarning);
await mkdir('bench-results', { recursive: true });
await writeFile(
  'bench-results/budgets.json',
  JSON.stringify({ ...results, slowMachine, rows, firebaseRows }, null, 2),
);
