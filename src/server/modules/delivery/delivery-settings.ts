import { DEFAULT_DELIVERY_SETTINGS, DeliverySettingsSchema, type DeliverySettings } from '#shared/schemas/delivery';
import type { Db } from '#server/db/client';
import { patchSettingsKeys, readSettingsDocument } from '../settings/index.ts';
import type { VendorScope } from '../vendors/index.ts';

/** The settings key that holds a scope's delivery settings. */
export const DELIVERY_KEY = 'delivery';

/**
 * The delivery settings of a vendor (vendor_settings.settings.delivery) or of the marketplace
 * (stores.settings.delivery, vendorId null), with defaults; a stored value that no longer validates
 * reads as the defaults.
 */
export async function readDeliverySettings(db: Db, storeId: string, vendorId: string | null): Promise<DeliverySettings> {
  const stored = (await readSettingsDocument(db, { storeId, vendorId }))[DELIVERY_KEY];
  // Keys added since the value was stored read as their defaults.
  const parsed = DeliverySettingsSchema.safeParse({
    ...DEFAULT_DELIVERY_SETTINGS,
    ...(stored && typeof stored === 'object' ? stored : {}),
  });
  return parsed.success ? parsed.data : DEFAULT_DELIVERY_SETTINGS;
}

/** PUT settings/delivery: replaces the scope's delivery settings (validated by DeliverySettingsSchema). */
export async function saveDeliverySettings(db: Db, scope: VendorScope, settings: DeliverySettings): Promise<DeliverySettings> {
  await patchSettingsKeys(db, scope, { [DELIVERY_KEY]: settings });
  return readDeliverySettings(db, scope.storeId, scope.vendorId);
}
