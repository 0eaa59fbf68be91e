import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { PLATFORM_MESSAGES, type SellerProductsAnswer } from '#shared/schemas/integrations';
import type { AppContext } from '#server/context';
import { externalProductLinks, platformInstallations, productVariants, products, vendorPlatformShops } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { getEncryption } from '#server/lib/encryption';
import { createOrUpdateProduct, loadProductRules, variantOut } from '../products/index.ts';
import {
  assertShopFree,
  connectShopToVendor,
  consumeSellerClaim,
  createOAuthState,
  findSellerClaim,
  requirePlatform,
} from '../platform-auth/index.ts';
import { vendorOf } from './integration-scope.ts';

const SOURCE = 'shopify' as const;
const PRODUCT_FIELDS = `id title status descriptionHtml
  options { name values }
  images(first: 20) { nodes { url altText } }
  variants(first: 100) { nodes { sku price inventoryQuantity selectedOptions { name value } } }`;
/** The platform's largest page; the list asks only what the screen shows, so a full page stays far below the query cost limit. */
const PRODUCTS_PAGE = 250;
/** A bound on one listing (50,000 products): a request never pages without end. */
const MAX_PRODUCT_PAGES = 200;
export const SELLER_PRODUCTS_QUERY = `query SellerProducts($first: Int!, $after: String) {
  products(first: $first, after: $after) { nodes { id title status variantsCount { count } } pageInfo { hasNextPage endCursor } }
}`;
export const SELLER_PRODUCT_QUERY = `query SellerProduct($productId: ID!) { product(id: $productId) { ${PRODUCT_FIELDS} } }`;

interface SellerProduct {
  id: string;
  title: string;
  status: string;
  descriptionHtml: string;
  options: { name: string; values: string[] }[];
  images: { nodes: { url: string; altText: string | null }[] };
  variants: {
    nodes: { sku: string | null; price: string; inventoryQuantity: number | null; selectedOptions: { name: string; value: string }[] }[];
  };
}

interface SellerProductPage {
  products: {
    nodes: { id: string; title: string; status: string; variantsCount: { count: number } | null }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

/**
 * POST integrations/shopify/connect: the vendor starts authorizing its own platform shop. The state
 * is kept with the vendor, so the platform's callback (which brings it back) makes the shop this
 * vendor's and no one else's. A shop another vendor has is refused here (409) and again at the callback.
 */
export async function connectSellerShop(ctx: AppContext, auth: AuthContext, shop: string) {
  const vendorId = vendorOf(auth);
  const { apiKey, scopes } = requirePlatform(ctx.config, 'shopify');
  const domain = shop.toLowerCase();
  await assertShopFree(ctx.db, domain, { storeId: auth.storeId, vendorId });
  const state = await createOAuthState(ctx, domain, 'seller');
  await ctx.db
    .insert(vendorPlatformShops)
    .values({ storeId: auth.storeId, vendorId, shop: domain, pendingState: state, updatedAt: ctx.now() })
    .onConflictDoUpdate({
      target: [vendorPlatformShops.vendorId, vendorPlatformShops.storeId],
      set: { shop: domain, pendingState: state, connectedAt: null, updatedAt: ctx.now() },
    });
  return {
    url: ctx.oauth.authorizeUrl({
      shop: domain,
      clientId: apiKey,
      scope: scopes,
      redirectUri: `${ctx.config.publicUrl}/api/auth/shopify/confirm`,
      state,
    }),
  };
}

/** GET integrations/shopify/claim: which shop a claim (from the platform-started authorization) is for; 404 when unusable. */
export async function peekSellerClaim(ctx: AppContext, auth: AuthContext, claim: string) {
  vendorOf(auth);
  const found = await findSellerClaim(ctx.db, claim, ctx.now());
  if (!found) throw notFound(PLATFORM_MESSAGES.claimInvalid);
  return { shop: found.shop, expiresAt: found.expiresAt.toISOString() };
}

/**
 * POST integrations/shopify/claim: the signed-in vendor takes the shop a claim is for. The claim is
 * used up in the same transaction (once only, whoever tries again gets 404); a shop another vendor
 * has stays that vendor's (409, the claim left unused).
 */
export async function claimSellerShop(ctx: AppContext, auth: AuthContext, claim: string) {
  const owner = { storeId: auth.storeId, vendorId: vendorOf(auth) };
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const shop = await consumeSellerClaim(tx, claim, now);
    if (!shop) throw notFound(PLATFORM_MESSAGES.claimInvalid);
    await connectShopToVendor(tx, shop, owner, now);
    return { shop };
  });
}

/** The Admin GraphQL client of the vendor's connected platform shop, or null when it has none. */
async function sellerClient(ctx: AppContext, storeId: string, vendorId: string) {
  const [row] = await ctx.db
    .select({ shop: vendorPlatformShops.shop, token: platformInstallations.accessTokenEnc })
    .from(vendorPlatformShops)
    .innerJoin(
      platformInstallations,
      and(eq(platformInstallations.shop, vendorPlatformShops.shop), eq(platformInstallations.kind, 'seller')),
    )
    .where(
      and(eq(vendorPlatformShops.storeId, storeId), eq(vendorPlatformShops.vendorId, vendorId), isNotNull(vendorPlatformShops.connectedAt)),
    );
  if (!row) return null;
  const accessToken = (await getEncryption(ctx.db)).decrypt(row.token, row.shop);
  return { client: ctx.storefront.adminClient(row.shop, accessToken), shop: row.shop };
}

