import { defineConfig } from 'vitest/config';

/**
 * The desktop app under the Electron stand-in (test/desktop/electron-standin): the real
 * built main process and preload, windows on Debian's Chromium. `npm run test:desktop`
 * builds first.
 */
export default defineConfig({
  test: {
    include: ['test/desktop/**/*.desktop.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    globalSetup: ['test/run-temp-root.ts'],
    fileParallelism: false,
  },
});
