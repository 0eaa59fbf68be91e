import type { ServerModule } from '#server/server-module';
import { registerDocumentRoutes } from './routes.ts';

/** The documents module: document rendering. */
export const documentsModule: ServerModule = { register: registerDocumentRoutes };
