import type { ServerModule } from '#server/server-module';
import { registerAuthRoutes } from './routes.ts';

/** The auth module: sign-in, sessions, password resets. */
export const authModule: ServerModule = { register: registerAuthRoutes };
