import { z } from 'zod';
import { MARKETS } from '#shared/delivery-markets';
import {
  DeliveryAnswerSchema,
  DeliveryScopeQuerySchema,
  DeliveryOptionsAnswerSchema,
  DeliveryPreviewBodySchema,
  DeliverySettingsSchema,
  DELIVERY_MESSAGES,
  SavedZoneAnswerSchema,
  SaveZoneSchema,
  ZoneDeletedAnswerSchema,
  ZonesAnswerSchema,
} from '#shared/schemas/delivery';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { readStoreSettings } from '../settings/index.ts';
import { resolveVendorScope } from '../vendors/index.ts';
import { previewDeliveryOptions } from './checkout-shipping.ts';
import { readDeliverySettings, saveDeliverySettings } from './delivery-settings.ts';
import { deleteDeliveryZone, listDeliveryZones, saveDeliveryZone, toZoneAnswer } from './delivery-zones.ts';

const tags = ['delivery'];
const scopeNote = "a vendor's own; an admin's marketplace (or switched-to vendor) unless ?vendor= names a vendor";

export function registerDeliveryRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/settings/delivery/zones',
    {
      config: { policy: 'user', feature: 'delivery' },
      schema: {
        tags,
        summary: `Delivery zones (${scopeNote}) and the markets offered in the zone editor`,
        querystring: DeliveryScopeQuerySchema,
        response: { 200: ZonesAnswerSchema },
      },
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx.db, requireAuth(request), request.query.vendor);
      return {
        zones: (await listDeliveryZones(ctx.db, scope)).map(toZoneAnswer),
        markets: [...MARKETS],
        currency: (await readStoreSettings(ctx.db, scope.storeId)).currency,
      };
    },
  );

  app.post(
    '/api/settings/delivery/zone',
    {
      config: { policy: 'user', feature: 'delivery' },
      schema: {
        tags,
        summary: `Create a delivery zone, or update one with zone.id (${scopeNote}); another scope's zone is a 404`,
        querystring: DeliveryScopeQuerySchema,
        body: SaveZoneSchema,
        response: { 200: SavedZoneAnswerSchema, 201: SavedZoneAnswerSchema },
      },
    },
    async (request, reply) => {
      const scope = await resolveVendorScope(ctx.db, requireAuth(request), request.query.vendor);
      const { zone, created } = await saveDeliveryZone(ctx.db, scope, request.body.zone);
      return reply.status(created ? 201 : 200).send({ zone });
    },
  );

  app.delete(
    '/api/settings/delivery/zone/:id',
    {
      config: { policy: 'user', feature: 'delivery' },
      schema: {
        tags,
        summary: `Delete a delivery zone (${scopeNote}); another scope's zone is a 404`,
        params: z.object({ id: z.uuid({ error: DELIVERY_MESSAGES.zoneNotFound }) }),
        querystring: DeliveryScopeQuerySchema,
        response: { 200: ZoneDeletedAnswerSchema },
      },
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx.db, requireAuth(request), request.query.vendor);
      await deleteDeliveryZone(ctx.db, scope, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/settings/delivery',
    {
      config: { policy: 'user', feature: 'delivery' },
      schema: {
        tags,
        summary: `Delivery settings (${scopeNote})`,
        querystring: DeliveryScopeQuerySchema,
        response: { 200: DeliveryAnswerSchema },
      },
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx.db, requireAuth(request), request.query.vendor);
      return { delivery: await readDeliverySettings(ctx.db, scope.storeId, scope.vendorId) };
    },
  );

  app.put(
    '/api/settings/delivery',
    {
      config: { policy: 'user', feature: 'delivery' },
      schema: {
        tags,
        summary: `Delivery settings (${scopeNote}): enabled (true, false, override), rateNames (1 to 5 with override), shippo, live/flat rates, local pickup, default shipping`,
        querystring: DeliveryScopeQuerySchema,
        body: DeliverySettingsSchema,
        response: { 200: DeliveryAnswerSchema },
      },
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx.db, requireAuth(request), request.query.vendor);
      return { delivery: await saveDeliverySettings(ctx.db, scope, request.body) };
    },
  );

  app.post(
    '/api/settings/delivery/preview',
    {
      config: { policy: 'user', feature: 'delivery' },
      schema: {
        tags,
        summary: `The delivery options a buyer sees for a cart of the scope's products (${scopeNote}), from the saved settings and zones`,
        querystring: DeliveryScopeQuerySchema,
        body: DeliveryPreviewBodySchema,
        response: { 200: DeliveryOptionsAnswerSchema },
      },
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx.db, requireAuth(request), request.query.vendor);
      return previewDeliveryOptions(ctx, scope, request.body);
    },
  );
}