/** GET integrations/shopify/products: the vendor's platform shop's products and the links between them and ours. */
export async function listSellerProducts(ctx: AppContext, auth: AuthContext): Promise<SellerProductsAnswer> {
  const vendorId = vendorOf(auth);
  const seller = await sellerClient(ctx, auth.storeId, vendorId);
  const available = !!ctx.config.shopify.apiKey && !!ctx.config.shopify.apiSecret;
  if (!seller) return { available, shop: null, products: [], links: [] };
  const listed: { id: string; title: string; status: string; variants: number }[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PRODUCT_PAGES; page++) {
    const answer: SellerProductPage = await seller.client.request<SellerProductPage>(SELLER_PRODUCTS_QUERY, {
      first: PRODUCTS_PAGE,
      after,
    });
    listed.push(
      ...answer.products.nodes.map((p) => ({ id: p.id, title: p.title, status: p.status, variants: p.variantsCount?.count ?? 0 })),
    );
    if (!answer.products.pageInfo.hasNextPage || !answer.products.pageInfo.endCursor) break;
    after = answer.products.pageInfo.endCursor;
  }
  const links = await ctx.db
    .select({ platformProductId: externalProductLinks.externalId, productId: externalProductLinks.productId, title: products.title })
    .from(externalProductLinks)
    .innerJoin(products, and(eq(products.storeId, externalProductLinks.storeId), eq(products.id, externalProductLinks.productId)))
    .where(
      and(
        eq(externalProductLinks.storeId, auth.storeId),
        eq(externalProductLinks.vendorId, vendorId),
        eq(externalProductLinks.source, SOURCE),
      ),
    );
  return {
    available,
    shop: seller.shop,
    products: listed,
    links,
  };
}

/**
 * POST integrations/products/sync: imports one product of the vendor's platform shop, or updates
 * the one it became (external_product_links), through the same save as products made by hand (the
 * store's approval rules apply). What the platform does not say (SEO, metafields, dimensions) stays.
 */
export async function syncSellerProduct(ctx: AppContext, auth: AuthContext, platformProductId: string) {
  const vendorId = vendorOf(auth);
  const seller = await sellerClient(ctx, auth.storeId, vendorId);
  if (!seller) throw new AppError('conflict', PLATFORM_MESSAGES.notConnected);
  const { product } = await seller.client.request<{ product: SellerProduct | null }>(SELLER_PRODUCT_QUERY, {
    productId: platformProductId,
  });
  if (!product) throw notFound(PLATFORM_MESSAGES.productNotFound);
  const rules = await loadProductRules(ctx.db, auth.storeId);
  const scope = and(
    eq(externalProductLinks.storeId, auth.storeId),
    eq(externalProductLinks.vendorId, vendorId),
    eq(externalProductLinks.source, SOURCE),
  );
  const [link] = await ctx.db
    .select()
    .from(externalProductLinks)
    .where(and(scope, eq(externalProductLinks.externalId, product.id)));
  const [stored] = link
    ? await ctx.db
        .select()
        .from(products)
        .where(and(eq(products.storeId, auth.storeId), eq(products.vendorId, vendorId), inArray(products.id, [link.productId])))
    : [];
  const storedVariants = stored
    ? (
        await ctx.db
          .select()
          .from(productVariants)
          .where(and(eq(productVariants.storeId, auth.storeId), eq(productVariants.productId, stored.id)))
      ).map((v) => variantOut(v, rules.decimals))
    : [];
  const free = new Set(storedVariants);
  const optionNames = product.options.filter((o) => o.name !== 'Title' || o.values.join() !== 'Default Title');
  const input = {
    ...(stored
      ? { id: stored.id, seo: stored.seo, metafields: stored.metafields }
      : { status: product.status === 'ACTIVE' ? ('ACTIVE' as const) : ('DRAFT' as const) }),
    title: product.title,
    bodyHtml: product.descriptionHtml,
    options: optionNames,
    media: product.images.nodes.map((image) => ({ src: image.url, alt: image.altText ?? '', contentType: 'IMAGE' as const })),
    variants: product.variants.nodes.map((v) => {
      const values = optionNames.length ? v.selectedOptions.map((o) => o.value) : [];
      const old = [...free].find((s) => (v.sku && s.sku === v.sku) || s.options.join('|') === values.join('|'));
      if (old) free.delete(old);
      return {
        ...(old
          ? {
              id: old.id,
              dimensions: old.dimensions,
              localPickup: old.localPickup,
              metafields: old.metafields,
              media: old.media,
              compareAt: old.compareAt,
              weight: old.weight,
              weightUnit: old.weightUnit,
            }
          : {}),
        sku: v.sku ?? '',
        price: v.price,
        trackStock: v.inventoryQuantity !== null,
        stock: v.inventoryQuantity ?? 0,
        options: values,
      };
    }),
  };
  const result = await createOrUpdateProduct(ctx, auth, input, { rules });
  await ctx.db
    .insert(externalProductLinks)
    .values({ storeId: auth.storeId, vendorId, source: SOURCE, externalId: product.id, productId: result.productId, digest: '' })
    .onConflictDoUpdate({
      target: [externalProductLinks.vendorId, externalProductLinks.source, externalProductLinks.externalId, externalProductLinks.storeId],
      set: { productId: result.productId, updatedAt: ctx.now() },
    });
  return { productId: result.productId, created: result.created, changed: result.changed };
}
