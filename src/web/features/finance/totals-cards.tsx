import { useTranslation } from 'react-i18next';
import type { TransactionListAnswer } from './api/transactions.ts';
import { useFinanceFormat } from './use-finance-format.ts';

const FIGURES = ['grossSales', 'commission', 'refunds', 'payouts', 'net', 'balance'] as const;

/** The totals of the filtered entries per currency (aggs), and the balance owed now. */
export function TotalsCards({ aggs }: { aggs: TransactionListAnswer['aggs'] }) {
  const { t } = useTranslation('finance');
  const format = useFinanceFormat();
  if (aggs.length === 0) return null;
  return (
    <div className="space-y-4">
      {aggs.map((agg) => (
        <dl
          key={agg.currency}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
          aria-label={t('totals.label', { currency: agg.currency })}
        >
          {FIGURES.map((figure) => (
            <div key={figure} className="rounded-lg bg-white px-4 py-4 shadow-xs ring-1 ring-gray-900/5" data-testid={`total-${figure}`}>
              <dt className="text-xs font-medium text-gray-600">{t(`totals.${figure}`)}</dt>
              <dd className="mt-1 text-lg font-semibold text-gray-900">{format.money(agg[figure], agg.currency)}</dd>
            </div>
          ))}
        </dl>
      ))}
    </div>
  );
}
