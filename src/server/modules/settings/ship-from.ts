import { localPickupByDefault } from '#shared/schemas/settings';
import type { Db } from '#server/db/client';
import { readStoreSettings } from './store-settings.ts';
import { readVendorSettings } from './vendor-settings.ts';

/** Whether a vendor's new variants offer local pickup when the input does not say (localPickupByDefault). */
export async function defaultLocalPickup(db: Db, storeId: string, vendorId: string): Promise<boolean> {
  const [settings, vendorSettings] = await Promise.all([readStoreSettings(db, storeId), readVendorSettings(db, storeId, vendorId)]);
  return localPickupByDefault(settings, vendorSettings);
}
