import { defineConfig } from 'vitest/config';

/**
 * The reliability and security suites (docs/reliability.md, docs/security.md). Run them
 * with `npm run test:reliability` (reduced sizes, as in CI) or `-- --full`; the runner
 * (test/reliability/run.ts) sets TROVE_RELIABILITY_SIZE for the suites.
 */
export default defineConfig({
  test: {
    include: ['test/reliability/**/*.reliability.ts'],
    environment: 'node',
    // Full sizes run for many minutes; each suite bounds its own waits.
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
    pool: 'forks',
    globalSetup: ['test/run-temp-root.ts', 'test/build-if-stale.ts'],
    maxWorkers: 2,
  },
});
