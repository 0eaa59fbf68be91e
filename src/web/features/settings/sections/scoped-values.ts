import type { Settings } from '#shared/schemas/settings';
import type { Address, VendorSettings } from '#shared/schemas/vendor-settings';

export const EMPTY_ADDRESS: Address = {
  name: '',
  company: '',
  street1: '',
  street2: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  phone: '',
  email: '',
  is_residential: false,
  metadata: '',
};

/**
 * Holiday mode, currency and ship-from address belong to whoever is working: the vendor's own
 * settings, or in the admin's marketplace view (no vendor settings) the store's.
 */
export function scopedValues(settings: Settings, vendorSettings: VendorSettings | null) {
  if (!vendorSettings) {
    return {
      holidays: settings.holidays,
      currency: { displayCurrency: settings.currency },
      shipFrom: { ...settings.shipFrom, shipFromAddress: settings.shipFrom.shipFromAddress ?? EMPTY_ADDRESS },
    };
  }
  return {
    holidays: vendorSettings.holidays,
    // a vendor that never chose shows in the marketplace's currency
    currency: { displayCurrency: vendorSettings.displayCurrency ?? settings.currency },
    shipFrom: {
      shipFromAddress: vendorSettings.shipFromAddress ?? EMPTY_ADDRESS,
      defaultPackage: vendorSettings.defaultPackage,
      defaultLocalPickup: vendorSettings.defaultLocalPickup,
    },
  };
}
