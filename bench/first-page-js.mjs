// The JavaScript a visitor downloads for a first page: every script the page requests until its
// screen is shown, sized from the build on disk (raw and gzip level 9, what the servers send).
// What it requests after that, until the network is quiet, is sized apart: code a page loads
// once it is shown (the Firebase build's full SDK for live listeners) is not on the way to it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What a page requests after its screen is shown is waited for until no request has completed
 * for QUIET_MS, at most LATER_WAIT_MS (a live listener's long poll never completes).
 */
const QUIET_MS = 2_000;
const LATER_WAIT_MS = 15_000;

/**
 * Opens `url` in a fresh context of `browser` and sizes the scripts it requested from `distDir`.
 * `shown`, if given, is a function run in the page, polled every frame, that says when the
 * screen is shown: scripts requested until then are the first page (`files`, `raw`, `gzip`),
 * those requested later, until the network is quiet, are `later` (files and their gzip total).
 * Without `shown` every script until the network is quiet is the first page.
 */
export async function firstPageJs(browser, url, distDir, shown) {
  // The measuring server's certificate is its own (serve-dist.mjs).
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto(url);
  const shownAt = shown
    ? await (
        await page.waitForFunction(`(${shown})() && performance.now()`, null, {
          polling: 'raf',
          timeout: 60_000,
        })
      ).jsonValue()
    : Infinity;
  const { origin } = new URL(url);
  const completed = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => ({ url: e.name, startTime: e.startTime })),
    );
  // Resource entries appear as requests complete. (Playwright's `networkidle` fires once per
  // page: a download that starts after an idle moment would be missed by waiting for it.)
  await page.waitForLoadState('load');
  let requests = await completed();
  for (const until = Date.now() + LATER_WAIT_MS; Date.now() < until;) {
    await page.waitForTimeout(QUIET_MS);
    const now = await completed();
    if (now.length === requests.length) break;
    requests = now;
  }
  await context.close();

  const first = new Set();
  const later = new Set();
  for (const r of requests) {
    const { origin: from, pathname } = new URL(r.url);
    if (from !== origin || !pathname.endsWith('.js')) continue;
    (r.startTime <= shownAt ? first : later).add(pathname);
  }
  for (const path of first) later.delete(path);
  const sized = async (paths) => {
    const files = [];
    for (const path of paths) {
      const buf = await readFile(join(distDir, path));
      files.push({ path, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
    }
    return files.sort((a, b) => b.gzip - a.gzip);
  };
  const files = await sized(first);
  const laterFiles = await sized(later);
  const sum = (list, k) => list.reduce((n, f) => n + f[k], 0);
  return {
    files,
    raw: sum(files, 'raw'),
    gzip: sum(files, 'gzip'),
    later: { files: laterFiles, gzip: sum(laterFiles, 'gzip') },
  };
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
