// The first pages' JavaScript against a checked-in budget (size-budget.json), from a build on
// disk, so the figure is the same on every machine and every run. A page's first JavaScript is
// what its prerendered HTML makes the browser fetch before the app shows it: the entry <script>
// and every chunk in #root's data-preload list (scripts/prerender-plugin.ts writes both), gzip
// level 9 as the servers send it. It fails naming each page that grew past its budget and by how
// much; a change that has to grow a page raises that page's budget in the same commit and says why.
//
//   npm run size                       build both (the Firebase one configured as in production,
//                                      no emulators) into node_modules/.tmp and check them
//   npm run size -- --write            set both builds' budgets to today's figures plus the margin
//   node scripts/size-budget.mjs local dist       check a build already on disk
//
// The local build must also carry no Firebase SDK code (src/app/backend.ts loads one backend).
import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_FILE = new URL('../size-budget.json', import.meta.url);
/** What a budget allows beyond the figure it was set from: a build's noise, not a feature. */
const MARGIN_BYTES = 512;
/** The public first pages: a visitor's way in (the prerendered screens in src/app/prerender.tsx). */
export const FIRST_PAGES = {
  '/': 'index.html',
  '/events': 'events.html',
  '/events/:id': 'prerendered/event.html',
  '/login': 'login.html',
  '/register': 'register.html',
  '/teams': 'teams.html',
  '/teams/:id': 'prerendered/team.html',
  '/profile/:id': 'prerendered/profile.html',
};
const FIREBASE_MARKERS = [
  'firestore.googleapis.com',
  'identitytoolkit.googleapis.com',
  'FirebaseError',
];

/** The scripts a prerendered page fetches before its screen is the app's, with their gzip size. */
export async function firstPageScripts(distDir, htmlFile) {
  const html = await readFile(join(distDir, htmlFile), 'utf8');
  const entries = [...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map((m) => m[1]);
  const preload = html.match(/<div id="root"[^>]*\bdata-preload="([^"]*)"/);
  if (!entries.length || !preload) {
    throw new Error(`${htmlFile}: no entry script or no #root data-preload list`);
  }
  const paths = [...new Set([...entries, ...preload[1].split(' ').filter(Boolean)])];
  const files = await Promise.all(
    paths.map(async (path) => {
      const buf = await readFile(join(distDir, path));
      return { path, gzip: gzipSync(buf, { level: 9 }).length };
    }),
  );
  return { files, gzip: files.reduce((n, f) => n + f.gzip, 0) };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** A Firebase build as production has it: a project's configuration, no emulators. */
const FIREBASE_ENV = {
  VITE_FIREBASE_API_KEY: 'size-budget-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-sports-community.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-sports-community',
  VITE_FIREBASE_STORAGE_BUCKET: 'demo-sports-community.appspot.com',
  VITE_FIREBASE_APP_ID: 'demo-app',
};

/** Builds the app for `build` into a folder of its own and returns the folder. */
function buildFor(build) {
  const outDir = join('node_modules', '.tmp', `size-${build}`);
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('VITE_FIREBASE') && !k.startsWith('VITE_USE_'),
    ),
  );
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    { stdio: 'inherit', env: build === 'firebase' ? { ...env, ...FIREBASE_ENV } : env },
  );
  if (result.status !== 0) throw new Error(`the ${build} build failed (exit ${result.status})`);
  return outDir;
}

async function main() {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const [build, distDir] = args.filter((a) => a !== '--write');
  if (build && (!['local', 'firebase'].includes(build) || !distDir)) {
    console.error('usage: node scripts/size-budget.mjs [local|firebase DIST_DIR] [--write]');
    process.exit(2);
  }
  const builds = build ? [[build, distDir]] : ['local', 'firebase'].map((b) => [b, buildFor(b)]);
  let failed = false;
  for (const [b, dir] of builds) failed = !(await check(b, dir, write)) || failed;
  if (failed) {
    console.error(
      'A page that must grow raises its budget in size-budget.json in the same commit, saying why.',
    );
    process.exit(1);
  }
}

/** Checks one build against its budgets (or writes them); false when it failed. */
async function check(build, distDir, write) {
  const budgets = JSON.parse(await readFile(BUDGET_FILE, 'utf8'));
  const failures = [];

  if (build === 'local') {
    const assets = join(distDir, 'assets');
    const withFirebase = [];
    for (const f of (await readdir(assets)).filter((name) => name.endsWith('.js'))) {
      const text = await readFile(join(assets, f), 'utf8');
      if (FIREBASE_MARKERS.some((m) => text.includes(m))) withFirebase.push(f);
    }
    if (withFirebase.length) {
      failures.push(`the local build carries Firebase SDK code: ${withFirebase.join(', ')}`);
    }
  }

  const measured = {};
  console.log(`First-page JavaScript, ${build} build (${distDir}), gzip:`);
  for (const [page, file] of Object.entries(FIRST_PAGES)) {
    const { files, gzip } = await firstPageScripts(distDir, file);
    measured[page] = gzip;
    const budget = budgets[build]?.[page];
    const verdict =
      budget === undefined ? 'no budget' : gzip <= budget ? 'ok' : `OVER by ${gzip - budget} B`;
    console.log(
      `  ${page.padEnd(14)} ${String(gzip).padStart(7)} B  ${kib(gzip).padStart(10)}  ` +
        `${String(files.length).padStart(2)} scripts  budget ${budget ?? '-'}  ${verdict}`,
    );
    if (budget === undefined) failures.push(`${page}: no budget in size-budget.json`);
    else if (gzip > budget) {
      failures.push(
        `${page} grew to ${gzip} B gzip, ${gzip - budget} B over its budget of ${budget} B` +
          ` (largest scripts: ${files
            .sort((a, b) => b.gzip - a.gzip)
            .slice(0, 3)
            .map((f) => `${f.path} ${f.gzip} B`)
            .join(', ')})`,
      );
    }
  }

  if (write) {
    budgets[build] = Object.fromEntries(
      Object.entries(measured).map(([page, gzip]) => [page, gzip + MARGIN_BYTES]),
    );
    await writeFile(BUDGET_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
    console.log(
      `size-budget.json: the ${build} budgets set to today's figures + ${MARGIN_BYTES} B`,
    );
    return true;
  }
  if (failures.length) {
    console.error(`size budget FAILED (${build} build):`);
    for (const f of failures) console.error(`  ${f}`);
    return false;
  }
  console.log(`size budget: every ${build} first page within its budget`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
