import type { Db } from '#server/db/client';
import type { AuthContext } from '#server/http/policy';
import { getVendorByName } from './find-vendor.ts';

export interface VendorScope {
  storeId: string;
  /** null = the marketplace's own settings. */
  vendorId: string | null;
}

/**
 * Whose data a signed-in call reads or writes. A vendor: always its own, whatever the request
 * names. An admin: the vendor the request names (`vendor`, `forVendor`...), else the vendor view it
 * switched to, else the marketplace. An unknown name is a 404.
 */
export async function resolveVendorScope(db: Db, auth: AuthContext, requestedVendor: string | undefined): Promise<VendorScope> {
  if (!auth.isAdmin) return { storeId: auth.storeId, vendorId: auth.vendorId };
  if (requestedVendor) return { storeId: auth.storeId, vendorId: (await getVendorByName(db, auth.storeId, requestedVendor)).id };
  return { storeId: auth.storeId, vendorId: auth.vendorId };
}
