import type { ServerModule } from '#server/server-module';
import { registerDiscountRoutes } from './routes.ts';
import { registerDiscountSync } from './sync-discount.ts';

/** The discounts module: discounts, their use at the checkout, their copy on the platform. */
export const discountsModule: ServerModule = { register: registerDiscountRoutes, jobs: registerDiscountSync };

export { applyDiscounts } from './apply-discounts.ts';
