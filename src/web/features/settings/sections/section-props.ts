import type { Settings } from '#shared/schemas/settings';
import type { VendorSettings } from '#shared/schemas/vendor-settings';

/** What every section gets: the answer of GET settings, loaded once for the page. */
export interface SectionProps {
  settings: Settings;
  vendorSettings: VendorSettings | null;
}
