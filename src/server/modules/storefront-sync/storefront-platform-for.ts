import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { platformInstallations } from '#server/db/schema/index';
import { getEncryption } from '#server/lib/encryption';
import { StorefrontSyncError, type StorefrontPlatform } from '#server/adapters/storefront/types';
import { createLocalStorefront } from '#server/adapters/storefront/local/local-storefront';
import { createAdminGraphqlClient, type AdminGraphqlClient } from '#server/adapters/storefront/shopify/admin-graphql';
import { createShopifyStorefront } from '#server/adapters/storefront/shopify/shopify-storefront';
import { baseUrlFromTemplate } from '#server/adapters/storefront/shopify/oauth-client';

export interface ResolvedPlatform {
  platform: StorefrontPlatform;
  /** The platform shop, null for the built-in storefront. */
  shop: string | null;
}

/**
 * The Admin GraphQL client of the platform shop that installed the app as this marketplace (a
 * `marketplace` installation with its access token), null when the store sells on our own catalog.
 */
export async function marketplaceAdminClient(
  ctx: AppContext,
  storeId: string,
): Promise<{ client: AdminGraphqlClient; shop: string } | null> {
  const [install] = await ctx.db
    .select({ shop: platformInstallations.shop, accessTokenEnc: platformInstallations.accessTokenEnc })
    .from(platformInstallations)
    .where(and(eq(platformInstallations.storeId, storeId), eq(platformInstallations.kind, 'marketplace')))
    .orderBy(desc(platformInstallations.updatedAt))
    .limit(1);
  if (!install?.accessTokenEnc) return null;
  let accessToken: string;
  try {
    accessToken = (await getEncryption(ctx.db)).decrypt(install.accessTokenEnc, install.shop);
  } catch {
    throw new StorefrontSyncError(`The access token of ${install.shop} cannot be read; install the app on the shop again`, false);
  }
  const client = createAdminGraphqlClient({
    shop: install.shop,
    accessToken,
    apiVersion: ctx.config.shopify.apiVersion,
    baseUrlFor: baseUrlFromTemplate(ctx.config.shopify.adminBaseUrl),
    fetch: ctx.platform.fetch,
    sleep: ctx.platform.sleep,
  });
  return { client, shop: install.shop };
}

/**
 * The storefront a store sells on: the platform shop that installed the app as this marketplace,
 * else our own catalog. Vendors' own shops (`seller` installations) are where products come from,
 * never where they are published.
 */
export async function storefrontPlatformFor(
  ctx: AppContext,
  storeId: string,
  platformIdOf: (productId: string, shop: string) => Promise<string | null>,
): Promise<ResolvedPlatform> {
  const admin = await marketplaceAdminClient(ctx, storeId);
  if (!admin) return { platform: createLocalStorefront(), shop: null };
  return {
    platform: createShopifyStorefront({ client: admin.client, platformIdOf: (productId) => platformIdOf(productId, admin.shop) }),
    shop: admin.shop,
  };
}
