// Before the browser tests (npm run test:e2e, test:e2e:firebase): says in one line what this
// machine lacks to run them — Debian's Chromium headless shell (scripts/chromium.mjs) and a
// Japanese font, so the pages render as users see them — instead of a stack trace per test.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TEST_BROWSER_PACKAGE, testChromiumLaunchOptions } from './chromium.mjs';

/** The fonts that render Japanese, as fc-list names them. */
const CJK_FONT = /Noto (Sans|Serif) CJK|IPAGothic|IPAexGothic/i;

/**
 * What is missing, as Debian packages: `browser` is the Chromium to launch, `executable` says
 * whether a path can be run, `fonts` is fc-list's output (null without fc-list).
 */
export function missingForBrowserTests({ browser, executable, fonts }) {
  const missing = [];
  if (!executable(browser))
    missing.push({ what: `Chromium at ${browser}`, package: TEST_BROWSER_PACKAGE });
  if (fonts === null || !CJK_FONT.test(fonts)) {
    missing.push({ what: 'a Japanese font', package: 'fonts-noto-cjk' });
  }
  return missing;
}

/** The one line to print when something is missing, or null. */
export function browserCheckMessage(missing) {
  if (missing.length === 0) return null;
  const what = missing.map((m) => m.what).join(' and ');
  const packages = missing.map((m) => m.package).join(' ');
  return `The browser tests need ${what}: install it with \`sudo apt-get install ${packages}\` (.ci/run installs it on a fresh machine), or set CHROMIUM_PATH to another Chromium.`;
}

function canRun(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function fontList() {
  try {
    return execFileSync('fc-list', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const message = browserCheckMessage(
    missingForBrowserTests({
      browser: testChromiumLaunchOptions.executablePath,
      executable: canRun,
      fonts: fontList(),
    }),
  );
  if (message) {
    console.error(message);
    process.exit(1);
  }
}
