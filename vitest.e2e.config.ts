import { defineConfig } from 'vitest/config';

/** Browser end-to-end tests: the built app served over real HTTP, driven in Chromium, one file at a time. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
