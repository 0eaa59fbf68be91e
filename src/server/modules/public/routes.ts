import { z } from 'zod';
import { StoreIdSchema } from '#shared/schemas/common';
import {
  ContactFormSchema,
  PublicLogoSchema,
  PublicOkSchema,
  RequiredStoreQuerySchema,
  SendMessageSchema,
  StoreQuerySchema,
  SubscribeSchema,
} from '#shared/schemas/public';
import type { AppContext } from '#server/context';
import type { App } from '#server/http/types';
import { getStore, resolvePublicStore } from '../stores/index.ts';
import { logoRedirectTarget } from './logo-redirect.ts';
import { recordPlanChange } from './record-plan-change.ts';
import { renderStoreStyles } from './render-store-styles.ts';
import { sendMessage } from './send-message.ts';
import { submitContactForm } from './submit-contact-form.ts';
import { subscribeEmail } from './subscribe-email.ts';

/**
 * Per-address limits of the buyer-facing calls. Messages mail a person, so they
 * are tight; the stylesheet and logo are fetched by every storefront page view, so they are loose.
 */
export const PUBLIC_RATE_LIMITS = {
  message: { max: 5, timeWindow: '1 minute' },
  subscribe: { max: 10, timeWindow: '1 minute' },
  asset: { max: 300, timeWindow: '1 minute' },
  notice: { max: 30, timeWindow: '1 minute' },
} as const;

const TAGS = ['public'];
/** Storefront pages re-read these often; a few minutes of staleness after a settings change is fine. */
const ASSET_CACHE = 'public, max-age=300';

export function registerPublicRoutes(app: App, ctx: AppContext) {
  const storeOf = (request: { hostname: string }, named: string | undefined) => resolvePublicStore(ctx, named, request.hostname);

  app.post(
    '/api/message/send',
    {
      config: { policy: 'public', rateLimit: PUBLIC_RATE_LIMITS.message },
      schema: {
        tags: TAGS,
        summary: "Send a buyer's message to the marketplace's support",
        querystring: StoreQuerySchema,
        body: SendMessageSchema,
        response: { 201: PublicOkSchema },
      },
    },
    async (request, reply) => {
      const store = await storeOf(request, request.body.store ?? request.query.store);
      await sendMessage(ctx, store, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.post(
    '/api/message/contact-form',
    {
      config: { policy: 'public', rateLimit: PUBLIC_RATE_LIMITS.message },
      schema: {
        tags: TAGS,
        summary: "Send a storefront contact form (its fields as text) to the marketplace's support",
        querystring: StoreQuerySchema,
        body: ContactFormSchema,
        response: { 201: PublicOkSchema },
      },
    },
    async (request, reply) => {
      const store = await storeOf(request, request.body.store ?? request.query.store);
      await submitContactForm(ctx, store, request.body.data);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.post(
    '/api/message/subscribe',
    {
      config: { policy: 'public', rateLimit: PUBLIC_RATE_LIMITS.subscribe },
      schema: {
        tags: TAGS,
        summary: "Subscribe an address to the marketplace's news (once per address)",
        querystring: StoreQuerySchema,
        body: SubscribeSchema,
        response: { 201: PublicOkSchema },
      },
    },
    async (request, reply) => {
      const store = await storeOf(request, request.body.store ?? request.query.store);
      await subscribeEmail(ctx, store, request.body.email);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/styles.css',
    {
      config: { policy: 'public', rateLimit: PUBLIC_RATE_LIMITS.asset },
      schema: {
        tags: TAGS,
        summary: "A stylesheet with the store's colours as CSS custom properties",
        querystring: StoreQuerySchema,
        produces: ['text/css'],
        response: { 200: z.string().describe('text/css') },
      },
    },
    async (request, reply) => {
      const store = await storeOf(request, request.query.store);
      return reply.type('text/css; charset=utf-8').header('cache-control', ASSET_CACHE).send(renderStoreStyles(store.settings.colors));
    },
  );

  app.get(
    '/api/logo/:store',
    {
      config: { policy: 'public', rateLimit: PUBLIC_RATE_LIMITS.asset },
      schema: {
        tags: TAGS,
        summary: "The store's logo: a redirect to its image, or its text logo as JSON",
        params: z.object({ store: StoreIdSchema }),
        response: { 200: PublicLogoSchema, 302: z.null().describe('Redirect to the logo image') },
      },
    },
    async (request, reply) => {
      const store = await getStore(ctx.db, request.params.store);
      const logo = store.settings.logoText;
      reply.header('cache-control', ASSET_CACHE);
      const target = logoRedirectTarget(logo);
      if (target) return reply.redirect(target, 302);
      return { value: logo.value, src: logo.src, selected: logo.selected, shopName: store.shopName };
    },
  );

  app.get(
    '/api/subscription/changed',
    {
      config: { policy: 'public', rateLimit: PUBLIC_RATE_LIMITS.notice },
      schema: {
        tags: TAGS,
        summary: "The platform's notice that a store's plan changed",
        querystring: RequiredStoreQuerySchema,
        response: { 200: PublicOkSchema },
      },
    },
    async (request, reply) => {
      const store = await getStore(ctx.db, request.query.store);
      await recordPlanChange(ctx, store);
      return reply.header('cache-control', 'no-store').send({ ok: true as const });
    },
  );
}
