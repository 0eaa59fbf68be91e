import type { ServerModule } from '#server/server-module';
import { registerPlatformAuthRoutes } from './routes.ts';

/** The platform-auth module: installing the app and connecting shops. */
export const platformAuthModule: ServerModule = { register: registerPlatformAuthRoutes };
