import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Offer } from '#shared/schemas/offers';
import { Button } from '#web/components/button.tsx';
import { OfferHistory } from './offer-history.tsx';
import { OfferStatusBadge } from './status-badge.tsx';
import { useOfferFormat } from './use-offer-format.ts';

export type OfferDialog = { kind: 'accept' | 'reject' | 'counter'; offer: Offer };

/** One offer: what was offered for what, its state and deadline, the seller's actions, and its history. */
export function OfferCard({ offer, showVendor, onAction }: { offer: Offer; showVendor: boolean; onAction: (dialog: OfferDialog) => void }) {
  const { t } = useTranslation('offers');
  const { money, when } = useOfferFormat();
  const title = offer.product.variantTitle ? `${offer.product.title} (${offer.product.variantTitle})` : offer.product.title;
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-gray-900">
            <Link to={`/products/${offer.product.id}`} className="hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600">
              {title}
            </Link>
          </h2>
          <p className="text-sm text-gray-600">
            {offer.buyerEmail}
            {showVendor && ` · ${offer.vendor.name}`}
          </p>
        </div>
        <OfferStatusBadge status={offer.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-gray-500">{t('card.offer')}</dt>
          <dd className="font-medium text-gray-900">
            {t('card.perUnit', { amount: money(offer.amount, offer.currency), quantity: offer.quantity })}
          </dd>
        </div>
        <div>
          <dt className="text-gray-500">{t('card.price')}</dt>
          <dd className="text-gray-900">{money(offer.price, offer.currency)}</dd>
        </div>
        {offer.counterOffer && (
          <div>
            <dt className="text-gray-500">{t('card.counterOffer')}</dt>
            <dd className="text-gray-900">{money(offer.counterOffer, offer.currency)}</dd>
          </div>
        )}
        {offer.agreedAmount && (
          <div>
            <dt className="text-gray-500">{t('card.agreed')}</dt>
            <dd className="text-gray-900">{money(offer.agreedAmount, offer.currency)}</dd>
          </div>
        )}
        {offer.expiresAt && (
          <div>
            <dt className="text-gray-500">{offer.status === 'accepted' ? t('card.checkoutUntil') : t('card.expires')}</dt>
            <dd className="text-gray-900">{when(offer.expiresAt)}</dd>
          </div>
        )}
        {offer.orderId && (
          <div>
            <dt className="text-gray-500">{t('card.order')}</dt>
            <dd>
              <Link to={`/orders?q=${encodeURIComponent(offer.buyerEmail)}`} className="text-indigo-600 hover:underline">
                {t('card.viewOrders')}
              </Link>
            </dd>
          </div>
        )}
      </dl>
      {(offer.status === 'pending' || offer.status === 'countered') && (
        <div className="mt-4 flex flex-wrap gap-2">
          {offer.status === 'pending' && (
            <>
              <Button onClick={() => onAction({ kind: 'accept', offer })}>{t('actions.accept')}</Button>
              <Button variant="secondary" onClick={() => onAction({ kind: 'counter', offer })}>
                {t('actions.counter')}
              </Button>
            </>
          )}
          <Button variant="secondary" onClick={() => onAction({ kind: 'reject', offer })}>
            {t('actions.reject')}
          </Button>
        </div>
      )}
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600">
          {t('history.show')}
        </summary>
        <div className="mt-2">
          <OfferHistory history={offer.history} currency={offer.currency} />
        </div>
      </details>
    </li>
  );
}
