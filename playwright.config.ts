import { defineConfig } from '@playwright/test';
import { testChromiumLaunchOptions } from './scripts/chromium.mjs';
import type { BackendKind } from './tests/e2e/fixtures';

/** E2E_PORT lets two runs on one machine use different preview ports. */
const PORT = Number(process.env.E2E_PORT) || 4173;

/**
 * Two projects (docs/testing.md "Browser tests"):
 * - `local`: every spec against the production build (vite preview of dist/) on the local backend.
 * - `firebase`: the journeys, which do not know which backend runs (accounts and participation,
 *   messages, profile, teams, staff), against the Firebase build (dist-firebase/) on the
 *   emulators, reseeded before each test (tests/e2e/fixtures.ts). scripts/e2e-firebase.sh starts
 *   the emulators, seeds them, builds, and runs this project with E2E_FIREBASE=true and
 *   E2E_FIREBASE_PORT. One worker: the tests share the emulators' data.
 * Both in Debian's Chromium headless shell (scripts/chromium.mjs): Playwright's own browser
 * download is not available on our machines.
 */
const FIREBASE = process.env.E2E_FIREBASE === 'true';
const FIREBASE_PORT = Number(process.env.E2E_FIREBASE_PORT) || 4174;

export default defineConfig<object, { backend: BackendKind }>({
  testDir: 'tests/e2e',
  // Locally every test has a browser profile of its own and spends most of its time waiting on
  // the page, not computing: two workers, any test beside any other. The Firebase tests share the
  // emulators' data: one after another.
  fullyParallel: !FIREBASE,
  workers: FIREBASE ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  // npm test runs both projects at once; each cleans its own results folder when it starts.
  outputDir: FIREBASE ? 'test-results/firebase' : 'test-results/local',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'off',
    launchOptions: testChromiumLaunchOptions,
  },
  projects: FIREBASE
    ? [
        {
          name: 'firebase',
          testMatch: [
            'journeys.spec.ts',
            'security.spec.ts',
            'messages.spec.ts',
            'profile.spec.ts',
            'teams.spec.ts',
            'admin.spec.ts',
            'double-click.spec.ts',
            'calendar.spec.ts',
            'attendance.spec.ts',
            'event-changes.spec.ts',
            'waitlist.spec.ts',
            'early-read.spec.ts',
            'fees.spec.ts',
            'check-in.spec.ts',
            'follows.spec.ts',
            'boards.spec.ts',
            'series.spec.ts',
            'reminders.spec.ts',
            'headcount.spec.ts',
            'series-changes.spec.ts',
            'series-done-when.spec.ts',
          ],
          // The Firestore listeners and the Functions emulator answer slower than IndexedDB.
          timeout: 120_000,
          expect: { timeout: 20_000 },
          use: { baseURL: `http://127.0.0.1:${FIREBASE_PORT}`, backend: 'firebase' },
        },
      ]
    : [{ name: 'local', use: { baseURL: `http://127.0.0.1:${PORT}`, backend: 'local' } }],
  webServer: FIREBASE
    ? {
        // vite.config.ts rewrites /api to the Functions emulator (FUNCTIONS_EMULATOR_HOST).
        command: `npx vite preview --outDir dist-firebase --port ${FIREBASE_PORT} --strictPort --host 127.0.0.1`,
        url: `http://127.0.0.1:${FIREBASE_PORT}`,
        reuseExistingServer: false,
        timeout: 60_000,
      }
    : {
        command: `npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`,
        url: `http://127.0.0.1:${PORT}`,
        reuseExistingServer: !process.env.CI,
        timeout: 60_000,
      },
});
