import { defineConfig } from 'vitest/config';
import { fileURLToPath, URL } from 'node:url';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // tests/rules select the node environment themselves and skip, by name, without emulators
    // (scripts/test-firebase.sh starts what it can and runs them for real).
    include: ['src/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.ts', 'tests/rules/**/*.test.ts'],
    restoreMocks: true,
    // Screens render and type through several steps; on a shared 2-core machine under load a
    // 5 s budget fails tests that are only slow, not stuck.
    testTimeout: 15_000,
  },
});
