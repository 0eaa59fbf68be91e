import { z } from 'zod';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { renderVendorInvoice } from './vendor-invoice.ts';

export function registerDocumentRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/payouts/:payoutId/invoice',
    {
      config: { policy: 'user' },
      schema: {
        tags: ['finance'],
        summary: "The commission invoice of a payout (the doc-vendor-invoice template) as a PDF; a vendor's own payouts only",
        params: z.object({ payoutId: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await renderVendorInvoice(ctx, requireAuth(request), request.params.payoutId);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
    },
  );
}
