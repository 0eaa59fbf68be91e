import {
  CommissionPreviewAnswerSchema,
  CommissionPreviewQuerySchema,
  CommissionsAnswerSchema,
  CommissionsQuerySchema,
  MarketplaceCommissionsSchema,
  MarketplaceVendorSettingsAnswerSchema,
  MarketplaceVendorSettingsSchema,
  VendorCommissionsAnswerSchema,
  VendorCommissionsSchema,
} from '#shared/schemas/commissions';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { previewCommission } from './preview-commission.ts';
import {
  answerCommissionLines,
  saveMarketplaceCommissions,
  saveMarketplaceVendorSettings,
  saveVendorCommissions,
} from './save-commission-lines.ts';
import { resolveVendorScope } from '../vendors/index.ts';

const tags = ['commissions'];

export function registerCommissionRoutes(app: App, ctx: AppContext) {
  app.patch(
    '/api/app/info/commission-v2',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: "Set the marketplace commission lines (amount text of the store's currency); answers the saved lines",
        body: MarketplaceCommissionsSchema,
        response: { 200: CommissionsAnswerSchema },
      },
    },
    async (request) => saveMarketplaceCommissions(ctx.db, requireAuth(request).storeId, request.body.commissions),
  );

  app.put(
    '/api/settings/commission',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: "Set a vendor's own commission lines; null or [] goes back to the marketplace lines",
        body: VendorCommissionsSchema,
        response: { 200: VendorCommissionsAnswerSchema },
      },
    },
    async (request) => saveVendorCommissions(ctx.db, requireAuth(request).storeId, request.body.vendor, request.body.commissions),
  );

  app.put(
    '/api/settings/marketplace-settings',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary:
          'Set what the marketplace manages for a vendor: autoApprove, isManagedByMarketplace, commission lines (absent = unchanged)',
        body: MarketplaceVendorSettingsSchema,
        response: { 200: MarketplaceVendorSettingsAnswerSchema },
      },
    },
    async (request) => saveMarketplaceVendorSettings(ctx.db, requireAuth(request).storeId, request.body),
  );

  app.get(
    '/api/commissions',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "The commission lines that apply: a vendor's own; an admin's marketplace lines, or a vendor's with ?vendor=",
        querystring: CommissionsQuerySchema,
        response: { 200: CommissionsAnswerSchema },
      },
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx.db, requireAuth(request), request.query.vendor);
      return answerCommissionLines(ctx.db, scope.storeId, scope.vendorId);
    },
  );

  app.get(
    '/api/commissions/preview',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "Preview the commission and vendor share of an amount of the store's currency under the lines that apply",
        querystring: CommissionPreviewQuerySchema,
        response: { 200: CommissionPreviewAnswerSchema },
      },
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx.db, requireAuth(request), request.query.vendor);
      return previewCommission(ctx.db, scope, request.query);
    },
  );
}
