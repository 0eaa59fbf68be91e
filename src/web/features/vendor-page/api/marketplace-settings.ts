import useSWR from 'swr';
import {
  MarketplaceVendorSettingsAnswerSchema,
  MarketplaceVendorSettingsSchema,
  type MarketplaceVendorSettings,
} from '#shared/schemas/commissions';
import { endpoint } from '#web/api/endpoint.ts';
import { getSettings } from '#web/api/get-settings.ts';
const putMarketplaceSettings = endpoint({
  method: 'PUT',
  path: 'settings/marketplace-settings',
  request: MarketplaceVendorSettingsSchema,
  answer: MarketplaceVendorSettingsAnswerSchema,
});

/** GET settings?forVendor=: what the marketplace manages for this vendor (an admin call). */
export const useMarketplaceVendorSettings = (vendor: string) =>
  useSWR(vendor ? ['settings', 'forVendor', vendor] : null, () => getSettings({ forVendor: vendor }), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });

/** PUT settings/marketplace-settings: autoApprove and isManagedByMarketplace; the commission lines stay as they are. */
export const saveMarketplaceVendorSettings = (values: MarketplaceVendorSettings) => putMarketplaceSettings(values);
