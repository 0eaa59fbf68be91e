import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HttpError } from '#web/api/http-error.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { hasPermission } from '#web/session/session-user.ts';
import { useSession } from '#web/session/use-session.ts';
import type { FulfillAnswer } from '../api/fulfill-order.ts';
import { useOrderDetail, type OrderDetailAnswer } from '../api/order-detail.ts';
import { markOrderPaid } from '../api/mark-paid.ts';
import { FulfillmentBadge, PaymentBadge, PayoutBadge } from '../order-badges.tsx';
import { showToast } from '#web/components/toast.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { formatDate, formatDateTime } from '#web/components/format-date.ts';
import { ChangeHistory } from '#web/components/change-history/change-history.tsx';
import { EditorSection } from '#web/components/editor-section.tsx';
import { BuyerSection } from './buyer-section.tsx';
import { CommissionSection } from './commission-section.tsx';
import { DocumentsSection } from './documents-section.tsx';
import { FulfilSection } from './fulfil-section.tsx';
import { LabelSection } from './label-section.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderTotals } from './order-totals.tsx';
import { OtherParts } from './other-parts.tsx';
import { ShipmentsSection } from './shipments-section.tsx';

/** /app/orders/:orderId: one vendor order (one vendor's part of a buyer's order). */
export function OrderPage() {
  const { orderId = '' } = useParams();
  const { t } = useTranslation('orders');
  const { data, error, mutate } = useOrderDetail(orderId);
  usePageTitle(data ? t('detail.pageTitle', { name: data.order.name }) : t('title'));

  if (error && !data) {
    const isMissing = error instanceof HttpError && error.status === 404;
    return (
      <div className="space-y-6">
        <BackToOrders />
        <AlertText>{isMissing ? t('detail.notFound') : errorMessage(error)}</AlertText>
        {!isMissing && (
          <Button variant="secondary" onClick={() => void mutate()}>
            {t('retry')}
          </Button>
        )}
      </div>
    );
  }
  if (!data) {
    return (
      <div className="space-y-6">
        <BackToOrders />
        <LoadingBlock />
      </div>
    );
  }
  // Another order (the "next order" link) starts with its own screen state.
  return <OrderView key={orderId} answer={data} />;
}

function BackToOrders() {
  const { t } = useTranslation('orders');
  return (
    <Link
      to="/orders"
      className="text-sm font-medium text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span aria-hidden="true">← </span>
      {t('detail.backToList')}
    </Link>
  );
}

/** An admin records the buyer's manual payment (bank transfer, cash on delivery), as the platform's "mark as paid" does. */
function MarkPaidButton({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async () => {
    setBusy(true);
    setError('');
    try {
      await markOrderPaid(orderId);
      showToast('success', t('detail.markedPaid'));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={() => void run()}>
        {t('detail.markPaid')}
      </Button>
      {error && <AlertText>{error}</AlertText>}
    </>
  );
}

function OrderView({ answer: { order, adminOrders, variantDetails } }: { answer: OrderDetailAnswer }) {
  const { t } = useTranslation('orders');
  const words = useWordingValues();
  const user = useSession();
  const isAdmin = !!user?.admin;
  const [shipment, setShipment] = useState<FulfillAnswer | null>(null);
  return (
    <div className="space-y-6">
      <div>
        <BackToOrders />
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-gray-900">{order.name}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-600">
          <time dateTime={order.placedAt}>{formatDateTime(order.placedAt)}</time>
          {isAdmin && (
            <span>
              {words.Vendor}: <span className="font-medium text-gray-900">{order.vendor}</span>
            </span>
          )}
          <FulfillmentBadge fulfillment={order.fulfillment} />
          <PaymentBadge paymentStatus={order.paymentStatus} />
          <PayoutBadge payout={order.payout} />
          {order.expectedPayoutAt && (
            <span data-testid="expected-payout">{t('detail.expectedPayout', { date: formatDate(order.expectedPayoutAt) })}</span>
          )}
          {isAdmin && (order.paymentStatus === 'pending' || order.paymentStatus === 'partially_paid') && (
            <MarkPaidButton orderId={order.id} />
          )}
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <OrderLines order={order} variantDetails={variantDetails} />
          {hasPermission(user, 'write_orders') && <LabelSection order={order} />}
          {hasPermission(user, 'write_orders') && <FulfilSection order={order} shipment={shipment} onShipped={setShipment} />}
          <ShipmentsSection order={order} />
          <EditorSection title={t('detail.history')}>
            <ChangeHistory query={{ entity: 'vendor_orders', entityId: order.id }} label={t('detail.history')} />
          </EditorSection>
          {isAdmin && <OtherParts order={order} adminOrders={adminOrders} />}
        </div>
        <div className="space-y-6">
          <OrderTotals order={order} />
          <DocumentsSection order={order} />
          <BuyerSection order={order} />
          {isAdmin && <CommissionSection order={order} />}
        </div>
      </div>
    </div>
  );
}
