import type { ServerModule } from '#server/server-module';
import { registerPublicRoutes } from './routes.ts';

/** The public module: the storefront widgets' public calls. */
export const publicModule: ServerModule = { register: registerPublicRoutes };
