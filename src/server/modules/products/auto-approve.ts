import type { Db } from '#server/db/client';
import { readStoreSettings, readVendorSettings } from '../settings/index.ts';

/**
 * Whether a vendor's products are approved without review: the vendor's own autoApprove setting
 * (PUT settings/marketplace-settings), or, when it was never set (null), the store's
 * autoApprove.enabledDefault.
 */
export async function isAutoApproveOn(db: Db, storeId: string, vendorId: string): Promise<boolean> {
  const vendorSettings = await readVendorSettings(db, storeId, vendorId);
  if (typeof vendorSettings.autoApprove === 'boolean') return vendorSettings.autoApprove;
  return (await readStoreSettings(db, storeId)).autoApprove.enabledDefault;
}
