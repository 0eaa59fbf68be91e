import { useTranslation } from 'react-i18next';
import { usePayoutSummary } from './api/payouts.ts';
import { useFinanceFormat } from './use-finance-format.ts';

/** A vendor's money in three figures per currency: available now, pending (held until a day), paid out. */
export function PayoutFigures() {
  const { t } = useTranslation('finance');
  const format = useFinanceFormat();
  const { data } = usePayoutSummary();
  if (!data || data.figures.length === 0) return null;
  return (
    <div className="mt-3 space-y-3" data-testid="payout-figures">
      {data.figures.map((f) => (
        <dl key={f.currency} className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-xs font-medium text-gray-600">{t('vendor.available')}</dt>
            <dd className="text-lg font-semibold text-gray-900" data-testid="figure-available">
              {format.money(f.available, f.currency)}
            </dd>
            {!f.reachesMinimum && Number(f.available) > 0 && <dd className="text-xs text-gray-600">{t('vendor.belowMinimum')}</dd>}
          </div>
          <div>
            <dt className="text-xs font-medium text-gray-600">{t('vendor.pending')}</dt>
            <dd className="text-lg font-semibold text-gray-900" data-testid="figure-pending">
              {format.money(f.pending, f.currency)}
            </dd>
            {f.pendingUntil && <dd className="text-xs text-gray-600">{t('vendor.pendingUntil', { date: format.date(f.pendingUntil) })}</dd>}
          </div>
          <div>
            <dt className="text-xs font-medium text-gray-600">{t('vendor.paid')}</dt>
            <dd className="text-lg font-semibold text-gray-900" data-testid="figure-paid">
              {format.money(f.paid, f.currency)}
            </dd>
          </div>
        </dl>
      ))}
    </div>
  );
}
