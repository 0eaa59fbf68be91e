import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import type { OrderDetail } from '../api/order-detail.ts';
import { retryPlatformShipment } from '../api/shipping-labels.ts';
import { EditorSection } from '#web/components/editor-section.tsx';
import { textLinkClass } from '#web/components/link-styles.ts';
import { formatDateTime } from '#web/components/format-date.ts';
import { lineName } from './line-name.ts';

/** What has been shipped so far, oldest first: when, with whom, the tracking number and link, and which items. */
export function ShipmentsSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const titles = new Map(order.lines.map((line) => [line.id, lineName(line)]));
  return (
    <EditorSection title={t('detail.shipments.title')}>
      {order.fulfillments.length === 0 ? (
        <p className="text-sm text-gray-600">{t('detail.shipments.empty')}</p>
      ) : (
        <ol className="divide-y divide-gray-100">
          {order.fulfillments.map((shipment) => (
            <li key={shipment.id} data-testid="shipment" className="py-3 text-sm first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-medium text-gray-900">
                  {shipment.carrier || t('detail.shipments.noCarrier')}
                  {shipment.tracking && (
                    <>
                      {' · '}
                      <span className="sr-only">{t('detail.shipments.tracking')} </span>
                      <span data-testid="tracking">{shipment.tracking}</span>
                    </>
                  )}
                </p>
                <time dateTime={shipment.createdAt} className="text-gray-600">
                  {formatDateTime(shipment.createdAt)}
                </time>
              </div>
              <ul className="mt-1 text-gray-700">
                {shipment.lines.map((line) => (
                  <li key={line.lineId}>{t('detail.shipments.line', { title: titles.get(line.lineId) ?? '', count: line.quantity })}</li>
                ))}
              </ul>
              {shipment.url && (
                <a href={shipment.url} target="_blank" rel="noopener noreferrer" className={`mt-1 inline-block ${textLinkClass}`}>
                  {t('detail.shipments.track')}
                </a>
              )}
              {shipment.platformSync && <PlatformSync orderId={order.id} shipmentId={shipment.id} sync={shipment.platformSync} />}
            </li>
          ))}
        </ol>
      )}
    </EditorSection>
  );
}

type Sync = NonNullable<OrderDetail['fulfillments'][number]['platformSync']>;

/** Whether the shipment reached the storefront platform; a failure says why and can be sent again. */
function PlatformSync({ orderId, shipmentId, sync }: { orderId: string; shipmentId: string; sync: Sync }) {
  const { t } = useTranslation('orders');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const retry = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await retryPlatformShipment(orderId, shipmentId);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-1" data-testid="platform-sync">
      <p className={sync.state === 'failed' ? 'text-red-700' : 'text-gray-600'}>{t(`detail.shipments.sync.${sync.state}`)}</p>
      {sync.state === 'failed' && (
        <>
          {sync.error && <p className="text-gray-600">{sync.error}</p>}
          <Button variant="secondary" loading={busy} onClick={() => void retry()} className="mt-1">
            {t('detail.shipments.sync.retry')}
          </Button>
        </>
      )}
      {failure ? <AlertText>{errorMessage(failure)}</AlertText> : null}
    </div>
  );
}
