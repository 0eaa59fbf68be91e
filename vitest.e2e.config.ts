import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end tests: the built app served over real HTTP, driven in Chromium, two files at a
 * time (each has its own server, database and browser; a page mostly waits for the other side).
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    maxWorkers: 2,
    pool: 'forks',
  },
});
