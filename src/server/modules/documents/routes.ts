import { z } from 'zod';
import { DocumentsInfoSchema } from '#shared/schemas/documents';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { readDocumentsInfo } from './documents-info.ts';
import { sendDocument } from './send-document.ts';
import { renderVendorInvoice } from './vendor-invoice.ts';

export function registerDocumentRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/documents',
    {
      config: { policy: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'How documents come (PDF, or HTML to print where the server has no Chromium) and which ones the marketplace offers',
        response: { 200: DocumentsInfoSchema },
      },
    },
    async (request) => readDocumentsInfo(ctx, requireAuth(request).storeId),
  );

  app.get(
    '/api/payouts/:payoutId/invoice',
    {
      config: { policy: 'user' },
      schema: {
        tags: ['finance'],
        summary:
          "The commission invoice of a payout (the doc-vendor-invoice template) as a PDF (HTML to print without Chromium); a vendor's own payouts only",
        params: z.object({ payoutId: z.string().max(100) }),
      },
    },
    async (request, reply) => sendDocument(reply, await renderVendorInvoice(ctx, requireAuth(request), request.params.payoutId)),
  );
}
