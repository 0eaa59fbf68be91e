import { and, eq, isNotNull, ne, or } from 'drizzle-orm';
import { PLATFORM_MESSAGES } from '#shared/schemas/integrations';
import { lockUntilCommit } from '#server/db/advisory-lock';
import type { Db } from '#server/db/client';
import { vendorPlatformShops } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';

export interface SellerShopOwner {
  storeId: string;
  vendorId: string;
}

/** The vendor (in any store) a seller shop is connected to, if any. */
export async function ownerOfShop(db: Db, shop: string): Promise<SellerShopOwner | undefined> {
  const [row] = await db
    .select({ storeId: vendorPlatformShops.storeId, vendorId: vendorPlatformShops.vendorId })
    .from(vendorPlatformShops)
    .where(and(eq(vendorPlatformShops.shop, shop), isNotNull(vendorPlatformShops.connectedAt)));
  return row;
}

/**
 * 409 when the shop is connected to another vendor, in this store or another: its token would
 * serve both, so a shop is one vendor's, and a vendor never takes over another's shop.
 */
export async function assertShopFree(db: Db, shop: string, owner: SellerShopOwner) {
  const [other] = await db
    .select({ vendorId: vendorPlatformShops.vendorId })
    .from(vendorPlatformShops)
    .where(
      and(
        eq(vendorPlatformShops.shop, shop),
        isNotNull(vendorPlatformShops.connectedAt),
        or(ne(vendorPlatformShops.storeId, owner.storeId), ne(vendorPlatformShops.vendorId, owner.vendorId)),
      ),
    );
  if (other) throw new AppError('conflict', PLATFORM_MESSAGES.shopTaken);
}

/**
 * Makes the shop the vendor's (replacing the vendor's earlier shop, one a vendor), in the caller's
 * transaction; the check and the write are locked per shop until it ends, so two vendors claiming
 * one shop at once give one owner.
 */
export async function connectShopToVendor(tx: Db, shop: string, owner: SellerShopOwner, now: Date) {
  await lockUntilCommit(tx, `seller-shop:${shop}`);
  await assertShopFree(tx, shop, owner);
  await tx
    .insert(vendorPlatformShops)
    .values({ ...owner, shop, pendingState: null, connectedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [vendorPlatformShops.vendorId, vendorPlatformShops.storeId],
      set: { shop, pendingState: null, connectedAt: now, updatedAt: now },
    });
}
