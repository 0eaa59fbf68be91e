import type { ServerModule } from '#server/server-module';
import { registerCommissionRoutes } from './routes.ts';

/** The commissions module: commission lines. */
export const commissionsModule: ServerModule = { register: registerCommissionRoutes };

export { resolveCommissionLines } from './get-commission-lines.ts';
