import { defineConfig } from 'vitest/config';

/** Browser tests: web mode + sandbox driven in Debian's Chromium by playwright-core. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    globalSetup: ['test/run-temp-root.ts', 'test/build-if-stale.ts'],
    fileParallelism: false,
  },
});
