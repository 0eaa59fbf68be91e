import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OFFER_STATUSES, type OfferStatusFilter } from '#shared/schemas/offers';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { Button } from '#web/components/button.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { useMessageText } from '#web/components/form/message-text.ts';
import { SearchFilter } from '#web/components/list-filters.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useSession } from '#web/session/use-session.ts';
import { actOnOffer, revalidateOffers, useOffers } from './api/offers.ts';
import { CounterDialog } from './counter-dialog.tsx';
import { OfferCard, type OfferDialog } from './offer-card.tsx';
import { OfferSettingsSection } from './offer-settings-section.tsx';
import { useOfferFormat } from './use-offer-format.ts';

interface ListState {
  status: OfferStatusFilter;
  q: string;
  page: number;
}

const readState = (params: URLSearchParams): ListState => {
  const status = params.get('status') as OfferStatusFilter | null;
  const page = Number(params.get('page'));
  return {
    status: status && OFFER_STATUSES.includes(status) ? status : 'all',
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
};
const writeState = (state: ListState) => {
  const params = new URLSearchParams();
  if (state.status !== 'all') params.set('status', state.status);
  if (state.q) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
};

/**
 * /app/offers: the buyers' offers on the caller's products (an admin's marketplace view: every
 * vendor's), newest first, by status tab, searched and paged, all in the address; accept, reject and
 * counter in dialogs; each offer's history under it.
 */
export function OffersPage() {
  const { t } = useTranslation('offers');
  usePageTitle(t('title'));
  const text = useMessageText('offers');
  const { money } = useOfferFormat();
  const user = useSession();
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const { data, error, isLoading, mutate } = useOffers({ status: state.status, q: state.q || undefined, page: state.page });
  const [dialog, setDialog] = useState<OfferDialog | null>(null);
  const go = (next: ListState, replace = false) => setParams(writeState(next), { replace });
  const offers = data?.offers ?? [];

  const act = async (action: 'accept' | 'reject') => {
    if (!dialog) return;
    await actOnOffer({ id: dialog.offer.id, action });
    await revalidateOffers();
  };

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
      <nav aria-label={t('tabs')} className="flex gap-6 overflow-x-auto border-b border-gray-200">
        {OFFER_STATUSES.map((status) => (
          <Link
            key={status}
            to={{ search: writeState({ ...state, status, page: 1 }).toString() }}
            aria-current={status === state.status ? 'page' : undefined}
            className={`-mb-px shrink-0 border-b-2 px-1 pb-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              status === state.status
                ? 'border-indigo-600 text-indigo-600'
                : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
            }`}
          >
            {t(`status.${status}`)}
          </Link>
        ))}
      </nav>
      <div className="max-w-md">
        <SearchFilter
          id="offers-search"
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={state.q}
          onSearch={(q) => go({ ...state, q, page: 1 }, true)}
        />
      </div>

      {isLoading && !data ? (
        <LoadingBlock />
      ) : error && !data ? (
        <LoadFailed message={text(errorMessage(error))} onRetry={() => void mutate()} boxed />
      ) : offers.length === 0 ? (
        <div className="rounded-lg bg-white px-6 py-10 text-center ring-1 ring-gray-200">
          <p className="font-medium text-gray-900">{state.status !== 'all' || state.q ? t('empty.filtered') : t('empty.none')}</p>
          {state.status === 'all' && !state.q && <p className="mt-1 text-sm text-gray-600">{t('empty.explain')}</p>}
          {(state.status !== 'all' || state.q || state.page > 1) && (
            <Button variant="secondary" className="mt-4" onClick={() => go({ status: 'all', q: '', page: 1 })}>
              {t('empty.clear')}
            </Button>
          )}
        </div>
      ) : (
        <ul className="space-y-4" aria-label={t('title')} aria-busy={isLoading}>
          {offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} showVendor={!!user?.admin && !!user.marketplaceView} onAction={setDialog} />
          ))}
        </ul>
      )}

      {data && data.pageCount > 1 && (
        <nav aria-label={t('pages')} className="flex items-center justify-between gap-4">
          <Button variant="secondary" disabled={state.page <= 1} onClick={() => go({ ...state, page: state.page - 1 })}>
            {t('previous')}
          </Button>
          <span className="text-sm text-gray-700">{t('pageOf', { page: state.page, count: data.pageCount })}</span>
          <Button variant="secondary" disabled={state.page >= data.pageCount} onClick={() => go({ ...state, page: state.page + 1 })}>
            {t('next')}
          </Button>
        </nav>
      )}

      <OfferSettingsSection isMarketplace={!!user?.admin && !!user.marketplaceView} />

      {dialog?.kind === 'counter' && <CounterDialog offer={dialog.offer} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog?.kind === 'accept'}
        title={t('accept.title')}
        confirmLabel={t('actions.accept')}
        destructive={false}
        messageText={text}
        onConfirm={() => act('accept')}
        onClose={() => setDialog(null)}
      >
        {dialog &&
          t('accept.explain', {
            amount: money(dialog.offer.amount, dialog.offer.currency),
            quantity: dialog.offer.quantity,
            buyer: dialog.offer.buyerEmail,
          })}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'reject'}
        title={t('reject.title')}
        confirmLabel={t('actions.reject')}
        messageText={text}
        onConfirm={() => act('reject')}
        onClose={() => setDialog(null)}
      >
        {dialog && t('reject.explain', { buyer: dialog.offer.buyerEmail })}
      </ConfirmDialog>
    </div>
  );
}
