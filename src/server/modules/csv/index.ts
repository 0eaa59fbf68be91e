import type { ServerModule } from '#server/server-module';
import { registerCsvImportRoutes } from './routes.ts';
import { CSV_IMPORT_JOB, runImport } from './run-import.ts';

/** The csv module: the product CSV import. */
export const csvModule: ServerModule = {
  register: registerCsvImportRoutes,
  jobs: (ctx) => ctx.jobs.register(CSV_IMPORT_JOB, (payload, job) => runImport(ctx, payload, job.signal)),
};
