import type { ServerModule } from '#server/server-module';
import { registerUploadRoutes } from './routes.ts';

/** The uploads module: uploads and stored files. */
export const uploadsModule: ServerModule = { register: registerUploadRoutes };
