import type { ServerModule } from '#server/server-module';
import { registerRegistrationRoutes } from './routes.ts';

/** The registration module: the vendor registration form. */
export const registrationModule: ServerModule = { register: registerRegistrationRoutes };
