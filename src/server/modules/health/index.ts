import type { ServerModule } from '#server/server-module';
import { registerHealthRoutes } from './routes.ts';

/** The health module: health and readiness. */
export const healthModule: ServerModule = { register: registerHealthRoutes };
