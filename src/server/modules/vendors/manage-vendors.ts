import { and, eq } from 'drizzle-orm';
import { VENDOR_MESSAGES, type RenameVendor, type VendorIdentity } from '#shared/schemas/vendors';
import type { AppContext } from '#server/context';
import { users, vendorOrders, vendors } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { findVendor, getVendorByName } from './find-vendor.ts';
import { inviteVendorUser } from './invite-vendor-user.ts';

/** POST vendors/{vendor}: an account (and invite) for a vendor that has none yet. */
export async function createVendorAccount(ctx: AppContext, storeId: string, vendorName: string, identity: VendorIdentity['identity']) {
  await ctx.db.transaction(async (tx) => {
    const vendor = await getVendorByName(tx, storeId, vendorName);
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.vendorId, vendor.id)));
    if (account) throw new AppError('conflict', VENDOR_MESSAGES.hasAccount);
    await inviteVendorUser(ctx, tx, { storeId, vendorId: vendor.id, vendorName: vendor.name, email: identity.email, name: identity.name });
  });
}

/**
 * PUT vendors/rename. Everything a vendor owns points at its id, so renaming is one row; the
 * transaction and the unique (store, name) index keep it atomic against a concurrent rename.
 */
export async function renameVendor(ctx: AppContext, storeId: string, input: RenameVendor) {
  await ctx.db.transaction(async (tx) => {
    const vendor = await getVendorByName(tx, storeId, input.oldVendor);
    if (await findVendor(tx, storeId, input.newVendor)) throw new AppError('conflict', VENDOR_MESSAGES.exists);
    await tx
      .update(vendors)
      .set({ name: input.newVendor })
      .where(and(eq(vendors.storeId, storeId), eq(vendors.id, vendor.id)));
  });
}

/**
 * DELETE vendors/{vendor}: the vendor and its accounts (their sessions end with them). A vendor
 * with orders stays: orders and payouts are financial records (409, nothing deleted).
 */
export async function deleteVendor(ctx: AppContext, storeId: string, vendorName: string) {
  await ctx.db.transaction(async (tx) => {
    const vendor = await getVendorByName(tx, storeId, vendorName);
    const [sold] = await tx
      .select({ id: vendorOrders.id })
      .from(vendorOrders)
      .where(and(eq(vendorOrders.storeId, storeId), eq(vendorOrders.vendorId, vendor.id)))
      .limit(1);
    if (sold) throw new AppError('conflict', VENDOR_MESSAGES.hasOrders);
    await tx.delete(vendors).where(and(eq(vendors.storeId, storeId), eq(vendors.id, vendor.id)));
  });
}
