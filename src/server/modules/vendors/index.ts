import type { ServerModule } from '#server/server-module';
import { registerVendorRoutes } from './routes.ts';

/** The vendors module: vendors, applications' decisions, invitations. */
export const vendorsModule: ServerModule = { register: registerVendorRoutes };

export { findVendor, findVendorById, getVendorByName } from './find-vendor.ts';
export { inVendorScope, resolveVendorScope, type VendorScope } from './vendor-scope.ts';
