import type { ServerModule } from '#server/server-module';
import { CATALOG_SYNC_JOB, runCatalogSyncJob } from './catalog-sync.ts';
import { countDraftOrders, platformShopInfo } from './platform-shop.ts';
import { registerIntegrationRoutes } from './routes.ts';

/** The integrations module: vendors' shops and the catalog sync; the installed shop's info and draft orders. */
export const integrationsModule: ServerModule = {
  register: registerIntegrationRoutes,
  jobs: (ctx) => ctx.jobs.register(CATALOG_SYNC_JOB, (payload, job) => runCatalogSyncJob(ctx, payload, job)),
  contributes: { statusCounters: [countDraftOrders], shopInfo: platformShopInfo },
};
