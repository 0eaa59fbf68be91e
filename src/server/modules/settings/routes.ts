import { PatchFeaturesSchema, SettingsAnswerSchema, SettingsQuerySchema, StoreSettingsAnswerSchema } from '#shared/schemas/settings';
import { OkSchema } from '#shared/schemas/common';
import { FirstStepsAnswerSchema } from '#shared/schemas/first-steps';
import { AppInfoSchema, AppStatusAnswerSchema, ShopInfoSchema, TrackEventSchema } from '#shared/schemas/app-info';
import { RegistrationFormSettingsSchema } from '#shared/schemas/registration';
import { CurrencySchema, HolidaysSchema, ShipFromSchema, TaxDetailsBodySchema } from '#shared/schemas/vendor-settings';
import { STATEMENT_MESSAGES } from '#shared/schemas/statements';
import { badRequest } from '#server/http/errors';
import { patchVendorSettings } from './vendor-settings.ts';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { readAppInfo, readShopInfo, settingsAnswer, settingsForCaller } from './app-info.ts';
import { getAppStatus, trackEvent } from './app-status.ts';
import { getFirstSteps } from './first-steps.ts';
import { saveScopedSettings } from './scoped-settings.ts';
import { patchStoreSettings } from './store-settings.ts';

const tags = ['settings'];

/**
 * Checks a settings change before it is stored (a 4xx refuses it) and answers what to do once it is.
 * Contributed by the modules whose switches live in the settings (payments, vendor pages), so they need
 * not be imported here: they read the settings, and settings must not depend on them.
 */
export type SettingsChangeCheck = (ctx: AppContext, storeId: string, patch: unknown) => Promise<() => Promise<void>>;

export function registerSettingsRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/app/info',
    {
      config: { policy: 'user' },
      schema: { tags, summary: "The signed-in user's store: name, wordings, features", response: { 200: AppInfoSchema } },
    },
    async (request) => readAppInfo(ctx.db, requireAuth(request)),
  );

  app.get(
    '/api/settings',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "The store's settings, and the vendor's own (an admin names the vendor with forVendor)",
        querystring: SettingsQuerySchema,
        response: { 200: SettingsAnswerSchema },
      },
    },
    async (request) => settingsForCaller(ctx.db, requireAuth(request), request.query.forVendor),
  );

  app.patch(
    '/api/app/info/features',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Change settings sections (features, wordings, colours, logos, membership, ...): merged, validated whole',
        body: PatchFeaturesSchema,
        response: { 200: StoreSettingsAnswerSchema },
      },
    },
    async (request) => {
      const { storeId } = requireAuth(request);
      const afterSaving = [];
      for (const check of ctx.contributions.settingsChecks) afterSaving.push(await check(ctx, storeId, request.body.features));
      const settings = await patchStoreSettings(ctx.db, storeId, request.body.features);
      for (const after of afterSaving) await after();
      return { settings: await settingsAnswer(ctx.db, storeId, settings) };
    },
  );

  app.get(
    '/api/app/status',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: 'Counters and flags for the shell',
        response: {
          200: AppStatusAnswerSchema,
        },
      },
    },
    async (request) => getAppStatus(ctx, requireAuth(request)),
  );

  app.get(
    '/api/app/first-steps',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: "A new marketplace's first steps (currency, delivery, payments, mail, registration form, first vendor), each done or not",
        response: { 200: FirstStepsAnswerSchema },
      },
    },
    async (request) => getFirstSteps(ctx, requireAuth(request).storeId),
  );

  app.post(
    '/api/app/track',
    {
      config: { policy: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Record a usage event',
        body: TrackEventSchema,
        response: { 201: OkSchema },
      },
    },
    async (request, reply) => {
      await trackEvent(ctx, requireAuth(request), request.body.event, request.body.properties);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/app/info/shop',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: "The storefront's locations, publications and locales",
        response: { 200: ShopInfoSchema },
      },
    },
    async (request) => readShopInfo(ctx, requireAuth(request).storeId),
  );

  app.put(
    '/api/app/metafields/collection',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'The vendor registration form: its fields and whether applications are open',
        body: RegistrationFormSettingsSchema,
        response: { 200: StoreSettingsAnswerSchema },
      },
    },
    async (request) => {
      const { storeId } = requireAuth(request);
      return { settings: await settingsAnswer(ctx.db, storeId, await patchStoreSettings(ctx.db, storeId, { registration: request.body })) };
    },
  );

  app.put(
    '/api/settings/currency',
    {
      config: { policy: 'user', feature: 'currencies' },
      schema: {
        tags,
        summary: 'The display currency (vendor, or the marketplace in its view)',
        body: CurrencySchema,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      const { displayCurrency } = request.body;
      await saveScopedSettings(ctx, requireAuth(request), { displayCurrency }, { currency: displayCurrency });
      return { ok: true as const };
    },
  );

  app.put(
    '/api/settings/holidays',
    {
      config: { policy: 'user', feature: 'holidayMode' },
      schema: { tags, summary: 'Holiday mode', body: HolidaysSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await saveScopedSettings(ctx, requireAuth(request), { holidays: request.body }, { holidays: request.body });
      return { ok: true as const };
    },
  );

  app.put(
    '/api/settings/ship-from-address',
    {
      config: { policy: 'user' },
      schema: { tags, summary: 'Ship-from address, default package and local pickup', body: ShipFromSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await saveScopedSettings(ctx, requireAuth(request), request.body, { shipFrom: request.body });
      return { ok: true as const };
    },
  );

  app.put(
    '/api/settings/tax-details',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary:
          "A vendor's tax details for the yearly seller report (legal name, tax id, address, country), all optional; a key not sent keeps its stored value",
        body: TaxDetailsBodySchema,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // Tax details are a seller's: the marketplace view has none.
      if (!auth.vendorId) throw badRequest(STATEMENT_MESSAGES.chooseVendor);
      await patchVendorSettings(ctx.db, auth.storeId, auth.vendorId, { taxDetails: request.body });
      return { ok: true as const };
    },
  );
}
