import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end tests: the built app served over real HTTP, driven in Chromium, two files at a
 * time (each has its own server and database; a page mostly waits for the other side). A worker
 * keeps its module graph (isolate: false, as the db project: no browser test mocks a module) and
 * its Chromium (launchBrowser) from one file to the next.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    maxWorkers: 2,
    pool: 'forks',
    isolate: false,
  },
});
