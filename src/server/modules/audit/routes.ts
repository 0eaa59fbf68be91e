import { AuditPageSchema, AuditQuerySchema } from '#shared/schemas/audit';
import { ExportStartedSchema } from '#shared/schemas/products';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { EXPORT_RATE_LIMIT, registerExportRoutes, startExport } from '../exports/index.ts';
import { AUDIT_EXPORT } from './export-audit-records.ts';
import { listAuditRecords } from './list-audit-records.ts';

const tags = ['audit'];
const ExportQuerySchema = AuditQuerySchema.omit({ after: true, limit: true });

export function registerAuditRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/audit/records',
    {
      config: { policy: 'user', readAhead: true },
      schema: {
        tags,
        summary:
          "The change history, newest first, paged by cursor (`next`): an admin sees the store's, a vendor (or an admin acting as one) its own data's",
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema },
      },
    },
    async (request) => listAuditRecords(ctx.db, requireAuth(request), request.query),
  );

  app.post(
    '/api/audit/export',
    {
      config: { policy: 'user', rateLimit: EXPORT_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Export the filtered change history as CSV, in the background; poll GET audit/exports/{exportId}',
        querystring: ExportQuerySchema,
        response: { 202: ExportStartedSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      return reply.status(202).send(await startExport(ctx, auth, 'audit', { vendorId: auth.vendorId, query: request.query }));
    },
  );
  registerExportRoutes(app, ctx, AUDIT_EXPORT, tags);
}
