// How every browser run here launches Debian's Chromium (`npx playwright install` cannot
// download): the e2e tests (playwright.config.ts), `npm run size` and `npm run bench:events`.
/** @type {{ executablePath: string; args: string[] }} */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
