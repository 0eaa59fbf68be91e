import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { showToast } from '#web/components/toast.tsx';
import { resolvePayoutException, revalidatePayoutExceptions, usePayoutExceptions, type PayoutException } from './api/payout-exceptions.ts';
import { revalidateTransactions } from './api/transactions.ts';
import { useFinanceFormat } from './use-finance-format.ts';

/**
 * The admin's list of payouts whose fate needs them: failed, returned or reversed by the provider
 * (already reversed in the ledger, the orders due again), in doubt (the admin says whether the
 * provider paid), or found apart from the provider's records. Shown while any is open.
 */
export function PayoutExceptions() {
  const { t } = useTranslation('finance');
  const format = useFinanceFormat();
  const { data } = usePayoutExceptions();
  const open = data?.exceptions.filter((e) => !e.resolvedAt) ?? [];
  if (open.length === 0) return null;

  const resolve = async (exception: PayoutException, outcome?: 'paid' | 'not_paid') => {
    try {
      await resolvePayoutException({ id: exception.id, outcome, note: '' });
      showToast('success', t('exceptions.resolved'));
      await Promise.all([revalidatePayoutExceptions(), revalidateTransactions()]);
    } catch (error) {
      showToast('error', errorMessage(error));
    }
  };

  return (
    <section
      className="rounded-lg bg-white shadow-xs ring-1 ring-amber-300"
      aria-label={t('exceptions.title', { count: open.length })}
      data-testid="payout-exceptions"
    >
      <h2 className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
        {t('exceptions.title', { count: open.length })}
      </h2>
      <ul className="divide-y divide-gray-100">
        {open.map((e) => (
          <li key={e.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 text-sm">
            <div className="min-w-0 space-y-1">
              <p className="font-medium text-gray-900">
                {t(`exceptions.kinds.${e.kind}`)} · {e.provider === 'stripe' ? 'Stripe' : 'PayPal'}
                {e.vendor && <> · {e.vendor}</>}
                {e.amount && e.currency && <> · {format.money(e.amount, e.currency)}</>}
              </p>
              <p className="break-words text-gray-700">{e.reason}</p>
              <p className="text-xs text-gray-500">
                {format.date(e.createdAt)}
                {e.providerRef && <> · {e.providerRef}</>}
              </p>
            </div>
            <div className="flex gap-2">
              {e.kind === 'in_doubt' ? (
                <>
                  <Button variant="secondary" onClick={() => void resolve(e, 'paid')}>
                    {t('exceptions.paid')}
                  </Button>
                  <Button variant="secondary" onClick={() => void resolve(e, 'not_paid')}>
                    {t('exceptions.notPaid')}
                  </Button>
                </>
              ) : (
                <Button variant="secondary" onClick={() => void resolve(e)}>
                  {t('exceptions.resolve')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
