import type { Config } from '#server/config';
import { createLocalDiscounts } from './local/local-discounts.ts';
import { createLocalStorefront } from './local/local-storefront.ts';
import { createAdminGraphqlClient, type AdminGraphqlClient } from './shopify/admin-graphql.ts';
import { createShopifyBilling } from './shopify/app-billing.ts';
import { createShopifyDiscounts } from './shopify/discount-codes.ts';
import { baseUrlFromTemplate } from './shopify/oauth-client.ts';
import { createShopifyStorefront } from './shopify/shopify-storefront.ts';
import { createShopifyTranslations } from './shopify/translations.ts';
import { createShopifyVendorPages } from './shopify/vendor-collections.ts';
import type { StorefrontDiscounts, StorefrontPlatform } from './types.ts';

/** How the platform's Admin API is reached and how its client waits between retries (tests do not wait). */
export interface PlatformDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The storefronts a store sells on, made by app.ts once: a platform shop's Admin API client (its API
 * version and admin origin from the configuration; SHOPIFY_ADMIN_BASE_URL points it at a fake) and what
 * is spoken through it, or our own catalog for a store without a platform shop. Modules find the shop
 * and its token; the clients are made here, so a test or another deployment swaps them in one place.
 */
export interface StorefrontAdapters {
  /** The Admin GraphQL client of one platform shop. */
  adminClient(shop: string, accessToken: string): AdminGraphqlClient;
  /** Where products are published: the platform shop through its client, or our own catalog (null). */
  products(client: AdminGraphqlClient | null, platformIdOf: (productId: string) => Promise<string | null>): StorefrontPlatform;
  /** Where discounts are copied: the platform shop through its client, or nowhere for our own checkout (null). */
  discounts(client: AdminGraphqlClient | null): StorefrontDiscounts;
  /** Products' translations on the platform shop. */
  translations(client: AdminGraphqlClient): ReturnType<typeof createShopifyTranslations>;
  /** Vendors' pages as collections on the platform shop. */
  vendorPages(client: AdminGraphqlClient): ReturnType<typeof createShopifyVendorPages>;
  /** The platform's billing of our app. */
  billing(client: AdminGraphqlClient): ReturnType<typeof createShopifyBilling>;
}

export function createStorefrontAdapters(config: Config, deps: PlatformDeps = {}): StorefrontAdapters {
  const baseUrlFor = baseUrlFromTemplate(config.shopify.adminBaseUrl);
  return {
    adminClient: (shop, accessToken) =>
      createAdminGraphqlClient({
        shop,
        accessToken,
        apiVersion: config.shopify.apiVersion,
        baseUrlFor,
        fetch: deps.fetch,
        sleep: deps.sleep,
      }),
    products: (client, platformIdOf) => (client ? createShopifyStorefront({ client, platformIdOf }) : createLocalStorefront()),
    discounts: (client) => (client ? createShopifyDiscounts(client) : createLocalDiscounts()),
    translations: createShopifyTranslations,
    vendorPages: createShopifyVendorPages,
    billing: createShopifyBilling,
  };
}
