import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { primaryLinkClass, secondaryLinkClass } from '#web/components/link-styles.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { useMoney } from '#web/components/use-money.ts';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { deleteDiscount, useDiscounts, type Discount } from './api/discounts.ts';

const STATUS_STYLE: Record<Discount['status'], string> = {
  active: 'bg-green-50 text-green-800 ring-green-600/20',
  scheduled: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
  expired: 'bg-gray-100 text-gray-700 ring-gray-500/20',
};
const SYNC_STYLE: Record<Discount['sync']['state'], string> = {
  synced: 'text-green-800',
  local: 'text-gray-600',
  pending: 'text-orange-800',
  failed: 'text-red-700',
};

/** /app/discounts: the caller's discounts with their status, usage and storefront sync; edit or delete (after a confirmation). */
export function DiscountsPage() {
  const { t } = useTranslation('discounts');
  usePageTitle(t('title'));
  const discounts = useDiscounts();
  const [deleting, setDeleting] = useState<Discount | null>(null);
  const formatMoney = useMoney();
  const money = (d: Discount, amount: string) => formatMoney(amount, d.currency);
  const valueOf = (d: Discount) =>
    d.value.type === 'percentage'
      ? t('list.percentOff', { value: d.value.percentage })
      : t('list.amountOff', { amount: money(d, d.value.fixed) });
  const daysOf = (d: Discount) =>
    d.active.withEndDate && d.active.until
      ? t('list.fromUntil', { from: d.active.from, until: d.active.until })
      : t('list.from', { from: d.active.from });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
        <Link to="/discounts/new" className={primaryLinkClass}>
          {t('list.add')}
        </Link>
      </div>
      {discounts.isLoading && <LoadingBlock />}
      {discounts.error && !discounts.data && (
        <div className="flex flex-wrap items-center gap-4">
          <AlertText>{errorMessage(discounts.error)}</AlertText>
          <Button variant="secondary" onClick={() => void discounts.mutate()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {discounts.data?.discounts.length === 0 && (
        <p className="rounded-lg border border-dashed border-gray-300 px-6 py-8 text-center text-sm text-gray-600">{t('list.empty')}</p>
      )}
      {!!discounts.data?.discounts.length && (
        <ul aria-label={t('title')} className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
          {discounts.data.discounts.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-sm font-semibold text-gray-900">{d.name}</h2>
                  <span className={`inline-flex rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLE[d.status]}`}>
                    {t(`status.${d.status}`)}
                  </span>
                </div>
                <p className="text-sm text-gray-700">
                  {d.method === 'code' ? <span className="font-mono font-semibold">{d.code}</span> : t('list.automatic')} · {valueOf(d)} ·{' '}
                  {d.vendor ? t('list.vendorScope', { vendor: d.vendor }) : t('list.marketplaceScope')} ·{' '}
                  {t(`list.fundedBy_${d.fundedBy}`, { share: d.vendorShare })}
                </p>
                <p className="text-xs text-gray-600">
                  {daysOf(d)} ·{' '}
                  {d.limit.withUsage
                    ? t('list.usageOf', { count: d.usageCount, limit: d.limit.usage })
                    : t('list.usage', { count: d.usageCount })}
                  {d.minPurchase.type === 'amount' && ` · ${t('list.minAmount', { amount: money(d, d.minPurchase.value) })}`}
                  {d.minPurchase.type === 'quantity' && ` · ${t('list.minQuantity', { count: d.minPurchase.value })}`}
                </p>
                <p className={`text-xs ${SYNC_STYLE[d.sync.state]}`}>
                  {t(`sync.${d.sync.state}`)}
                  {d.sync.error && `: ${d.sync.error}`}
                </p>
              </div>
              <div className="flex gap-2">
                <Link to={`/discounts/${d.id}`} className={secondaryLinkClass} aria-label={t('list.editNamed', { name: d.name })}>
                  {t('list.edit')}
                </Link>
                <Button variant="secondary" onClick={() => setDeleting(d)} aria-label={t('list.deleteNamed', { name: d.name })}>
                  {t('list.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('list.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('list.delete')}
        onConfirm={() => deleteDiscount(deleting!.id)}
        onClose={() => setDeleting(null)}
      >
        {t('list.deleteText')}
      </ConfirmDialog>
    </div>
  );
}
