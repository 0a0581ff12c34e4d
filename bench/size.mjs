// Prints the JavaScript a visitor downloads for the first page (gzip), measured in Chromium
// against the production build, and checks that the local build carries no Firebase SDK code.
// Usage: npm run build && npm run size
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { firstPageJs, kib } from './first-page-js.mjs';
import { serveDist } from '../scripts/serve-dist.mjs';

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
const js = await firstPageJs(browser, `${server.url}/`, 'dist');
await browser.close();
await server.close();

console.log('First page (/) JavaScript, production build, local backend:');
for (const f of js.files)
  console.log(
    `  ${f.path.padEnd(48)} ${kib(f.raw).padStart(11)}  ${kib(f.gzip).padStart(10)} gzip`,
  );
console.log(
  `  ${'total'.padEnd(48)} ${kib(js.raw).padStart(11)}  ${kib(js.gzip).padStart(10)} gzip`,
);
console.log(
  `Build JS files: ${files.length}; files with Firebase SDK code: ${withFirebase.length ? withFirebase.join(', ') : 'none'}`,
);
if (withFirebase.length) process.exitCode = 1;
