// How every browser run here launches Debian's Chromium (`npx playwright install` cannot
// download). Two binaries of the same Chromium build:
// - the tests (playwright.config.ts, scripts/browser-check.mjs) run the headless shell
//   (Debian's chromium-headless-shell, the old headless mode, which Playwright itself uses for
//   headless tests): no browser UI behind the page, so each page costs less CPU. Measured the
//   same day on the 2-core machine, each alone: the local browser project 258 → 191 s, the
//   Firebase one 291 → 233 s, every test passing on both.
// - the benchmarks (`bench:events`, `bench:budgets`) run the full browser, the
//   one users have, so their figures are a user's.
// CHROMIUM_PATH replaces either binary.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The full browser, for the benchmarks. */
/** @type {{ executablePath: string; args: string[] }} */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: FLAGS,
};

/** The Debian package of the tests' browser, named when it is missing. */
export const TEST_BROWSER_PACKAGE = 'chromium-headless-shell';

/** The headless shell, for the tests. */
/** @type {{ executablePath: string; args: string[] }} */
export const testChromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: FLAGS,
};
