import { configDefaults, defineConfig } from 'vitest/config';
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
  'tests/contract/indexes.test.ts',
  'src/app/hosting-rewrites.test.ts',
];

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
    testTimeout: 15_000,
    hookTimeout: 30_000,
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
          // tests/rules select the node environment themselves and skip, by name, without
          // emulators (scripts/test-firebase.sh starts what it can and runs them for real).
          include: [
            'src/**/*.test.{ts,tsx}',
            'tests/contract/**/*.test.ts',
            'tests/rules/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...PURE],
        },
      },
    ],
  },
});
