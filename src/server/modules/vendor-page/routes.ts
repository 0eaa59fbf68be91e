import { OkSchema } from '#shared/schemas/common';
import {
  VendorPageActionSchema,
  VendorPageAnswerSchema,
  VendorPageInputSchema,
  VendorPageQuerySchema,
  VendorPageSchema,
} from '#shared/schemas/vendor-page';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { decideVendorPage, saveVendorPage, vendorPageAnswer } from './vendor-page.ts';

const tags = ['vendors'];

export function registerVendorPageRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/vendors/v2/definitions',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "The vendor page's fields and sections, and the caller's page (an admin's: the named vendor's)",
        querystring: VendorPageQuerySchema,
        response: { 200: VendorPageAnswerSchema },
      },
    },
    async (request) => vendorPageAnswer(ctx.db, requireAuth(request), request.query.vendor),
  );

  app.post(
    '/api/vendors/v2',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "Save the vendor's page (description, image, fields); an admin may name the vendor",
        querystring: VendorPageQuerySchema,
        body: VendorPageInputSchema,
        response: { 200: VendorPageSchema },
      },
    },
    async (request) => saveVendorPage(ctx, requireAuth(request), request.body, request.query.vendor),
  );

  app.put(
    '/api/vendors/v2/action',
    {
      config: { policy: 'admin' },
      schema: { tags, summary: "Approve or unapprove a vendor's page", body: VendorPageActionSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await decideVendorPage(ctx, requireAuth(request).storeId, request.body.vendor, request.body.action);
      return { ok: true as const };
    },
  );
}
