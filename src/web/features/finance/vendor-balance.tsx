import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { usePayoutSchedule } from './api/payout-schedule.ts';
import type { TransactionListAnswer } from './api/transactions.ts';
import { useFinanceFormat } from './use-finance-format.ts';
import { PayoutFigures } from './payout-figures.tsx';

/** A vendor's view of its money: what the marketplace owes it now, with shortcuts to its due orders and its payouts. */
export function VendorBalance({
  aggs,
  onShowDue,
  onShowPayouts,
}: {
  aggs: TransactionListAnswer['aggs'] | undefined;
  onShowDue: () => void;
  onShowPayouts: () => void;
}) {
  const { t } = useTranslation('finance');
  const format = useFinanceFormat();
  const schedule = usePayoutSchedule();
  return (
    <section
      className="rounded-lg bg-white px-4 py-5 shadow-xs ring-1 ring-gray-900/5"
      aria-label={t('vendor.balance')}
      data-testid="vendor-balance"
    >
      <h2 className="text-sm font-medium text-gray-600">{t('vendor.balance')}</h2>
      <p className="mt-1 text-2xl font-semibold text-gray-900">
        {aggs && aggs.length > 0 ? aggs.map((a) => format.money(a.balance, a.currency)).join(' + ') : '—'}
      </p>
      <PayoutFigures />
      {schedule && (
        <p className="mt-1 text-sm text-gray-600" data-testid="payout-schedule">
          {t(`vendor.schedule.${schedule}`)}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onShowDue}>
          {t('vendor.due')}
        </Button>
        <Button variant="secondary" onClick={onShowPayouts}>
          {t('vendor.payouts')}
        </Button>
      </div>
    </section>
  );
}
