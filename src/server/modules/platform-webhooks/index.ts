import type { ServerModule } from '#server/server-module';
import { handlePlatformWebhook, PLATFORM_WEBHOOK_JOB } from './handle-webhook.ts';
import { registerPlatformWebhookRoutes } from './routes.ts';

/** The platform-webhooks module: the platform's webhooks, verified and queued. */
export const platformWebhooksModule: ServerModule = {
  register: registerPlatformWebhookRoutes,
  jobs: (ctx) => ctx.jobs.register(PLATFORM_WEBHOOK_JOB, (payload) => handlePlatformWebhook(ctx, payload)),
};
