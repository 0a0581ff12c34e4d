import { configDefaults, defineConfig } from 'vitest/config';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

/**
 * Suites that touch neither the DOM nor IndexedDB nor module mocks: the domain rules, the mail
 * module and the repository checks. They run in Node without jsdom or the setup file, and
 * without a fresh worker per file (isolate: false), which is most of what a small file costs.
 */
const PURE = [
  'src/domain/**/*.test.ts',
  'mail/**/*.test.ts',
  'tests/lint/**/*.test.ts',
  'tests/demo/**/*.test.ts',
  'tests/contract/indexes.test.ts',
  'src/app/hosting-rewrites.test.ts',
];

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const APP = ['src/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.ts'];

/**
 * The suites that need Google's emulators: the security rules (tests/rules), the Admin SDK code
 * on Firestore (tests/firebase: the Functions' reminder stores, the one-off migrations) and the
 * port contracts on the Firebase backend. scripts/test-firebase.sh starts the emulators and runs
 * them (npm run test:firebase); the unit run leaves them out instead of reporting them skipped.
 * With an emulator's address set (as `firebase emulators:exec` does) or TEST_EMULATORS=1 they are
 * in the run; a suite whose emulator is missing then skips by name.
 */
const EMULATOR_RUN = Boolean(
  process.env.TEST_EMULATORS === '1' ||
  process.env.FIRESTORE_EMULATOR_HOST ||
  process.env.FIREBASE_AUTH_EMULATOR_HOST,
);
const FIREBASE_CONTRACT = 'tests/contract/firebase.test.ts';

/**
 * The emulator suites other than the contract file run in Node, mock no module and each works in
 * a demo- project of its own: one module graph per worker (isolate: false), so the Firebase SDK
 * and the rules test kit load once, not once per file (about 4 s a file on a loaded 2-core
 * machine).
 */
const EMULATOR_SUITES = ['tests/rules/**/*.test.ts', 'tests/firebase/**/*.test.ts'];

/**
 * The screen and data suites share one jsdom and one module graph per worker (isolate: false):
 * a fresh environment and a fresh import of React, the router and the app for every file was
 * most of what a file cost, and src/test/setup.ts resets what a file leaves in the page. A file
 * still gets its own when it mocks a module (vi.mock: the module must load for that file alone
 * and the mock must not reach the next file) or picks another environment (the Firebase
 * contract file, which runs in Node, on the emulators).
 */
const ISOLATED = ['src', 'tests/contract'].flatMap((dir) =>
  readdirSync(`${ROOT}${dir}`, { recursive: true, encoding: 'utf8' })
    .map((f) => `${dir}/${f}`)
    .filter(
      (f) =>
        /\.test\.tsx?$/.test(f) &&
        /\bvi\.mock\(|@vitest-environment/.test(readFileSync(`${ROOT}${f}`, 'utf8')),
    ),
);

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The mail module the Cloud Functions and the local backend share (docs/mail.md), and the
      // Functions' own code, which the Firebase contract harness runs in process.
      '@mail': fileURLToPath(new URL('./mail', import.meta.url)),
      '@functions': fileURLToPath(new URL('./functions/src', import.meta.url)),
    },
  },
  test: {
    globals: true,
    restoreMocks: true,
    // Screens render and type through several steps, and a contract harness starts an app on
    // the emulators; on a shared 2-core machine under load the default budgets (5 s a test, 10 s
    // a hook) fail work that is only slow, not stuck.
    // The first contract harness on a cold emulator seeds it: over 30 s under load here, and
    // CI machines have been about twice as slow, hence twice that for a hook.
    testTimeout: 15_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'pure', environment: 'node', include: PURE, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          include: APP,
          exclude: [...configDefaults.exclude, ...PURE, ...ISOLATED],
          isolate: false,
        },
      },
      ...(EMULATOR_RUN
        ? [
            {
              extends: true as const,
              test: {
                name: 'emulators',
                environment: 'node',
                include: EMULATOR_SUITES,
                isolate: false,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'app-isolated',
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // The emulator contract file selects the node environment itself, and is in the run
          // only with the emulators (EMULATOR_RUN).
          include: ISOLATED,
          exclude: [
            ...configDefaults.exclude,
            ...PURE,
            ...(EMULATOR_RUN ? [] : [FIREBASE_CONTRACT]),
          ],
        },
      },
    ],
  },
});
