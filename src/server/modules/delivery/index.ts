import type { ServerModule } from '#server/server-module';
import { registerDeliveryRoutes } from './routes.ts';

/** The delivery module: delivery zones and the checkout's shipping options. */
export const deliveryModule: ServerModule = { register: registerDeliveryRoutes };
