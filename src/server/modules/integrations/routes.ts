import {
  CatalogSyncSchema,
  IntegrationConnectSchema,
  IntegrationKeysAnswerSchema,
  IntegrationSettingsSchema,
  SellerProductsAnswerSchema,
  SellerProductSyncAnswerSchema,
  SellerProductSyncSchema,
  SellerShopClaimAnswerSchema,
  SellerShopClaimedSchema,
  SellerShopClaimSchema,
  SellerShopConnectAnswerSchema,
  SellerShopConnectSchema,
} from '#shared/schemas/integrations';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { startCatalogSync } from './catalog-sync.ts';
import { claimSellerShop, connectSellerShop, listSellerProducts, peekSellerClaim, syncSellerProduct } from './seller-shop.ts';
import { connectIntegration, disconnectIntegration, getIntegrationKeys, saveIntegrationSettings } from './integration-keys.ts';

const tags = ['integrations'];
const config = { policy: 'user', feature: 'integrations' } as const;

export function registerIntegrationRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/integrations/keys',
    {
      config,
      schema: {
        tags,
        summary: "The caller's vendor's shop connection (never the key) and its last sync",
        response: { 200: IntegrationKeysAnswerSchema },
      },
    },
    async (request) => getIntegrationKeys(ctx, requireAuth(request)),
  );
  app.post(
    '/api/integrations/keys',
    {
      config,
      schema: {
        tags,
        summary:
          'Connect the vendor’s PrestaShop shop: the webservice key is checked with the shop, stored encrypted, and the admins are told',
        body: IntegrationConnectSchema,
        response: { 200: IntegrationKeysAnswerSchema },
      },
    },
    async (request) => connectIntegration(ctx, requireAuth(request), request.body),
  );
  app.put(
    '/api/integrations/keys',
    {
      config,
      schema: {
        tags,
        summary: 'How imported prices are made (× additionalFactor + additionalCost) and what a sync leaves alone',
        body: IntegrationSettingsSchema,
        response: { 200: IntegrationKeysAnswerSchema },
      },
    },
    async (request) => saveIntegrationSettings(ctx, requireAuth(request), request.body),
  );
  app.delete(
    '/api/integrations/keys',
    {
      config,
      schema: {
        tags,
        summary: 'Disconnect the shop and forget its key (imported products stay)',
        response: { 200: IntegrationKeysAnswerSchema },
      },
    },
    async (request) => disconnectIntegration(ctx, requireAuth(request)),
  );
  app.post(
    '/api/integrations/prestashop/sync',
    {
      config,
      schema: {
        tags,
        summary: 'Import the shop’s products (a resumable job; follow it with GET integrations/keys)',
        response: { 200: CatalogSyncSchema, 202: CatalogSyncSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await startCatalogSync(ctx, requireAuth(request))),
  );

  app.post(
    '/api/integrations/shopify/connect',
    {
      config,
      schema: {
        tags,
        summary: 'Start connecting the vendor’s own platform shop: answers the authorize URL (the callback makes the shop this vendor’s)',
        body: SellerShopConnectSchema,
        response: { 200: SellerShopConnectAnswerSchema },
      },
    },
    async (request) => connectSellerShop(ctx, requireAuth(request), request.body.shop),
  );
  app.get(
    '/api/integrations/shopify/claim',
    {
      config,
      schema: {
        tags,
        summary: 'The shop a claim is for: a platform shop approved from the platform, waiting for its vendor',
        querystring: SellerShopClaimSchema,
        response: { 200: SellerShopClaimAnswerSchema },
      },
    },
    async (request) => peekSellerClaim(ctx, requireAuth(request), request.query.claim),
  );
  app.post(
    '/api/integrations/shopify/claim',
    {
      config,
      schema: {
        tags,
        summary: 'Make the claimed platform shop the signed-in vendor’s (the claim is used up; a shop another vendor has is refused)',
        body: SellerShopClaimSchema,
        response: { 200: SellerShopClaimedSchema },
      },
    },
    async (request) => claimSellerShop(ctx, requireAuth(request), request.body.claim),
  );
  app.get(
    '/api/integrations/shopify/products',
    {
      config,
      schema: {
        tags,
        summary: 'The vendor’s own platform shop: its products and the links between them and ours',
        response: { 200: SellerProductsAnswerSchema },
      },
    },
    async (request) => listSellerProducts(ctx, requireAuth(request)),
  );
  app.post(
    '/api/integrations/products/sync',
    {
      config,
      schema: {
        tags,
        summary: 'Import (or update) one product of the vendor’s own platform shop',
        body: SellerProductSyncSchema,
        response: { 200: SellerProductSyncAnswerSchema },
      },
    },
    async (request) => syncSellerProduct(ctx, requireAuth(request), request.body.productId),
  );
}
