// Benchmark of the event list on the local backend (not a test: it prints figures, it asserts
// nothing): see scripts/event-list-bench.mjs for what is measured.
//
// Usage: npm run build && npm run bench:events
//   BENCH_COUNTS=5000,20000   the event counts to measure at, each in a fresh database
//   BENCH_RUNS=9              page loads for (a) and rounds for (b), medians reported
//   CHROMIUM_PATH=/usr/bin/chromium
// The build in dist/ is served on a free port of 127.0.0.1 for the run.
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
import { benchEventList } from './event-list-bench.mjs';
import { serveDist } from './serve-dist.mjs';

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
