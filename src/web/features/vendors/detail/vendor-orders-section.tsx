import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#web/components/format-date.ts';
import { formatPriceRange } from '#web/components/format-price-range.ts';
import { textLinkClass } from '#web/components/link-styles.ts';
import { useVendorOrders, VENDOR_PAGE_LATEST } from '../api/vendor-overview.ts';
import { LatestList, VendorSection, latestItem } from './vendor-section.tsx';

/** The vendor's latest orders: when, how far shipped, and the vendor's share of each. */
export function VendorOrdersSection({ vendor }: { vendor: string }) {
  const { t, i18n } = useTranslation('vendors');
  const { data, error, isLoading } = useVendorOrders(vendor);
  const orders = data?.orders.slice(0, VENDOR_PAGE_LATEST) ?? [];
  const shown = data ? `${data.counts.count}${data.counts.capped ? '+' : ''}` : '';
  return (
    <VendorSection
      title={data ? t('detail.orders.titleCount', { count: data.counts.count, shown }) : t('detail.orders.title')}
      more={{ to: `/orders?${new URLSearchParams({ vendor })}`, label: t('detail.orders.all') }}
      isLoading={isLoading}
      error={error}
    >
      {data && (
        <LatestList empty={t('detail.orders.empty')} count={orders.length}>
          {orders.map((order) => (
            <li key={order.id} className={latestItem}>
              <span className="min-w-0">
                <Link to={`/orders/${order.orderId}`} className={textLinkClass}>
                  {order.name}
                </Link>{' '}
                <span className="text-gray-600">{formatDate(order.placedAt)}</span>
              </span>
              <span className="text-gray-600">
                {t(`detail.orders.fulfillment.${order.fulfillment}`)}
                {' · '}
                <span className="font-medium text-gray-900 tabular-nums">
                  {formatPriceRange(order.vendorShare, order.vendorShare, order.currency, i18n.language)}
                </span>
              </span>
            </li>
          ))}
        </LatestList>
      )}
    </VendorSection>
  );
}
