import type { ServerModule } from '#server/server-module';
import { registerDashboardRoutes } from './routes.ts';

/** The dashboard module: the dashboard. */
export const dashboardModule: ServerModule = { register: registerDashboardRoutes };
