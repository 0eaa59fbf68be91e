import type { AppContext } from '#server/context';
import { appEvents } from '#server/db/schema/index';
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

/** Areas that own the counted rows (products, orders, conversations) register how to count them. */
export type StatusCounter = (ctx: AppContext, auth: AuthContext) => Promise<Partial<StatusCounts>>;
const counters: StatusCounter[] = [];

export function addStatusCounter(counter: StatusCounter) {
  counters.push(counter);
}

/** Counters and flags the shell shows, scoped to the caller's store and vendor. */
export async function getAppStatus(ctx: AppContext, auth: AuthContext) {
  const settings = await readStoreSettings(ctx.db, auth.storeId);
  const counts: StatusCounts = { activeProducts: 0, draftProducts: 0, orders: 0, draftOrders: 0, missedMessages: 0 };
  for (const partial of await Promise.all(counters.map((count) => count(ctx, auth)))) Object.assign(counts, partial);
  return {
    ...counts,
    shouldUpdate: false,
    listingLimit: settings.membership.enabled ? settings.membership.products : null,
    // Identity verification for the support widget: the user's e-mail signed with an install secret.
    signature: hmacHex(ctx.uploadSecret, `${auth.storeId}:${auth.email}`),
    features: settings.features,
  };
}

export interface ShopInfo {
  locations: { id: string; name: string }[];
  publications: { id: string; name: string }[];
  locales: { locale: string; primary: boolean; published: boolean }[];
}

/** The store's platform shop as its platform describes it, or null when the store sells on the built-in storefront. */
export type ShopInfoSource = (ctx: AppContext, storeId: string) => Promise<ShopInfo | null>;
let shopInfoSource: ShopInfoSource = async () => null;

/** The area that speaks to the platform answers GET app/info/shop for stores installed on it. */
export function setShopInfoSource(source: ShopInfoSource) {
  shopInfoSource = source;
}
export const platformShopInfo = (ctx: AppContext, storeId: string) => shopInfoSource(ctx, storeId);

export async function trackEvent(ctx: AppContext, auth: AuthContext, event: string, properties: Record<string, unknown>) {
  await ctx.db.insert(appEvents).values({ storeId: auth.storeId, userId: auth.userId, event, properties });
}
