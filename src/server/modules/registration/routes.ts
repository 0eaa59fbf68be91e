import { z } from 'zod';
import { OkSchema } from '#shared/schemas/common';
import { StoreRegistrationQuerySchema, StoreRegistrationSchema, VendorApplicationSchema } from '#shared/schemas/registration';
import type { AppContext } from '#server/context';
import { fastSerializerCompiler } from '#server/http/fast-serializer';
import type { App } from '#server/http/types';
import { resolvePublicStore } from '../stores/index.ts';
import { confirmApplication } from './confirm-application.ts';
import { storeRegistrationFields } from './registration-fields.ts';
import { submitApplication } from './submit-application.ts';

/** The token of the auth-verify link: randomToken(32), base64url. */
const ConfirmTokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is invalid or has expired') });

/** A plain page (no SPA needed for one button), served with the app's CSP: no script, a same-origin form. */
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Confirm your e-mail</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#111;color:#fff;cursor:pointer}</style>` +
  `</head><body>${body}</body></html>`;

export function registerRegistrationRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/store/registration',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['registration'],
        summary: "A store's public registration settings",
        querystring: StoreRegistrationQuerySchema,
        response: { 200: StoreRegistrationSchema },
      },
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => {
      const store = await resolvePublicStore(ctx, request.query.store, request.hostname);
      return {
        store: store.id,
        shopName: store.shopName,
        requireApproval: store.settings.registration.enableApproval,
        registrationFields: await storeRegistrationFields(ctx.db, store),
        logo: store.settings.logoRegistration,
        wordings: store.settings.wordings,
        wordingsByLanguage: store.settings.wordingsByLanguage,
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
        response: { 201: OkSchema },
      },
    },
    async (request, reply) => {
      await submitApplication(ctx, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  // The link in the auth-verify mail opens a page whose button confirms: a GET changes nothing, so
  // a mail scanner that follows links cannot confirm for the applicant.
  app.get(
    '/api/vendor/application/confirm',
    {
      config: { policy: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['registration'],
        summary: 'The page of the confirmation link (a button that confirms)',
        querystring: ConfirmTokenSchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            `<h1>Confirm your e-mail</h1><p>Confirm your address to send your application to the marketplace.</p>` +
              `<form method="post" action="/api/vendor/application/confirm"><input type="hidden" name="token" value="${request.query.token}"><button type="submit">Confirm my e-mail</button></form>`,
          ),
        ),
  );

  app.post(
    '/api/vendor/application/confirm',
    {
      // The confirmation page's own form posts here (no script on that page), so this call takes forms.
      config: { policy: 'public', acceptsFormBody: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['registration'],
        summary: "Confirm an applicant's e-mail address: the application reaches the admins",
        body: ConfirmTokenSchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const confirmed = await confirmApplication(ctx, request.body.token);
      return reply
        .status(confirmed ? 200 : 400)
        .type('text/html; charset=utf-8')
        .send(
          page(
            confirmed
              ? `<h1>Thank you</h1><p>Your e-mail address is confirmed. Thank you for your application, we'll get back to you shortly.</p>`
              : `<h1>This link is invalid or has expired</h1><p>Please apply again.</p>`,
          ),
        );
    },
  );
}
