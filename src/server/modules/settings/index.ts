import type { ServerModule } from '#server/server-module';
import { registerSettingsRoutes } from './routes.ts';

export type { ShopInfoSource, StatusCounter } from './app-status.ts';
export type { SettingsChangeCheck } from './routes.ts';

/** The settings module: store and vendor settings. */
export const settingsModule: ServerModule = { register: registerSettingsRoutes };
