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
  },
});
