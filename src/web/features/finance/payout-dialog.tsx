import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayIn } from '#shared/days';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { DialogActions, DialogFrame } from '#web/components/dialog-frame.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LabelledInput } from '#web/components/form/labelled-input.tsx';
import { FilterSelect } from '#web/components/list-filters.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { pay, preparePayout, type PayAnswer, type PayoutLine, type PayoutMethod, type PreparedPayout } from './api/payouts.ts';
import { useFinanceFormat } from './use-finance-format.ts';

interface PayoutDialogProps {
  open: boolean;
  lines: PayoutLine[];
  onClose: () => void;
  /** After a payment ran (whatever its results): the list and the figures are stale. */
  onPaid: () => void;
}

/**
 * The payout flow: the chosen lines are prepared (what each vendor gets, and whether the card
 * provider's balance covers it), then paid by the method chosen per vendor, or recorded as paid
 * by hand (date and details), and the results per vendor are shown.
 */
/** A pending payment was sent and waits for the provider's answer (the recovery job settles it). */
const RESULT_COLOUR = { paid: 'text-green-800', pending: 'text-amber-800', failed: 'text-red-700' } as const;

export function PayoutDialog({ open, lines, onClose, onPaid }: PayoutDialogProps) {
  const { t } = useTranslation('finance');
  const format = useFinanceFormat();
  const [prepared, setPrepared] = useState<PreparedPayout | null>(null);
  const [results, setResults] = useState<PayAnswer['results'] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [methods, setMethods] = useState<Record<string, PayoutMethod>>({});
  const [paidAt, setPaidAt] = useState(() => dayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date()));
  const [details, setDetails] = useState('');

  // Prepared once each time the dialog opens, for the lines chosen then.
  const prepare = useEffectEvent(() => preparePayout({ payoutLines: lines }).then(setPrepared, (e: unknown) => setError(errorMessage(e))));
  useEffect(() => {
    if (!open) return;
    setPrepared(null);
    setResults(null);
    setError('');
    setMethods({});
    void prepare();
  }, [open]);

  const payable = prepared?.allocations.filter((a) => a.payable) ?? [];
  const usesManual = payable.some((a) => (methods[a.vendor] ?? 'manual') === 'manual');
  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      const answer = await pay({ payoutLines: lines, methods, manual: { paidAt, details } });
      setResults(answer.results);
      onPaid();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <DialogFrame open={open} onClose={close} title={results ? t('pay.resultsTitle') : t('pay.title')}>
      {results ? (
        <ul className="space-y-2 text-sm" data-testid="payout-results">
          {results.map((r) => (
            <li key={`${r.vendor}-${r.currency}`} className={RESULT_COLOUR[r.status]}>
              {t(`pay.${r.status}`, { vendor: r.vendor, amount: format.money(r.amount, r.currency), method: t(`methods.${r.method}`) })}
              {r.message && <span className="block text-xs">{r.message}</span>}
            </li>
          ))}
        </ul>
      ) : !prepared ? (
        error ? null : (
          <LoadingBlock />
        )
      ) : (
        <form
          id="payout-form"
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {prepared.stripeBalance !== null && (
            <p className="text-sm text-gray-600">
              {t('pay.stripeBalance', { amount: format.money(prepared.stripeBalance.amount, prepared.stripeBalance.currency) })}
            </p>
          )}
          {prepared.allocations.length === 0 && <p className="text-sm text-gray-900">{t('pay.nothing')}</p>}
          <ul className="divide-y divide-gray-100">
            {prepared.allocations.map((a) => (
              <li key={`${a.vendor}-${a.currency}`} className="space-y-2 py-3" data-testid="allocation">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium text-gray-900">{a.vendor}</span>
                  <span className={`tabular-nums ${a.payable ? 'text-gray-900' : 'text-red-700'}`}>
                    {format.money(a.amount, a.currency)}
                  </span>
                </div>
                <p className="text-xs text-gray-600">{a.orderNames.join(', ')}</p>
                {a.payable ? (
                  <FilterSelect
                    id={`method-${a.vendor}`}
                    label={t('pay.method', { vendor: a.vendor })}
                    value={methods[a.vendor] ?? 'manual'}
                    options={a.methods.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
                    onChange={(m) => setMethods({ ...methods, [a.vendor]: m })}
                  />
                ) : (
                  <p className="text-xs text-red-700">{t('pay.notPayable')}</p>
                )}
              </li>
            ))}
          </ul>
          {prepared.total.length > 0 && (
            <p className="text-sm font-semibold text-gray-900">
              {t('pay.total', { amount: prepared.total.map((x) => format.money(x.amount, x.currency)).join(' + ') })}
            </p>
          )}
          {usesManual && payable.length > 0 && (
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-gray-900">{t('pay.manualTitle')}</legend>
              <LabelledInput label={t('pay.paidAt')} type="date" required value={paidAt} onChange={(e) => setPaidAt(e.target.value)} />
              <LabelledInput
                label={t('pay.details')}
                maxLength={1000}
                value={details}
                onChange={(e) => setDetails(e.target.value)}
                placeholder={t('pay.detailsHint')}
              />
            </fieldset>
          )}
        </form>
      )}
      <AlertText className="mt-3">{error}</AlertText>
      <DialogActions>
        <Button variant="secondary" onClick={close} disabled={busy}>
          {results ? t('pay.close') : t('pay.cancel')}
        </Button>
        {!results && prepared && payable.length > 0 && (
          <Button type="submit" form="payout-form" loading={busy}>
            {t('pay.submit')}
          </Button>
        )}
      </DialogActions>
    </DialogFrame>
  );
}
