import { useTranslation } from 'react-i18next';
import type { OrderListItem } from '#shared/schemas/orders';

const FULFILLMENT_BADGE: Record<OrderListItem['fulfillment'], string> = {
  unfulfilled: 'bg-amber-100 text-amber-800',
  partial: 'bg-sky-100 text-sky-800',
  fulfilled: 'bg-green-100 text-green-800',
  cancelled: 'bg-gray-100 text-gray-700',
};

const PAYOUT_BADGE: Record<OrderListItem['payout'], string> = {
  due: 'bg-indigo-50 text-indigo-700',
  paid: 'bg-green-100 text-green-800',
};

const PAYMENT_BADGE: Record<OrderListItem['paymentStatus'], string> = {
  pending: 'bg-amber-100 text-amber-800',
  partially_paid: 'bg-amber-100 text-amber-800',
  paid: 'bg-green-100 text-green-800',
  voided: 'bg-gray-100 text-gray-700',
};

const badge = 'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/** Where the shipping of a vendor order stands. */
export function FulfillmentBadge({ fulfillment }: { fulfillment: OrderListItem['fulfillment'] }) {
  const { t } = useTranslation('orders');
  return (
    <span data-testid="fulfillment" className={`${badge} ${FULFILLMENT_BADGE[fulfillment]}`}>
      {t(`fulfillment.${fulfillment}`)}
    </span>
  );
}

/** Whether the vendor has been paid its share of the order. */
export function PayoutBadge({ payout }: { payout: OrderListItem['payout'] }) {
  const { t } = useTranslation('orders');
  return (
    <span data-testid="payout" className={`${badge} ${PAYOUT_BADGE[payout]}`}>
      {t(`payout.${payout}`)}
    </span>
  );
}

/** Whether the buyer's money was collected: an unpaid order's sales are never paid out. */
export function PaymentBadge({ paymentStatus }: { paymentStatus: OrderListItem['paymentStatus'] }) {
  const { t } = useTranslation('orders');
  return (
    <span data-testid="payment-status" className={`${badge} ${PAYMENT_BADGE[paymentStatus]}`}>
      {t(`payment.${paymentStatus}`)}
    </span>
  );
}
