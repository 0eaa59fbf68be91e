import type { ServerModule } from '#server/server-module';
import { registerPlatformAuthRoutes } from './routes.ts';

/** The platform-auth module: installing the app and connecting shops. */
export const platformAuthModule: ServerModule = { register: registerPlatformAuthRoutes };

export { marketplaceInstallation } from './marketplace-installation.ts';
export { createOAuthState } from './oauth-states.ts';
export { requirePlatform } from './require-platform.ts';
export { consumeSellerClaim, findSellerClaim } from './seller-claims.ts';
export { assertShopFree, connectShopToVendor } from './seller-shop-owner.ts';
