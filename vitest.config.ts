import { defineConfig } from 'vitest/config';
import { fileURLToPath, URL } from 'node:url';

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
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // tests/rules select the node environment themselves and skip, by name, without emulators
    // (scripts/test-firebase.sh starts what it can and runs them for real).
    include: [
      'src/**/*.test.{ts,tsx}',
      'mail/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'tests/rules/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    restoreMocks: true,
    // Screens render and type through several steps, and a contract harness starts an app on
    // the emulators; on a shared 2-core machine under load the default budgets (5 s a test, 10 s
    // a hook) fail work that is only slow, not stuck.
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
