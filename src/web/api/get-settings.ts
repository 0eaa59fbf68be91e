import useSWR from 'swr';
import type { Settings } from '#shared/schemas/settings';
import type { VendorSettings } from '#shared/schemas/vendor-settings';
import { endpoint } from './endpoint.ts';

export interface SettingsAnswer {
  /** The store's settings object of spec §3, defaults filled in. */
  settings: Settings;
  /** The vendor's own settings; null in the admin's marketplace view. */
  vendorSettings: VendorSettings | null;
}

export const SETTINGS_KEY = 'settings';

export const getSettings = endpoint<{ forVendor?: string }, SettingsAnswer>({ path: 'settings', query: ['forVendor'] });

/**
 * GET settings. Not refreshed on focus: the sections are forms, and their values come from the
 * answer once, when they open.
 */
export function useSettings() {
  return useSWR(SETTINGS_KEY, () => getSettings(), { revalidateOnFocus: false, revalidateOnReconnect: false });
}
