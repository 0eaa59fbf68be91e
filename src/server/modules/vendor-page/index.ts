import type { ServerModule } from '#server/server-module';
import { checkVendorPageSettings, registerVendorPageSync } from './publish-vendor-page.ts';
import { registerVendorPageRoutes } from './routes.ts';

/** The vendor-page module: a vendor's public page, its review, its publication. */
export const vendorPageModule: ServerModule = {
  register: registerVendorPageRoutes,
  jobs: registerVendorPageSync,
  contributes: { settingsChecks: [checkVendorPageSettings] },
};

export { readPublicVendorPage } from './publish-vendor-page.ts';
