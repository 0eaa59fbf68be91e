import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CsvImportSchema, CsvUploadAnswerSchema, CsvUploadQuerySchema } from '#shared/schemas/csv-import';
import type { AppContext } from '#server/context';
import { csvImports } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { CSV_LIMITS } from './parse-product-csv.ts';
import { getOwnImport, type CsvImportRow } from './import-scope.ts';
import { validateImport } from './validate-import.ts';
import { CSV_IMPORT_JOB } from './run-import.ts';

const tags = ['products'];
const ImportParams = z.object({ importId: z.uuid({ error: 'Import not found' }) });

const toAnswer = (row: CsvImportRow) => ({
  id: row.id,
  status: row.status,
  fileName: row.fileName,
  format: row.format,
  rowCount: row.rowCount,
  productCount: row.productCount,
  errorCount: row.errorCount,
  errors: row.errors,
  warnings: row.warnings,
  progress: row.progress,
  created: row.created,
  updated: row.updated,
  failed: row.failed,
  failedCount: row.failedCount,
  // What the job went through without a change: the rest of the products it handled.
  unchanged: Math.max(0, row.progress - row.created - row.updated - row.failedCount),
  createdAt: row.createdAt.toISOString(),
});

export function registerCsvImportRoutes(app: App, ctx: AppContext) {
  app.put(
    '/api/product-csv/upload',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: 'Start a product CSV import: answers the URL to PUT the file to',
        querystring: CsvUploadQuerySchema,
        response: { 200: CsvUploadAnswerSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = randomUUID();
      await ctx.db.insert(csvImports).values({
        id,
        storeId: auth.storeId,
        vendorId: auth.vendorId,
        userId: auth.userId,
        fileKey: `${auth.storeId}/imports/${id}.csv`,
        fileName: request.query.name,
      });
      // Same-origin path: the file goes up with the session cookie, whatever host the app was opened on.
      return { importId: id, url: `/api/product-csv/imports/${id}/file` };
    },
  );

  // The file arrives as the raw body; its own scope accepts CSV bodies up to the import's size cap.
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CSV_LIMITS.maxBytes }, (_request, body, done) => done(null, body));
    scope.put(
      '/api/product-csv/imports/:importId/file',
      {
        config: { policy: 'user' },
        bodyLimit: CSV_LIMITS.maxBytes,
        schema: {
          tags,
          summary: 'Upload the CSV file of an import; answers the validation (per-row problems, nothing written yet)',
          params: ImportParams,
          response: { 200: CsvImportSchema },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const row = await getOwnImport(ctx.db, auth, request.params.importId);
        if (row.status !== 'waiting' && row.status !== 'validated') throw new AppError('conflict', 'This import has already started');
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('bad_request', 'The file is empty');
        await ctx.storage.put(row.fileKey, body, 'text/csv');
        return toAnswer(await validateImport(ctx, row));
      },
    );
  });

  app.post(
    '/api/product-csv/imports/:importId/confirm',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: 'Import the good products of a validated file (a job; follow it with GET)',
        params: ImportParams,
        response: { 202: CsvImportSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const row = await getOwnImport(ctx.db, auth, request.params.importId);
      // Only a validated import starts, and only once: the status change is the lock.
      const [started] = await ctx.db
        .update(csvImports)
        .set({ status: 'importing', updatedAt: sql`now()` })
        .where(and(eq(csvImports.id, row.id), eq(csvImports.status, 'validated')))
        .returning();
      if (!started) throw new AppError('conflict', row.status === 'waiting' ? 'Upload the file first' : 'This import has already started');
      if (started.productCount === 0) throw new AppError('bad_request', 'There is nothing to import');
      await ctx.jobs.enqueue(CSV_IMPORT_JOB, { importId: row.id }, { dedupeKey: `${CSV_IMPORT_JOB.type}:${row.id}:0` });
      return reply.status(202).send(toAnswer(started));
    },
  );

  app.get(
    '/api/product-csv/imports/:importId',
    {
      config: { policy: 'user' },
      schema: { tags, summary: 'An import: validation, progress and result', params: ImportParams, response: { 200: CsvImportSchema } },
    },
    async (request) => toAnswer(await getOwnImport(ctx.db, requireAuth(request), request.params.importId)),
  );
}
