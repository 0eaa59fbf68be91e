import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Three projects, so a run only pays for what a test needs:
 * - `unit`: pure functions (shared rules, web helpers, adapters against in-process fakes), no database;
 * - `components`: React components in jsdom with Testing Library (`*.test.tsx`);
 * - `db`: API and database tests, which get a migrated database from the global setup.
 * `npx vitest run --project unit` runs one of them.
 */
const pure = [
  'src/shared/**/*.test.ts',
  'src/web/**/*.test.ts',
  'src/server/adapters/**/*.test.ts',
  'src/server/lib/**/*.test.ts',
  'src/server/modules/csv/parse-product-csv.test.ts',
  'src/server/modules/notifications/templates.test.ts',
  'src/server/modules/uploads/check-file-content.test.ts',
  'src/server/modules/auth/passwords.test.ts',
  'src/server/modules/module-graph.test.ts',
];

/**
 * Vitest's order (longest first by the last run's times, larger files first on a clean clone), with
 * the files of `test/ops/` first in their project: they start the product as child processes and
 * are the longest (the kill tests only on PostgreSQL, so a PGlite run's times put them last, where
 * one of them alone made the run's tail), and a long file started last holds the run up.
 */
class OpsFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const order = new Map(sorted.map((file, i) => [file, i]));
    const projectStart = new Map<string, number>();
    sorted.forEach((file, i) => projectStart.has(file.project.name) || projectStart.set(file.project.name, i));
    const ops = (file: TestSpecification) => (file.moduleId.includes('/test/ops/') ? 0 : 1);
    return [...sorted].sort(
      (a, b) => projectStart.get(a.project.name)! - projectStart.get(b.project.name)! || ops(a) - ops(b) || order.get(a)! - order.get(b)!,
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: OpsFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on 2 cores is one worker: a database test mostly waits for its database, so two
    // keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // unit and db share one module graph per worker (isolate: false): no test there mocks a module,
      // and loading the whole server again for each of ~80 files cost more than their tests.
      { extends: true, test: { name: 'unit', include: pure, isolate: false } },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/support/component-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['src/server/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: pure,
          globalSetup: ['test/support/global-setup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
