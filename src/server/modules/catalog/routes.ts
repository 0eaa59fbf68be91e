import { z } from 'zod';
import {
  CatalogAnswerSchema,
  CatalogQuerySchema,
  PopulateQuerySchema,
  PopulateV2QuerySchema,
  PopulateVendorQuerySchema,
  PublicCatalogAnswerSchema,
  PublicCatalogQuerySchema,
  PublicProductSchema,
} from '#shared/schemas/products';
import { PublicVendorPageSchema } from '#shared/schemas/vendor-page';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { getVendorByName } from '../vendors/index.ts';
import { isUuid } from '#server/lib/is-uuid';
import { resolvePublicStore } from '../stores/index.ts';
import { findPublicProducts, listCatalog, listPublicProducts } from './list-catalog.ts';
import { renderVendorFragment } from './render-vendor-fragment.ts';
import { readPublicVendorPage } from '../vendor-page/index.ts';

/** Storefront pages call these on every view: per-address limit (429 after), short public caching. */
export const CATALOG_RATE_LIMIT = { max: 300, timeWindow: '1 minute' } as const;
const PUBLIC_CACHE = 'public, max-age=60';
const TAGS = ['catalog'];

export function registerCatalogRoutes(app: App, ctx: AppContext) {
  const storeOf = (request: { hostname: string }, named: string | undefined) => resolvePublicStore(ctx, named, request.hostname);
  /** Public, read-only, credential-free data: any storefront origin may read it. */
  const publicHeaders = (reply: { header(name: string, value: string): unknown }) => {
    reply.header('cache-control', PUBLIC_CACHE);
    reply.header('access-control-allow-origin', '*');
  };

  app.get(
    '/api/catalog',
    {
      config: { policy: 'user', feature: 'catalog' },
      schema: {
        tags: TAGS,
        summary: "The store's approved, active products for pickers (25, searched with q)",
        querystring: CatalogQuerySchema,
        response: { 200: CatalogAnswerSchema },
      },
    },
    async (request) => listCatalog(ctx, requireAuth(request), request.query.q || undefined),
  );

  app.get(
    '/api/public/catalog',
    {
      config: { policy: 'public', feature: 'catalog', rateLimit: CATALOG_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Approved, active products: by product id(s), or a vendor name, or the newest of the store; in a language with locale',
        querystring: PublicCatalogQuerySchema,
        response: { 200: PublicCatalogAnswerSchema },
      },
    },
    async (request, reply) => {
      const { store: named, id, after, first, locale } = request.query;
      const store = await storeOf(request, named);
      publicHeaders(reply);
      const ids = (id ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length > 0 && ids.every(isUuid)) {
        const products = await findPublicProducts(ctx, store.id, { ids: ids.slice(0, first) }, locale);
        return { products, pageInfo: { hasNextPage: false, endCursor: null } };
      }
      const vendorId = id ? (await getVendorByName(ctx.db, store.id, id)).id : null;
      return listPublicProducts(ctx, store.id, vendorId, { after, first, locale });
    },
  );

  app.get(
    '/api/storefront/populate',
    {
      config: { policy: 'public', rateLimit: CATALOG_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Marketplace data (vendor, prices, variants) of the products a storefront page shows, by handle',
        querystring: PopulateQuerySchema,
        response: { 200: z.object({ products: z.array(PublicProductSchema) }) },
      },
    },
    async (request, reply) => {
      const store = await storeOf(request, request.query.store);
      publicHeaders(reply);
      return { products: await findPublicProducts(ctx, store.id, { handles: request.query.handles }) };
    },
  );

  app.get(
    '/api/storefront/populate/v2',
    {
      config: { policy: 'public', rateLimit: CATALOG_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'The same by product ids and/or handles, as a map keyed by handle',
        querystring: PopulateV2QuerySchema,
        response: { 200: z.object({ products: z.record(z.string(), PublicProductSchema) }) },
      },
    },
    async (request, reply) => {
      const store = await storeOf(request, request.query.store);
      publicHeaders(reply);
      const found = await findPublicProducts(ctx, store.id, { ids: request.query.ids, handles: request.query.handles });
      return { products: Object.fromEntries(found.map((p) => [p.handle, p])) };
    },
  );

  app.get(
    '/api/storefront/populate/vendor',
    {
      config: { policy: 'public', rateLimit: CATALOG_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary:
          "A vendor's approved page (null when none is, or vendor pages are off) and approved, active products for a storefront widget: JSON with json=true, else an HTML fragment",
        querystring: PopulateVendorQuerySchema,
        produces: ['application/json', 'text/html'],
        response: {
          200: z.union([
            PublicCatalogAnswerSchema.extend({ vendor: z.string(), page: PublicVendorPageSchema.nullable() }),
            z.string().describe('text/html fragment'),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { store: named, vendor: name, json, after, first } = request.query;
      const store = await storeOf(request, named);
      const vendor = await getVendorByName(ctx.db, store.id, name);
      const [list, page] = await Promise.all([
        listPublicProducts(ctx, store.id, vendor.id, { after, first }),
        readPublicVendorPage(ctx.db, store.id, vendor.id),
      ]);
      publicHeaders(reply);
      if (json === 'true' || json === '1') return { vendor: vendor.name, page, ...list };
      return reply
        .type('text/html; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .send(renderVendorFragment(vendor.name, list.products, page));
    },
  );
}
