import type { ServerModule } from '#server/server-module';
import { CHECKOUT_EXPIRY_JOB, expireCheckout } from './checkout-payment.ts';
import { ORDER_EXPORT } from './export-orders.ts';
import { countOpenOrders } from './order-counters.ts';
import { ORDER_REMINDER_JOB, sendOrderReminder } from './order-reminders.ts';
import { PUSH_SHIPMENT_JOB, pushShipment } from './push-shipment.ts';
import { registerOrderRoutes } from './routes.ts';

export type { CheckoutOfferReader } from './checkout-offers.ts';

/** The orders module: ingestion, the built-in checkout, fulfilment, cancellations, refunds. */
export const ordersModule: ServerModule = {
  register: registerOrderRoutes,
  jobs(ctx) {
    ctx.jobs.register(ORDER_REMINDER_JOB, (payload) => sendOrderReminder(ctx, payload));
    ctx.jobs.register(PUSH_SHIPMENT_JOB, (payload) => pushShipment(ctx, payload));
    ctx.jobs.register(CHECKOUT_EXPIRY_JOB, async (payload) => {
      await expireCheckout(ctx, payload.storeId, payload.orderId);
    });
  },
  contributes: { statusCounters: [countOpenOrders], exportSources: [ORDER_EXPORT] },
};

export { applyPaymentEvent, orderOfPaymentEvent } from './apply-payment-event.ts';
export { buyerPhone, hiddenBuyerFields } from './buyer-contact.ts';
export { cancelOrder, findPlatformOrder } from './cancel-order.ts';
export { type CheckoutOffer } from './checkout-offers.ts';
export { ORDER_EXPORT } from './export-orders.ts';
export { recordShipment } from './fulfill-order.ts';
export {
  fromPlatformOrder,
  fromPlatformRefund,
  PlatformCancelSchema,
  PlatformOrderSchema,
  PlatformRefundSchema,
} from './incoming-order.ts';
export { ingestOrder } from './ingest-order.ts';
export { getScopedVendorOrder, OPEN_ORDER } from './order-scope.ts';
export { recordOrderPayment } from './record-order-payment.ts';
export { refundOrder } from './refund-order.ts';
export { moveStock } from './stock.ts';
