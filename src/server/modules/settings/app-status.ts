import type { ShopInfo } from '#shared/schemas/app-info';
import type { AppContext } from '#server/context';
import { and, eq } from 'drizzle-orm';
import { missingScopes } from '#server/adapters/storefront/shopify/index';
import { appEvents, platformInstallations } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { hmacHex } from '#server/lib/hashing';
import { readStoreSettings } from './store-settings.ts';

export interface StatusCounts {
  activeProducts: number;
  draftProducts: number;
  orders: number;
  draftOrders: number;
  missedMessages: number;
}

/** Areas that own the counted rows (products, orders, conversations) contribute how to count them. */
export type StatusCounter = (ctx: AppContext, auth: AuthContext) => Promise<Partial<StatusCounts>>;

/**
 * Whether the store's platform install was granted less than the app asks for now (a new version
 * asks for more): its admin must approve the app again before the new calls can work.
 */
async function lacksScopes(ctx: AppContext, storeId: string) {
  if (!ctx.config.shopify.apiKey) return false;
  const [installation] = await ctx.db
    .select({ scope: platformInstallations.scope })
    .from(platformInstallations)
    .where(and(eq(platformInstallations.storeId, storeId), eq(platformInstallations.kind, 'marketplace')));
  return !!installation && missingScopes(installation.scope, ctx.config.shopify.scopes).length > 0;
}

/** Counters and flags the shell shows, scoped to the caller's store and vendor. */
export async function getAppStatus(ctx: AppContext, auth: AuthContext) {
  const settings = await readStoreSettings(ctx.db, auth.storeId);
  const counts: StatusCounts = { activeProducts: 0, draftProducts: 0, orders: 0, draftOrders: 0, missedMessages: 0 };
  for (const partial of await Promise.all(ctx.contributions.statusCounters.map((count) => count(ctx, auth))))
    Object.assign(counts, partial);
  return {
    ...counts,
    shouldUpdate: await lacksScopes(ctx, auth.storeId),
    listingLimit: settings.membership.enabled ? settings.membership.products : null,
    // Identity verification for the support widget: the user's e-mail signed with an install secret.
    signature: hmacHex(ctx.uploadSecret, `${auth.storeId}:${auth.email}`),
    features: settings.features,
  };
}

/** The store's platform shop as its platform describes it, or null when the store sells on the built-in storefront. */
export type ShopInfoSource = (ctx: AppContext, storeId: string) => Promise<ShopInfo | null>;

/** The area that speaks to the platform answers GET app/info/shop for stores installed on it. */
export const platformShopInfo = async (ctx: AppContext, storeId: string) => (await ctx.contributions.shopInfo?.(ctx, storeId)) ?? null;

export async function trackEvent(ctx: AppContext, auth: AuthContext, event: string, properties: Record<string, unknown>) {
  await ctx.db.insert(appEvents).values({ storeId: auth.storeId, userId: auth.userId, event, properties });
}
