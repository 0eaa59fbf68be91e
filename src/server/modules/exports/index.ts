import type { ServerModule } from '#server/server-module';
import { CSV_EXPORT_JOB, runExport } from './csv-exports.ts';

export type { ExportSource } from './csv-exports.ts';

/** The exports module: the one CSV export job, which runs every module's export source. */
export const exportsModule: ServerModule = {
  jobs: (ctx) => ctx.jobs.register(CSV_EXPORT_JOB, (payload, job) => runExport(ctx, payload, job)),
};

export { type ExportRow, startExport, toCsv } from './csv-exports.ts';
export { EXPORT_RATE_LIMIT, registerExportRoutes } from './export-routes.ts';
