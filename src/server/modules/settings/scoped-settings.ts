import type { AuthContext } from '#server/http/policy';
import type { AppContext } from '#server/context';
import { patchStoreSettings } from './store-settings.ts';
import { patchVendorSettings } from './vendor-settings.ts';

/**
 * Holiday mode, currency and ship-from address belong to whoever is working: the vendor (or the
 * vendor an admin switched to), or the marketplace itself in the marketplace view.
 */
export async function saveScopedSettings(
  ctx: AppContext,
  auth: AuthContext,
  vendorPatch: Record<string, unknown>,
  storePatch: Record<string, unknown>,
) {
  if (auth.vendorId) return patchVendorSettings(ctx.db, auth.storeId, auth.vendorId, vendorPatch);
  return patchStoreSettings(ctx.db, auth.storeId, storePatch);
}
