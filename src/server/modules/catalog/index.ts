import type { ServerModule } from '#server/server-module';
import { registerCatalogRoutes } from './routes.ts';

/** The catalog module: the product picker and the public catalog. */
export const catalogModule: ServerModule = { register: registerCatalogRoutes };
