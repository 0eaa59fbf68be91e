import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG } from '#shared/messages';
import { AppError } from '#server/http/errors';
import { ExportStatusSchema } from '#shared/schemas/products';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { downloadExport, getExportStatus, type ExportSource } from './csv-exports.ts';

/**
 * Starting exports (POST products/export and orders/export together): each one reads a whole
 * filtered list and writes a file, so a user gets at most 10 an hour, counted in the database
 * across every process.
 */
export const EXPORT_RATE_LIMIT = {
  max: 10,
  timeWindow: '1 hour',
  groupId: 'exports',
  keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
  errorResponseBuilder: () => new AppError('rate_limited', MSG.tooManyExports),
};

const ExportIdParams = z.object({ exportId: z.string().max(100) });

/** GET {kind}/exports/{id} and its download, for an area's export source (its POST stays the area's own). */
export function registerExportRoutes(app: App, ctx: AppContext, source: ExportSource, tags: string[]) {
  const { kind } = source;

  app.get(
    `/api/${kind}/exports/:exportId`,
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: `State of a ${kind} export (its requester only)`,
        params: ExportIdParams,
        response: { 200: ExportStatusSchema },
      },
    },
    async (request) => getExportStatus(ctx, requireAuth(request), kind, request.params.exportId),
  );

  app.get(
    `/api/${kind}/exports/:exportId/download`,
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: `The CSV file of a finished ${kind} export (its requester only)`,
        params: ExportIdParams,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const file = await downloadExport(ctx, requireAuth(request), kind, request.params.exportId);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          // A stream of the parts; the response schema documents the body as text.
          .send(file.body as unknown as string)
      );
    },
  );
}
