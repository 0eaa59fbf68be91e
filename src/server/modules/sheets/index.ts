import type { ServerModule } from '#server/server-module';
import { registerSheetExportJob } from './export-to-sheet.ts';
import { registerSheetsRoutes } from './routes.ts';

/** The sheets module: Google Sheets links and their export job. */
export const sheetsModule: ServerModule = { register: registerSheetsRoutes, jobs: registerSheetExportJob };
