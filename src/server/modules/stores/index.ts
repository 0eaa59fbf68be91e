import type { ServerModule } from '#server/server-module';

/** The stores module: finding a store by id or host (no routes of its own). */
export const storesModule: ServerModule = {};

export { getStore, resolvePublicStore, type StoreRecord } from './find-store.ts';
