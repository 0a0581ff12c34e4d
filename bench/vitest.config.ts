import { defineConfig } from 'vitest/config';
import { fileURLToPath, URL } from 'node:url';

/** The benchmarks (bench/*.bench.ts): printed figures, never part of npm test. */
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('../src', import.meta.url)),
      '@mail': fileURLToPath(new URL('../mail', import.meta.url)),
      '@functions': fileURLToPath(new URL('../functions/src', import.meta.url)),
    },
  },
  test: {
    include: ['bench/**/*.bench.ts'],
    environment: 'node',
    root: fileURLToPath(new URL('..', import.meta.url)),
  },
});
