import type { ServerModule } from '#server/server-module';
import { registerImageRoutes } from './routes.ts';

/** The images module: background removal of stored images. */
export const imagesModule: ServerModule = { register: registerImageRoutes };

export { ownFileKey } from './remove-image-background.ts';
