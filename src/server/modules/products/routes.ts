import { z } from 'zod';
import {
  ExportStartedSchema,
  PRODUCT_ACTIONS,
  ProductBulkAnswerSchema,
  ProductBulkBodySchema,
  ProductActionAnswerSchema,
  ProductActionBodySchema,
  ProductDetailAnswerSchema,
  ProductListAnswerSchema,
  ProductListQuerySchema,
  ProductLogsAnswerSchema,
  PutProductBodySchema,
  SaveProductAnswerSchema,
  TranslationsAnswerSchema,
  TranslationsPatchSchema,
  TranslationsQuerySchema,
  TranslationsSavedSchema,
} from '#shared/schemas/products';
import {
  ProductRevisionAnswerSchema,
  REVISION_ACTIONS,
  RevisionActionAnswerSchema,
  RevisionActionBodySchema,
  RevisionListAnswerSchema,
  RevisionListQuerySchema,
} from '#shared/schemas/product-revisions';
import type { AppContext } from '#server/context';
import { AppError } from '#server/http/errors';
import { fastSerializerCompiler } from '#server/http/fast-serializer';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { applyProductAction } from './decide-product.ts';
import { bulkProducts } from './bulk-products.ts';
import { PRODUCT_EXPORT, startProductExport } from './export-products.ts';
import { EXPORT_RATE_LIMIT, registerExportRoutes } from '../exports/index.ts';
import { getProduct } from './get-product.ts';
import { listProducts } from './list-products.ts';
import { listProductLogs } from './product-logs.ts';
import { getProductTranslations, saveProductTranslations } from './product-translations.ts';
import { createOrUpdateProduct } from './save-product.ts';
import { decideRevision } from './decide-revision.ts';
import { getProductRevision, listRevisions } from './read-revisions.ts';

const tags = ['products'];
const ProductIdParams = z.object({ productId: z.string().max(100) });

/** Errors of the product object are answered at their payload path (product.title, product.variants.0.price). */
async function withProductPaths<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.errors) {
      throw new AppError(
        error.code,
        error.message,
        error.errors.map((e) => ({ ...e, path: e.path ? `product.${e.path}` : 'product' })),
      );
    }
    throw error;
  }
}

export function registerProductRoutes(app: App, ctx: AppContext) {
  app.put(
    '/api/products-v2',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: 'Create (no id) or update a product; a vendor saves its own, an admin in the marketplace view names the vendor',
        body: PutProductBodySchema,
        response: { 200: SaveProductAnswerSchema },
      },
    },
    async (request) => {
      const { productId, handle } = await withProductPaths(createOrUpdateProduct(ctx, requireAuth(request), request.body.product));
      return { productId, handle };
    },
  );

  app.get(
    '/api/products-v2',
    {
      config: { policy: 'user', readAhead: true },
      schema: {
        tags,
        summary: 'Products of the caller (keyset pages: after/before cursors), with a count capped at 10,000',
        querystring: ProductListQuerySchema,
        response: { 200: ProductListAnswerSchema },
      },
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => listProducts(ctx, requireAuth(request), request.query),
  );

  app.get(
    '/api/products-v2/revisions',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "Edits of live products waiting for review, oldest first (an admin's store, a vendor's own)",
        querystring: RevisionListQuerySchema,
        response: { 200: RevisionListAnswerSchema },
      },
    },
    async (request) => listRevisions(ctx, requireAuth(request), request.query.page),
  );

  app.get(
    '/api/products-v2/:productId/revision',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: 'The live product beside its pending revision with the field-by-field changes, and the last rejected revision',
        params: ProductIdParams,
        response: { 200: ProductRevisionAnswerSchema },
      },
    },
    async (request) => getProductRevision(ctx, requireAuth(request), request.params.productId),
  );

  app.patch(
    '/api/product-v2/:productId/revision/:action',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "Approve or reject (admins, with a note) a product's pending revision, or withdraw it (its vendor)",
        params: ProductIdParams.extend({ action: z.enum(REVISION_ACTIONS, { error: 'Unknown action' }) }),
        body: RevisionActionBodySchema,
        response: { 200: RevisionActionAnswerSchema },
      },
    },
    async (request) => decideRevision(ctx, requireAuth(request), request.params.productId, request.params.action, request.body?.note),
  );

  app.get(
    '/api/products-v2/:productId',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: 'A product with its variants, metafields and translation status',
        params: ProductIdParams,
        response: { 200: ProductDetailAnswerSchema },
      },
    },
    async (request) => ({ product: await getProduct(ctx, requireAuth(request), request.params.productId) }),
  );

  app.patch(
    '/api/product-v2/:productId/:action',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: 'Approve, unapprove (admins; vendors with autoApprove) or delete (admins) a product, with an optional note',
        params: ProductIdParams.extend({ action: z.enum(PRODUCT_ACTIONS, { error: 'Unknown action' }) }),
        body: ProductActionBodySchema,
        response: { 200: ProductActionAnswerSchema },
      },
    },
    async (request) => applyProductAction(ctx, requireAuth(request), request.params.productId, request.params.action, request.body?.note),
  );

  app.post(
    '/api/products-v2/bulk',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary:
          'One action (approve, unapprove, delete, activate, draft) on chosen products or on every product a list filter matches; many are changed by a job',
        body: ProductBulkBodySchema,
        response: { 200: ProductBulkAnswerSchema },
      },
    },
    async (request) => bulkProducts(ctx, requireAuth(request), request.body),
  );

  app.get(
    '/api/products/:productId/translations',
    {
      config: { policy: 'user', feature: 'translations' },
      schema: {
        tags,
        summary: 'The translatable texts of a product in one locale, with their digests and outdated flags',
        params: ProductIdParams,
        querystring: TranslationsQuerySchema,
        response: { 200: TranslationsAnswerSchema },
      },
    },
    async (request) => getProductTranslations(ctx, requireAuth(request), request.params.productId, request.query.locale),
  );

  app.patch(
    '/api/products/:productId/translations',
    {
      config: { policy: 'user', feature: 'translations' },
      schema: {
        tags,
        summary: 'Save translations (an empty value removes one)',
        params: ProductIdParams,
        body: TranslationsPatchSchema,
        response: { 200: TranslationsSavedSchema },
      },
    },
    async (request) => saveProductTranslations(ctx, requireAuth(request), request.params.productId, request.body),
  );

  app.get(
    '/api/logs/product/:productId',
    {
      config: { policy: 'user', feature: 'auditLogs' },
      schema: {
        tags,
        summary: "A product's change log, newest first (at most 200 entries)",
        params: ProductIdParams,
        response: { 200: ProductLogsAnswerSchema },
      },
    },
    async (request) => listProductLogs(ctx, requireAuth(request), request.params.productId),
  );

  app.post(
    '/api/products/export',
    {
      config: { policy: 'user', rateLimit: EXPORT_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Export the filtered product list as CSV, in the background; poll GET products/exports/{exportId}',
        querystring: ProductListQuerySchema,
        response: { 202: ExportStartedSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await startProductExport(ctx, requireAuth(request), request.query)),
  );

  registerExportRoutes(app, ctx, PRODUCT_EXPORT, tags);
}
