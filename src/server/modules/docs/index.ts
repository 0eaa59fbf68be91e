import type { ServerModule } from '#server/server-module';
import { registerDocsRoutes } from './routes.ts';

/** The docs module: the OpenAPI document. */
export const docsModule: ServerModule = { register: (app) => registerDocsRoutes(app) };
