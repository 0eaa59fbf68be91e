import type { ServerModule } from '#server/server-module';
import { registerInstallationRoutes } from './routes.ts';

/** The installation module: the marketplace's plan. */
export const installationModule: ServerModule = { register: registerInstallationRoutes };
