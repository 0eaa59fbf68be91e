import type { ServerModule } from '#server/server-module';
import { registerInstallationRoutes } from './routes.ts';

/** The installation module: the marketplace's plan. */
export const installationModule: ServerModule = { register: registerInstallationRoutes };

export { applyPlatformSubscription } from './apply-platform-subscription.ts';
export { notePlatformNotice } from './note-platform-notice.ts';
export { assertAddon, assertVendorAllowed, fillMessage, lockListings, productRoom, productSlots } from './plan-limits.ts';
