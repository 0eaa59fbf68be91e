import type { ServerModule } from '#server/server-module';
import { registerSettingsRoutes } from './routes.ts';

export type { ShopInfoSource, StatusCounter } from './app-status.ts';
export type { SettingsChangeCheck } from './routes.ts';

/** The settings module: store and vendor settings. */
export const settingsModule: ServerModule = { register: registerSettingsRoutes };

export { type HolidayNotice, vendorsOnHoliday } from './holidays.ts';
export { patchSettingsKeys, readSettingsDocument } from './settings-document.ts';
export { defaultLocalPickup } from './ship-from.ts';
export { patchStoreSettings, readStoreCurrency, readStoreSettings } from './store-settings.ts';
export { patchVendorSettings, readVendorSettings } from './vendor-settings.ts';
