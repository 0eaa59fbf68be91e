import type { ServerModule } from '#server/server-module';
import { STOREFRONT_BATCH_SYNC_JOB, STOREFRONT_SYNC_JOB } from './enqueue-product-sync.ts';
import { syncProductJob, syncProductsJob } from './sync-product.ts';
import { registerTranslationsSync } from './sync-translations.ts';

/**
 * Storefront sync: after a product is approved, changed while approved, unapproved or deleted, the
 * products area calls enqueueProductSync(ctx, productId, tx); a durable job then pushes the product
 * to the store's storefront platform (the platform shop installed as the marketplace, else our own catalog).
 */
export { enqueueNewProductsSync, enqueueProductSync, STOREFRONT_BATCH_SYNC_JOB, STOREFRONT_SYNC_JOB } from './enqueue-product-sync.ts';
export { syncProduct, type SyncOutcome } from './sync-product.ts';
export { enqueueTranslationsSync, TRANSLATIONS_SYNC_JOB } from './sync-translations.ts';

export const storefrontSyncModule: ServerModule = {
  jobs(ctx) {
    ctx.jobs.register(STOREFRONT_SYNC_JOB, syncProductJob(ctx));
    ctx.jobs.register(STOREFRONT_BATCH_SYNC_JOB, syncProductsJob(ctx));
    registerTranslationsSync(ctx);
  },
};
