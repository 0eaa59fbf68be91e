import { z } from 'zod';
import { SheetDownloadQuerySchema, SheetStateSchema, SheetUrlBodySchema } from '#shared/schemas/sheets';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { EXPORT_RATE_LIMIT } from '../exports/index.ts';
import { downloadSheet } from './download-sheet.ts';
import { triggerSheetExport } from './export-to-sheet.ts';
import { getSheet, removeSheet, saveSheet } from './sheet-link.ts';

const tags = ['integrations'];
const config = { policy: 'user', feature: 'integrations' } as const;

/**
 * Google Sheets: the caller's sheet (the marketplace's for an admin, a
 * vendor's own otherwise), written by a job; the same data downloadable as CSV.
 */
export function registerSheetsRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/integrations/sheets',
    {
      config,
      schema: {
        tags,
        summary: "The caller's sheet, the service account to share it with, and its last run",
        response: { 200: SheetStateSchema },
      },
    },
    async (request) => getSheet(ctx, requireAuth(request)),
  );
  app.put(
    '/api/integrations/sheets',
    { config, schema: { tags, summary: "Set the caller's sheet address", body: SheetUrlBodySchema, response: { 200: SheetStateSchema } } },
    async (request) => saveSheet(ctx, requireAuth(request), request.body),
  );
  app.delete(
    '/api/integrations/sheets',
    {
      config,
      schema: { tags, summary: "Forget the caller's sheet (the sheet itself stays as it is)", response: { 200: SheetStateSchema } },
    },
    async (request) => removeSheet(ctx, requireAuth(request)),
  );
  app.post(
    '/api/integrations/sheets/trigger',
    {
      // Each run rewrites the whole sheet: counted with the CSV exports.
      config: { ...config, rateLimit: EXPORT_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Write the orders and products to the sheet now (a job; the answer shows its progress)',
        response: { 200: SheetStateSchema },
      },
    },
    async (request) => triggerSheetExport(ctx, requireAuth(request)),
  );
  app.get(
    '/api/integrations/sheets/download',
    {
      config,
      schema: {
        tags,
        summary: 'What the sheet gets, one tab as a CSV file',
        querystring: SheetDownloadQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const file = downloadSheet(ctx, requireAuth(request), request.query.tab);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          // A stream of the pages; the response schema documents the body as text.
          .send(file.body as unknown as string)
      );
    },
  );
}
