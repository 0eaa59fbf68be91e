import { and, eq, type Column, type SQL } from 'drizzle-orm';
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

/**
 * The one "a vendor sees only its own rows" condition, for any table with a store and a vendor: the
 * scope's store, and its vendor's rows only when it has one (null: the marketplace view, every
 * vendor's rows). Every scoped read and write of a vendor's rows goes through it, so no area can
 * forget the vendor half.
 */
export function inVendorScope(table: { storeId: Column; vendorId: Column }, scope: Pick<VendorScope, 'storeId' | 'vendorId'>): SQL {
  return and(eq(table.storeId, scope.storeId), scope.vendorId ? eq(table.vendorId, scope.vendorId) : undefined)!;
}
