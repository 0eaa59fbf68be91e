import { useTranslation } from 'react-i18next';
import { amountToMinor, toAmountText } from '#shared/money';
import type { TransactionListAnswer } from './api/transactions.ts';
import { useFinanceFormat } from './use-finance-format.ts';

const FIGURES = ['grossSales', 'commission', 'refunds', 'payouts', 'net', 'balance'] as const;

/**
 * The ledger keeps every figure from the vendor's balance: commission, refunds and payouts take
 * money out of it, so they are negative there. On these cards each reader sees what the figure is to
 * them (commission the marketplace earned or charged, money refunded, money paid out), so those
 * three show as amounts, not as deductions.
 */
const SHOWN_AS_AMOUNTS = new Set<(typeof FIGURES)[number]>(['commission', 'refunds', 'payouts']);
const opposite = (amount: string, currency: string) => toAmountText(-amountToMinor(amount, currency) || 0, currency);

/** The totals of the filtered entries per currency (aggs), and what is owed now, in the words of the marketplace or of the vendor. */
export function TotalsCards({ aggs, reader }: { aggs: TransactionListAnswer['aggs']; reader: 'marketplace' | 'vendor' }) {
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
              <dt className="text-xs font-medium text-gray-600">{t(`totals.${reader}.${figure}`)}</dt>
              <dd className="mt-1 text-lg font-semibold text-gray-900">
                {format.money(SHOWN_AS_AMOUNTS.has(figure) ? opposite(agg[figure], agg.currency) : agg[figure], agg.currency)}
              </dd>
            </div>
          ))}
        </dl>
      ))}
    </div>
  );
}
