// The JavaScript a visitor downloads for a first page: every script the page fetches until the
// network is idle, sized from the build on disk (raw and gzip level 9, what the servers send).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Opens `url` in a fresh context of `browser` and sizes the scripts it fetched from `distDir`.
 * `ready`, if given, is awaited on the page before the network is waited on (the screen's
 * content, so lazily loaded code that the screen needs is counted).
 */
export async function firstPageJs(browser, url, distDir, ready) {
  // The measuring server's certificate is its own (serve-dist.mjs).
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (res) => {
    const { origin, pathname } = new URL(res.url());
    if (origin === new URL(url).origin && pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto(url);
  if (ready) await ready(page);
  await page.waitForLoadState('networkidle');
  await context.close();

  const files = [];
  for (const path of scripts) {
    const buf = await readFile(join(distDir, path));
    files.push({ path, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  const sum = (k) => files.reduce((n, f) => n + f[k], 0);
  return { files, raw: sum('raw'), gzip: sum('gzip') };
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
