import { createHash } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context';
import { AppError } from '#server/http/errors';
import type { App } from '#server/http/types';
import { verifyWebhookHmac } from '#server/adapters/storefront/shopify/index';
import { requirePlatform } from '../platform-auth/index.ts';
import { isWebhookTopic, PLATFORM_WEBHOOK_JOB } from './handle-webhook.ts';

/** The platform retries a failed delivery 8 times over 4 hours; our job retries as patiently. */
const WEBHOOK_ATTEMPTS = 8;
const WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? '';

export function registerPlatformWebhookRoutes(app: App, ctx: AppContext) {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // The signature covers the bytes as sent: the body stays raw until it is verified, then is parsed once.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post(
      '/api/webhooks/:platform',
      {
        config: { policy: 'public' },
        schema: {
          tags: ['platform'],
          summary:
            "The storefront platform's webhooks (orders/create and the privacy topics), HMAC-verified on the raw body; answered at once, run as a job",
          params: z.object({ platform: z.string().max(40) }),
          response: { 200: z.object({ received: z.boolean() }) },
        },
      },
      async (request) => {
        const { apiSecret } = requirePlatform(ctx.config, request.params.platform);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!verifyWebhookHmac(apiSecret, raw, header(request.headers['x-shopify-hmac-sha256']))) {
          throw new AppError('unauthorized', 'Invalid webhook signature');
        }
        const topic = header(request.headers['x-shopify-topic']);
        if (!isWebhookTopic(topic)) return { received: false };
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('bad_request', 'The body is not JSON');
        }
        // One effect per event: a delivery repeated by the platform carries the same event id.
        const eventId =
          header(request.headers['x-shopify-event-id']) ||
          header(request.headers['x-shopify-webhook-id']) ||
          createHash('sha256').update(topic).update(raw).digest('hex');
        await ctx.jobs.enqueue(
          PLATFORM_WEBHOOK_JOB,
          { topic, shop: header(request.headers['x-shopify-shop-domain']).toLowerCase(), body },
          { dedupeKey: `${PLATFORM_WEBHOOK_JOB.type}:${eventId}`, maxAttempts: WEBHOOK_ATTEMPTS },
        );
        return { received: true };
      },
    );
  });
}
