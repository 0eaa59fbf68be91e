import type { ServerModule } from '#server/server-module';
import { registerMembershipRoutes } from './routes.ts';

/** The membership module: vendors' memberships. */
export const membershipModule: ServerModule = { register: registerMembershipRoutes };

export { applyMembershipEvent, parseEvent } from './handle-event.ts';
export { listingBudget } from './listing-budget.ts';
