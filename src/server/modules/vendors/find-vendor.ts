import { and, eq } from 'drizzle-orm';
import { VENDOR_MESSAGES } from '#shared/schemas/vendors';
import type { Db } from '#server/db/client';
import { vendors } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';

export type VendorRow = typeof vendors.$inferSelect;

/**
 * The one lookup of a vendor by the name the spec's calls (and the storefront platform) use. Always
 * within one store: the same name in another store is another vendor.
 */
export async function findVendor(db: Db, storeId: string, name: string): Promise<VendorRow | null> {
  const [vendor] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.storeId, storeId), eq(vendors.name, name)));
  return vendor ?? null;
}

/** A vendor by its id, within the store (an id of another store's vendor finds nothing). */
export async function findVendorById(db: Db, storeId: string, id: string): Promise<VendorRow | null> {
  const [vendor] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.storeId, storeId), eq(vendors.id, id)));
  return vendor ?? null;
}

/** A vendor named by a call; an unknown name (or another store's) is a 404 "Unknown vendor". */
export async function getVendorByName(db: Db, storeId: string, name: string): Promise<VendorRow> {
  const vendor = await findVendor(db, storeId, name);
  if (!vendor) throw notFound(VENDOR_MESSAGES.unknownVendor);
  return vendor;
}
