import type { AppContext } from '#server/context';
import type { AuthContext } from '#server/http/policy';
import { StorefrontSyncError } from '#server/adapters/storefront/types';
import type { ShopInfo } from '#shared/schemas/app-info';

export const SHOP_INFO_QUERY = `query ShopInfo {
  locations(first: 50) { nodes { id name } }
  publications(first: 50) { nodes { id name } }
  shopLocales { locale primary published }
}`;
export const DRAFT_ORDERS_COUNT_QUERY = `query DraftOrdersCount { draftOrdersCount { count } }`;

interface ShopInfoAnswer {
  locations: { nodes: { id: string; name: string }[] };
  publications: { nodes: { id: string; name: string }[] };
  shopLocales: { locale: string; primary: boolean; published: boolean }[];
}

/** GET app/info/shop of a store installed on the platform: its real locations, sales channels and languages. */
export async function platformShopInfo(ctx: AppContext, storeId: string): Promise<ShopInfo | null> {
  const admin = await ctx.marketplaceAdmin(storeId);
  if (!admin) return null;
  const answer = await admin.client.request<ShopInfoAnswer>(SHOP_INFO_QUERY);
  return { locations: answer.locations.nodes, publications: answer.publications.nodes, locales: answer.shopLocales };
}

/**
 * draftOrders of GET app/status: the platform shop's draft orders (the marketplace's, so admins in
 * the marketplace view only). The shell asks on every page: a platform that cannot be reached
 * leaves the count at 0 rather than failing the whole status.
 */
export async function countDraftOrders(ctx: AppContext, auth: AuthContext) {
  if (!auth.isAdmin || auth.vendorId) return {};
  const admin = await ctx.marketplaceAdmin(auth.storeId);
  if (!admin) return {};
  try {
    const answer = await admin.client.request<{ draftOrdersCount: { count: number } }>(DRAFT_ORDERS_COUNT_QUERY);
    return { draftOrders: answer.draftOrdersCount.count };
  } catch (error) {
    if (!(error instanceof StorefrontSyncError)) throw error;
    return {};
  }
}
