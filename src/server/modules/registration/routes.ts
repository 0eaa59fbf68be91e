import { z } from 'zod';
import { StoreIdSchema } from '#shared/schemas/common';
import { StoreRegistrationSchema, VendorApplicationSchema } from '#shared/schemas/registration';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { resolvePublicStore } from '../stores/find-store.ts';
import { submitApplication } from './submit-application.ts';

export function registerRegistrationRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/store/registration',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['registration'],
        summary: "A store's public registration settings",
        querystring: z.object({ store: StoreIdSchema.optional() }),
        response: { 200: StoreRegistrationSchema },
      },
    },
    async (request) => {
      const store = await resolvePublicStore(ctx, request.query.store, request.hostname);
      return {
        store: store.id,
        shopName: store.shopName,
        requireApproval: store.settings.registration.enableApproval,
        registrationFields: store.settings.registration.fields,
        logo: store.settings.logoRegistration,
        wordings: store.settings.wordings,
        colors: store.settings.colors,
      };
    },
  );

  app.post(
    '/api/vendor/application',
    {
      config: { policy: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['registration'],
        summary: 'Apply to sell on a marketplace',
        body: VendorApplicationSchema,
        response: { 201: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await submitApplication(ctx, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );
}
