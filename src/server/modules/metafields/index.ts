import type { ServerModule } from '#server/server-module';
import { registerMetafieldRoutes } from './routes.ts';

/** The metafields module: metafield definitions. */
export const metafieldsModule: ServerModule = { register: registerMetafieldRoutes };

export { registrationMetafields } from './metafield-definitions.ts';
