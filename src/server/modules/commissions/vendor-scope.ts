import { and, eq } from 'drizzle-orm';
import { VENDOR_MESSAGES } from '#shared/schemas/vendors';
import type { Db } from '../../db/client.ts';
import { vendors } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';

/** A vendor of the store by the name the spec's calls use; an unknown name (or another store's) is a 404. */
export async function getVendorByName(db: Db, storeId: string, name: string) {
  const [vendor] = await db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.storeId, storeId), eq(vendors.name, name)));
  if (!vendor) throw notFound(VENDOR_MESSAGES.unknownVendor);
  return vendor;
}

export interface VendorScope {
  storeId: string;
  /** null = the marketplace's own settings. */
  vendorId: string | null;
}

/**
 * Whose settings a signed-in call reads or writes. A vendor: always its own, whatever the request
 * names. An admin: the vendor the request names (`vendor`), else the vendor view it switched to,
 * else the marketplace.
 */
export async function resolveVendorScope(db: Db, auth: AuthContext, requestedVendor: string | undefined): Promise<VendorScope> {
  if (!auth.isAdmin) return { storeId: auth.storeId, vendorId: auth.vendorId };
  if (requestedVendor) return { storeId: auth.storeId, vendorId: (await getVendorByName(db, auth.storeId, requestedVendor)).id };
  return { storeId: auth.storeId, vendorId: auth.vendorId };
}
