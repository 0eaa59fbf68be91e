import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../api/order-detail.ts';
import { EditorSection } from '#web/components/editor-section.tsx';

type Address = NonNullable<OrderDetail['shippingAddress']>;

/** An address as the lines of a label; parts left empty are left out. */
export function addressLines(address: Address): string[] {
  return [
    address.name,
    address.company,
    address.street1,
    address.street2,
    [address.zip, address.city].filter(Boolean).join(' '),
    address.province,
    address.country,
    address.phone,
  ].filter((part) => part.trim() !== '');
}

function AddressBlock({ title, address }: { title: string; address: Address }) {
  return (
    <div>
      <h3 className="text-sm font-medium text-gray-900">{title}</h3>
      <address className="mt-1 text-sm text-gray-700 not-italic">
        {addressLines(address).map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}

/**
 * Who bought and where it goes. The store may hide the buyer's e-mail, phone and billing address
 * from vendors (settings.orders.hiddenFields): the server sends null and they are left out here.
 */
export function BuyerSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  return (
    <EditorSection title={t('detail.buyer.title')}>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="sr-only">{t('detail.buyer.name')}</dt>
          <dd className="font-medium text-gray-900" data-testid="buyer-name">
            {order.customerName}
          </dd>
        </div>
        {order.customerEmail && (
          <div>
            <dt className="text-gray-600">{t('detail.buyer.email')}</dt>
            <dd>
              <a
                href={`mailto:${order.customerEmail}`}
                className="break-all text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                data-testid="buyer-email"
              >
                {order.customerEmail}
              </a>
            </dd>
          </div>
        )}
        {order.customerPhone && (
          <div>
            <dt className="text-gray-600">{t('detail.buyer.phone')}</dt>
            <dd className="text-gray-900">{order.customerPhone}</dd>
          </div>
        )}
      </dl>
      {order.shippingAddress ? (
        <AddressBlock title={t('detail.buyer.shipping')} address={order.shippingAddress} />
      ) : (
        <p className="text-sm text-gray-600">{t('detail.buyer.noShipping')}</p>
      )}
      {order.billingAddress && <AddressBlock title={t('detail.buyer.billing')} address={order.billingAddress} />}
    </EditorSection>
  );
}
