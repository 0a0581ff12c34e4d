// Prints the JavaScript a visitor downloads for the first page (gzip), measured in Chromium
// against the production build, and checks that the local build carries no Firebase SDK code.
// Usage: npm run build && npm run size
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
import { serveDist } from './serve-dist.mjs';

const FIREBASE_MARKERS = [
  'firestore.googleapis.com',
  'identitytoolkit.googleapis.com',
  'FirebaseError',
];

const assets = join('dist', 'assets');
const files = (await readdir(assets)).filter((f) => f.endsWith('.js'));
const withFirebase = [];
for (const f of files) {
  const text = await readFile(join(assets, f), 'utf8');
  if (FIREBASE_MARKERS.some((m) => text.includes(m))) withFirebase.push(f);
}

const server = await serveDist('dist');
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage();
const scripts = new Set();
page.on('response', (res) => {
  if (res.url().endsWith('.js')) scripts.add(new URL(res.url()).pathname);
});
await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
await browser.close();
await server.close();

let raw = 0;
let gz = 0;
const rows = [];
for (const path of scripts) {
  const buf = await readFile(join('dist', path));
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  rows.push([path, (buf.length / 1024).toFixed(1), (g / 1024).toFixed(1)]);
}
rows.sort((a, b) => Number(b[2]) - Number(a[2]));
console.log('First page (/) JavaScript, production build, local backend:');
for (const [p, r, g] of rows)
  console.log(`  ${p.padEnd(48)} ${r.padStart(8)} KiB  ${g.padStart(7)} KiB gzip`);
console.log(
  `  ${'total'.padEnd(48)} ${(raw / 1024).toFixed(1).padStart(8)} KiB  ${(gz / 1024).toFixed(1).padStart(7)} KiB gzip`,
);
console.log(
  `Build JS files: ${files.length}; files with Firebase SDK code: ${withFirebase.length ? withFirebase.join(', ') : 'none'}`,
);
if (withFirebase.length) process.exitCode = 1;
