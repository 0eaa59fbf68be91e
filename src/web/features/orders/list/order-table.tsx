import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderListItem } from '../api/list-orders.ts';
import { FulfillmentBadge, PaymentBadge, PayoutBadge } from '../order-badges.tsx';
import { useMoney } from '#web/components/use-money.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { formatDateTime } from '#web/components/format-date.ts';
import { CardTable } from '#web/components/card-table.tsx';

interface OrderTableProps {
  orders: OrderListItem[];
  /** The table's name for screen readers. */
  caption: string;
  /** The marketplace view shows whose part of an order each row is. */
  showVendor: boolean;
  isBusy?: boolean;
}

/** The order tables' cells (also the detail's lines and fulfil tables); amounts line up on the right. */
export const th = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase';
export const td = 'px-3 py-3 align-middle text-sm text-gray-700';
export const amount = `${td} text-right whitespace-nowrap tabular-nums`;
export const amountHeader = `${th} text-right`;

/** Vendor orders as rows: the order (a link to it), when, whose, for whom, how far shipped and paid out, and the money. */
export function OrderTable({ orders, caption, showVendor, isBusy = false }: OrderTableProps) {
  const { t } = useTranslation('orders');
  const words = useWordingValues();
  const money = useMoney();
  return (
    <div
      className={`scroll-box rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5 ${isBusy ? 'opacity-60' : ''}`}
      aria-busy={isBusy || undefined}
    >
      <CardTable
        className="min-w-full divide-y divide-gray-200"
        labels={[
          null,
          t('list.columns.date'),
          ...(showVendor ? [words.Vendor] : []),
          t('list.columns.buyer'),
          t('list.columns.items'),
          t('list.columns.fulfillment'),
          t('list.columns.payout'),
          t('list.columns.subtotal'),
          words.Commission,
          t('list.columns.vendorShare', words),
        ]}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className={th}>
              {t('list.columns.order')}
            </th>
            <th scope="col" className={th}>
              {t('list.columns.date')}
            </th>
            {showVendor && (
              <th scope="col" className={th}>
                {words.Vendor}
              </th>
            )}
            <th scope="col" className={th}>
              {t('list.columns.buyer')}
            </th>
            <th scope="col" className={amountHeader}>
              {t('list.columns.items')}
            </th>
            <th scope="col" className={th}>
              {t('list.columns.fulfillment')}
            </th>
            <th scope="col" className={th}>
              {t('list.columns.payout')}
            </th>
            <th scope="col" className={amountHeader}>
              {t('list.columns.subtotal')}
            </th>
            <th scope="col" className={amountHeader}>
              {words.Commission}
            </th>
            <th scope="col" className={amountHeader}>
              {t('list.columns.vendorShare', words)}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {orders.map((order) => (
            <tr key={order.id} data-testid="order-row">
              <th scope="row" className="card-title px-3 py-3 text-left text-sm font-medium whitespace-nowrap">
                <Link
                  to={`/orders/${order.id}`}
                  className="text-gray-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {order.name}
                </Link>
              </th>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={order.placedAt}>{formatDateTime(order.placedAt)}</time>
              </td>
              {showVendor && (
                <td className={td} data-testid="vendor">
                  {order.vendor}
                </td>
              )}
              <td className={td}>{order.customerName}</td>
              <td className={amount}>{order.itemCount}</td>
              <td className={td}>
                <FulfillmentBadge fulfillment={order.fulfillment} />
              </td>
              <td className={td}>
                <span className="inline-flex flex-wrap justify-end gap-1 md:flex md:justify-start">
                  <PaymentBadge paymentStatus={order.paymentStatus} />
                  <PayoutBadge payout={order.payout} />
                </span>
              </td>
              <td className={amount}>{money(order.subtotal, order.currency)}</td>
              <td className={amount} data-testid="commission">
                {money(order.commission, order.currency)}
              </td>
              <td className={amount}>{money(order.vendorShare, order.currency)}</td>
            </tr>
          ))}
        </tbody>
      </CardTable>
    </div>
  );
}
