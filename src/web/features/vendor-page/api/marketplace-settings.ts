import useSWR from 'swr';
import type { MarketplaceVendorSettings } from '#shared/schemas/commissions';
import type { Settings } from '#shared/schemas/settings';
import type { VendorSettings } from '#shared/schemas/vendor-settings';
import { endpoint } from '../../../api/endpoint.ts';

const getVendorSettings = endpoint<{ forVendor: string }, { settings: Settings; vendorSettings: VendorSettings | null }>({ path: 'settings', query: ['forVendor'] });
const putMarketplaceSettings = endpoint<MarketplaceVendorSettings, { autoApprove: boolean | null; isManagedByMarketplace: boolean }>({
  method: 'PUT',
  path: 'settings/marketplace-settings',
  body: ['vendor', 'autoApprove', 'isManagedByMarketplace'],
});

/** GET settings?forVendor=: what the marketplace manages for this vendor (an admin call). */
export const useMarketplaceVendorSettings = (vendor: string) =>
  useSWR(vendor ? ['settings', 'forVendor', vendor] : null, () => getVendorSettings({ forVendor: vendor }), { revalidateOnFocus: false, revalidateOnReconnect: false });

/** PUT settings/marketplace-settings: autoApprove and isManagedByMarketplace; the commission lines stay as they are. */
export const saveMarketplaceVendorSettings = (values: MarketplaceVendorSettings) => putMarketplaceSettings(values);
