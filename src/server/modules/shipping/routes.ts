import { z } from 'zod';
import {
  LabelAnswerSchema,
  LabelBodySchema,
  OrderShippingAnswerSchema,
  RatesAnswerSchema,
  RatesBodySchema,
  RateSchema,
  ShippoKeyAnswerSchema,
  ShippoKeyBodySchema,
} from '#shared/schemas/shipping';
import type { AppContext } from '#server/context';
import { notFound } from '#server/http/errors';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { buyLabel } from './buy-label.ts';
import { getOrderShipping } from './get-order-shipping.ts';
import { quoteRates } from './quote-rates.ts';
import { getScopedLabel, getScopedRate, rateView } from './shipping-scope.ts';
import { deleteShippoKey, getShippoKeyStatus, saveShippoKey } from './shippo-keys.ts';
import { voidLabel } from './void-label.ts';
import { assertAddon } from '../installation/index.ts';

const tags = ['shipping'];
// Labels are a vendor's tool of their own, not part of the delivery area (zones and rates at the
// checkout): they need a Shippo key and, to buy, the plan's labels add-on, whatever the delivery flag says.
const config = { policy: 'user' } as const;
const LabelParams = z.object({ labelId: z.string().max(100) });

export function registerShippingRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/shippo/api-key',
    {
      config,
      schema: {
        tags,
        summary: "Whether a Shippo key is active: the marketplace's, or the caller's vendor's (never the key)",
        response: { 200: ShippoKeyAnswerSchema },
      },
    },
    async (request) => getShippoKeyStatus(ctx, requireAuth(request)),
  );
  app.put(
    '/api/shippo/api-key',
    {
      config,
      schema: {
        tags,
        summary: "Set the Shippo key (stored encrypted): the marketplace's, or a vendor's own where the delivery settings allow it",
        body: ShippoKeyBodySchema,
        response: { 200: ShippoKeyAnswerSchema },
      },
    },
    async (request) => saveShippoKey(ctx, requireAuth(request), request.body),
  );
  app.delete(
    '/api/shippo/api-key',
    { config, schema: { tags, summary: 'Forget the Shippo key of the caller’s scope', response: { 200: ShippoKeyAnswerSchema } } },
    async (request) => deleteShippoKey(ctx, requireAuth(request)),
  );

  app.post(
    '/api/shippo/rates',
    {
      config,
      schema: {
        tags,
        summary: 'Rates for parcels of a vendor order (from, to, parcels), cheapest first, with the carriers’ messages',
        body: RatesBodySchema,
        response: { 200: RatesAnswerSchema },
      },
    },
    async (request) => quoteRates(ctx, requireAuth(request), request.body),
  );
  app.get(
    '/api/shippo/rates/:rateId',
    {
      config,
      schema: { tags, summary: 'A rate quoted earlier', params: z.object({ rateId: z.string().max(100) }), response: { 200: RateSchema } },
    },
    async (request) => rateView(await getScopedRate(ctx.db, requireAuth(request), request.params.rateId)),
  );
  app.post(
    '/api/shippo/label',
    {
      config,
      schema: {
        tags,
        summary:
          'Buy the label of a rate for a vendor order (once): ships what is left, with tracking; its cost goes to the vendor’s ledger',
        body: LabelBodySchema,
        response: { 200: LabelAnswerSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await assertAddon(ctx.db, auth, ctx.now(), 'labels');
      return buyLabel(ctx, auth, request.body);
    },
  );
  app.post(
    '/api/shippo/label/:labelId/void',
    {
      config,
      schema: {
        tags,
        summary: 'Void an unused label: refunded by the provider, its cost credited back and its shipment undone',
        params: LabelParams,
        response: { 200: LabelAnswerSchema },
      },
    },
    async (request) => voidLabel(ctx, requireAuth(request), request.params.labelId),
  );
  app.get(
    '/api/shippo/label/:labelId/file',
    { config, schema: { tags, summary: 'The label file (PDF) to print', params: LabelParams } },
    async (request, reply) => {
      const label = await getScopedLabel(ctx.db, requireAuth(request), request.params.labelId);
      const file = await ctx.storage.get(label.fileKey);
      if (!file) throw notFound('Label file not found');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="label-${label.trackingNumber.replace(/[^\w-]+/g, '') || label.id}.pdf"`)
        .send(file.body);
    },
  );
  app.get(
    '/api/orders/:orderId/shipping',
    {
      config,
      schema: {
        tags,
        summary: 'The label form’s prefill (ship-from, buyer, default package) and the labels of a vendor order',
        params: z.object({ orderId: z.string().max(100) }),
        response: { 200: OrderShippingAnswerSchema },
      },
    },
    async (request) => getOrderShipping(ctx, requireAuth(request), request.params.orderId),
  );
}
