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
    // Limits, not waits: the screen tests take seconds on a busy 2-core machine (5.2 s measured
    // at load 19 against vitest's default 5 s limit).
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
