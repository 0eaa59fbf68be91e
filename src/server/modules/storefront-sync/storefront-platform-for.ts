import type { AppContext } from '#server/context';
import type { StorefrontPlatform } from '#server/adapters/storefront/types';

export interface ResolvedPlatform {
  platform: StorefrontPlatform;
  /** The platform shop, null for the built-in storefront. */
  shop: string | null;
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
  const admin = await ctx.marketplaceAdmin(storeId);
  if (!admin) return { platform: ctx.storefront.products(null, async () => null), shop: null };
  return { platform: ctx.storefront.products(admin.client, (productId) => platformIdOf(productId, admin.shop)), shop: admin.shop };
}
