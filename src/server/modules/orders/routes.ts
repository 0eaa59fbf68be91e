import { z } from 'zod';
import {
  CancelAnswerSchema,
  CheckoutAnswerSchema,
  CheckoutBodySchema,
  CheckoutRatesBodySchema,
  FulfillAnswerSchema,
  FulfillBodySchema,
  MarkPaidAnswerSchema,
  OrderCommissionAnswerSchema,
  OrderCommissionBodySchema,
  OrderDetailAnswerSchema,
  OrderListAnswerSchema,
  OrderListQuerySchema,
  RefundAnswerSchema,
  RefundBodySchema,
} from '#shared/schemas/orders';
import { DeliveryOptionsAnswerSchema } from '#shared/schemas/delivery';
import { ShipmentPushAnswerSchema } from '#shared/schemas/shipping';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { fastSerializerCompiler } from '#server/http/fast-serializer';
import { ExportStartedSchema } from '#shared/schemas/products';
import { EXPORT_RATE_LIMIT, registerExportRoutes } from '../exports/index.ts';
import { ORDER_EXPORT, startOrderExport } from './export-orders.ts';
import { cancelOrderByAdmin, refundOrderByAdmin } from './cancel-refund-by-admin.ts';
import { fulfillOrder } from './fulfill-order.ts';
import { markOrderPaid } from './mark-order-paid.ts';
import { getOrder } from './get-order.ts';
import { listOrders } from './list-orders.ts';
import { renderOrderDocument } from './order-documents.ts';
import { sendDocument } from '../documents/index.ts';
import { overrideOrderCommission } from './override-commission.ts';
import { resolvePublicStore } from '../stores/index.ts';
import { placeCheckout } from './place-checkout.ts';
import { quoteCheckoutRates } from './checkout-rates.ts';
import { retryPlatformShipment } from './push-shipment.ts';

/** Buyers check out from storefront pages: per-address limit (429 after). */
export const CHECKOUT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
/** A buyer asks again as the address or the cart changes: more than checkouts, still per address. */
const CHECKOUT_RATES_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

const tags = ['orders'];
const OrderIdParams = z.object({ orderId: z.string().max(100) });

export function registerOrderRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/orders',
    {
      config: { policy: 'user', readAhead: true },
      schema: {
        tags,
        summary: "The caller's vendor orders, newest first (25 a page), with counts by payout state",
        querystring: OrderListQuerySchema,
        response: { 200: OrderListAnswerSchema },
      },
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => listOrders(ctx, requireAuth(request), request.query),
  );

  app.get(
    '/api/orders/:orderId',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary:
          "A vendor order with its lines, shipments and buyer (hidden fields withheld from vendors); admins also get every vendor's part",
        params: OrderIdParams,
        response: { 200: OrderDetailAnswerSchema },
      },
    },
    async (request) => getOrder(ctx, requireAuth(request), request.params.orderId),
  );

  app.post(
    '/api/orders/:orderId/fulfill',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: 'Ship lines of a vendor order (carrier, tracking, url); answers the shipment and the next order to fulfil',
        params: OrderIdParams,
        body: FulfillBodySchema,
        response: { 200: FulfillAnswerSchema },
      },
    },
    async (request) => fulfillOrder(ctx, requireAuth(request), request.params.orderId, request.body),
  );

  app.post(
    '/api/orders/:orderId/shipments/:shipmentId/push',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: 'Send a shipment that failed to reach the storefront platform again (fulfillmentCreate, as a job)',
        params: z.object({ orderId: z.string().max(100), shipmentId: z.uuid({ error: 'Shipment not found' }) }),
        response: { 200: ShipmentPushAnswerSchema },
      },
    },
    async (request) => retryPlatformShipment(ctx, requireAuth(request), request.params.orderId, request.params.shipmentId),
  );

  app.post(
    '/api/orders/:orderId/cancel',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary:
          'Cancel a built-in storefront order (every vendor part of it) while nothing has shipped: stock returned, ledger entries reversed',
        params: OrderIdParams,
        response: { 200: CancelAnswerSchema },
      },
    },
    async (request) => cancelOrderByAdmin(ctx, requireAuth(request), request.params.orderId),
  );

  app.post(
    '/api/orders/:orderId/mark-paid',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary:
          'Mark a built-in storefront order paid (a manual method: bank transfer, cash on delivery): its vendor parts enter the ledger',
        params: OrderIdParams,
        response: { 200: MarkPaidAnswerSchema },
      },
    },
    async (request) => markOrderPaid(ctx, requireAuth(request), request.params.orderId),
  );

  app.post(
    '/api/orders/:orderId/refunds',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary:
          "Refund units of the lines and shipping of a built-in storefront order: stock returned (restock), refund entries in the vendors' ledgers",
        params: OrderIdParams,
        body: RefundBodySchema,
        response: { 201: RefundAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await refundOrderByAdmin(ctx, requireAuth(request), request.params.orderId, request.body)),
  );

  app.post(
    '/api/orders/export',
    {
      config: { policy: 'user', rateLimit: EXPORT_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Export the filtered order list as CSV (one row per line), in the background; poll GET orders/exports/{exportId}',
        querystring: OrderListQuerySchema,
        response: { 202: ExportStartedSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await startOrderExport(ctx, requireAuth(request), request.query)),
  );
  registerExportRoutes(app, ctx, ORDER_EXPORT, tags);

  app.get(
    '/api/orders/:orderId/documents/:document',
    {
      config: { policy: 'user' },
      schema: {
        tags,
        summary: 'The invoice or the packing slip of a vendor order, as a PDF (HTML to print where the server has no Chromium)',
        params: z.object({ orderId: z.string().max(100), document: z.string().max(20) }),
      },
    },
    async (request, reply) => {
      return sendDocument(reply, await renderOrderDocument(ctx, requireAuth(request), request.params.orderId, request.params.document));
    },
  );

  app.put(
    '/api/orders/commission',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: "An admin's commission for one vendor on one order (flat + percentage), while it is not paid out",
        body: OrderCommissionBodySchema,
        response: { 200: OrderCommissionAnswerSchema },
      },
    },
    async (request) => overrideOrderCommission(ctx, requireAuth(request), request.body),
  );

  app.post(
    '/api/storefront/checkout',
    {
      config: { policy: 'public', rateLimit: CHECKOUT_RATE_LIMIT },
      schema: {
        tags: ['orders'],
        summary:
          "The built-in storefront's checkout: an order of approved, active products, priced, shipped and stocked by the server, pending until paid (card: the Stripe page's paymentUrl; manual methods: an admin marks it paid)",
        body: CheckoutBodySchema,
        response: { 200: CheckoutAnswerSchema },
      },
    },
    async (request) => {
      const store = await resolvePublicStore(ctx, request.body.store, request.hostname);
      return placeCheckout(ctx, store.id, request.body);
    },
  );

  app.post(
    '/api/storefront/checkout/rates',
    {
      config: { policy: 'public', rateLimit: CHECKOUT_RATES_RATE_LIMIT },
      schema: {
        tags: ['orders'],
        summary:
          "The built-in storefront's delivery options for a cart and address (ids for the checkout's shippingRate), priced as the checkout will",
        body: CheckoutRatesBodySchema,
        response: { 200: DeliveryOptionsAnswerSchema },
      },
    },
    async (request) => {
      const store = await resolvePublicStore(ctx, request.body.store, request.hostname);
      return quoteCheckoutRates(ctx, store.id, request.body);
    },
  );
}
