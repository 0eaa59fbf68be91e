import { z } from 'zod';
import { PatchFeaturesSchema, SettingsAnswerSchema, SettingsQuerySchema, StoreSettingsAnswerSchema, type Settings } from '#shared/schemas/settings';
import { OkSchema } from '#shared/schemas/common';
import { AppInfoSchema, AppStatusAnswerSchema } from '#shared/schemas/app-info';
import { RegistrationFormSettingsSchema } from '#shared/schemas/registration';
import { CurrencySchema, HolidaysSchema, ShipFromSchema } from '#shared/schemas/vendor-settings';
import { permissionsFor } from '#shared/permissions';
import type { AppContext } from '#server/context';
import { badRequest } from '#server/http/errors';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { getStore } from '../stores/find-store.ts';
import { resolveVendorScope } from '../vendors/vendor-scope.ts';
import { getAppStatus, platformShopInfo, trackEvent } from './app-status.ts';
import { saveScopedSettings } from './scoped-settings.ts';
import { patchStoreSettings, readStoreSettings } from './store-settings.ts';
import { readVendorSettings } from './vendor-settings.ts';
import { readNotificationSettings } from '../notifications/notification-settings.ts';
import { toNotificationSettingsView } from '#shared/schemas/notifications';

/** Settings as answered: the notifications section carries the mailing key (encrypted), so only its safe view goes out. */
async function safeSettings(ctx: AppContext, storeId: string, settings: Settings) {
  return { ...settings, notifications: toNotificationSettingsView(await readNotificationSettings(ctx.db, storeId)) };
}
const tags = ['settings'];

export function registerSettingsRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/app/info',
    { config: { policy: 'user' }, schema: { tags, summary: "The signed-in user's store: name, wordings, features", response: { 200: AppInfoSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const store = await getStore(ctx.db, auth.storeId);
      return {
        store: store.id,
        shopName: store.shopName,
        wordings: store.settings.wordings,
        features: store.settings.features,
        colors: store.settings.colors,
        logo: store.settings.logoText,
        user: { email: auth.email, name: auth.name, vendor: auth.vendor, admin: auth.isAdmin, permissions: permissionsFor({ admin: auth.isAdmin }) },
      };
    },
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
    async (request) => {
      const auth = requireAuth(request);
      const settings = await readStoreSettings(ctx.db, auth.storeId);
      // A vendor always gets its own vendor settings, whatever forVendor says.
      const { vendorId } = await resolveVendorScope(ctx.db, auth, request.query.forVendor);
      return { settings: await safeSettings(ctx, auth.storeId, settings), vendorSettings: vendorId ? await readVendorSettings(ctx.db, auth.storeId, vendorId) : null };
    },
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
      return { settings: await safeSettings(ctx, storeId, await patchStoreSettings(ctx.db, storeId, request.body.features)) };
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

  app.post(
    '/api/app/track',
    {
      config: { policy: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Record a usage event',
        body: z.object({
          event: z.string().trim().min(1, 'Required field').max(100),
          properties: z.record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()])).default({}),
        }),
        response: { 201: OkSchema },
      },
    },
    async (request, reply) => {
      const { event, properties } = request.body;
      if (Object.keys(properties).length > 50) throw badRequest('At most 50 properties');
      await trackEvent(ctx, requireAuth(request), event, properties);
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
        response: {
          200: z.object({
            locations: z.array(z.object({ id: z.string(), name: z.string() })),
            publications: z.array(z.object({ id: z.string(), name: z.string() })),
            locales: z.array(z.object({ locale: z.string(), primary: z.boolean(), published: z.boolean() })),
          }),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const platform = await platformShopInfo(ctx, auth.storeId);
      if (platform) return platform;
      const store = await getStore(ctx.db, auth.storeId);
      const extra = store.settings.translations.enabled ? store.settings.translations.locales : [];
      // The built-in storefront has one stock location and one sales channel: the public catalog.
      return {
        locations: [{ id: 'local-default', name: `${store.shopName} warehouse` }],
        publications: [{ id: 'local-catalog', name: 'Public catalog' }],
        locales: [{ locale: 'en', primary: true, published: true }, ...extra.filter((l) => l !== 'en').map((locale) => ({ locale, primary: false, published: true }))],
      };
    },
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
      return { settings: await safeSettings(ctx, storeId, await patchStoreSettings(ctx.db, storeId, { registration: request.body })) };
    },
  );

  app.put(
    '/api/settings/currency',
    { config: { policy: 'user', feature: 'currencies' }, schema: { tags, summary: 'The display currency (vendor, or the marketplace in its view)', body: CurrencySchema, response: { 200: OkSchema } } },
    async (request) => {
      const { displayCurrency } = request.body;
      await saveScopedSettings(ctx, requireAuth(request), { displayCurrency }, { currency: displayCurrency });
      return { ok: true as const };
    },
  );

  app.put(
    '/api/settings/holidays',
    { config: { policy: 'user', feature: 'holidayMode' }, schema: { tags, summary: 'Holiday mode', body: HolidaysSchema, response: { 200: OkSchema } } },
    async (request) => {
      await saveScopedSettings(ctx, requireAuth(request), { holidays: request.body }, { holidays: request.body });
      return { ok: true as const };
    },
  );

  app.put(
    '/api/settings/ship-from-address',
    { config: { policy: 'user' }, schema: { tags, summary: 'Ship-from address, default package and local pickup', body: ShipFromSchema, response: { 200: OkSchema } } },
    async (request) => {
      await saveScopedSettings(ctx, requireAuth(request), request.body, { shipFrom: request.body });
      return { ok: true as const };
    },
  );
}
