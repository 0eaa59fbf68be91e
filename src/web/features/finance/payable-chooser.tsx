import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { DialogActions, DialogFrame } from '#web/components/dialog-frame.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { listPayableOrders, type PayableOrdersAnswer, type PayoutLine } from './api/payouts.ts';
import { useFinanceFormat } from './use-finance-format.ts';

const keyOf = (line: PayoutLine) => `${line.vendor}\u0000${line.orderName}`;

/**
 * The payout flow's first step: the vendor orders payable now (paid by the buyer, shipped, past the
 * holding days), one box per order, whatever number of ledger lines it has; the chosen ones go on
 * to the payment.
 */
export function PayableChooser({
  open,
  vendor,
  onClose,
  onChosen,
}: {
  open: boolean;
  vendor: string;
  onClose: () => void;
  onChosen: (lines: PayoutLine[]) => void;
}) {
  const { t } = useTranslation('finance');
  const format = useFinanceFormat();
  const [answer, setAnswer] = useState<PayableOrdersAnswer | null>(null);
  const [error, setError] = useState('');
  const [chosen, setChosen] = useState<Map<string, PayoutLine>>(new Map());
  const load = useEffectEvent(() => listPayableOrders(vendor ? { vendor } : {}).then(setAnswer, (e: unknown) => setError(errorMessage(e))));
  useEffect(() => {
    if (!open) return;
    setAnswer(null);
    setError('');
    setChosen(new Map());
    void load();
  }, [open]);
  const toggle = (line: PayoutLine) => {
    const next = new Map(chosen);
    if (next.has(keyOf(line))) next.delete(keyOf(line));
    else next.set(keyOf(line), line);
    setChosen(next);
  };
  const orders = answer?.orders ?? [];
  return (
    <DialogFrame open={open} onClose={onClose} title={t('pay.title')}>
      {!answer ? (
        error ? null : (
          <LoadingBlock />
        )
      ) : orders.length === 0 ? (
        <p className="text-sm text-gray-900">{t('pay.noPayable')}</p>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-gray-600">{t('pay.chooseHint')}</p>
          <Button
            variant="secondary"
            onClick={() => setChosen(new Map(orders.map((o) => [keyOf(o), { orderName: o.orderName, vendor: o.vendor }])))}
          >
            {t('pay.chooseAll')}
          </Button>
          <ul className="max-h-80 divide-y divide-gray-100 overflow-y-auto" data-testid="payable-orders">
            {orders.map((o) => (
              <li key={keyOf(o)} className="flex items-center justify-between gap-3 py-2 text-sm">
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-gray-300"
                    checked={chosen.has(keyOf(o))}
                    onChange={() => toggle({ orderName: o.orderName, vendor: o.vendor })}
                    aria-label={t('table.chooseLine', { order: o.orderName, vendor: o.vendor })}
                  />
                  <span className="font-medium text-gray-900">{o.orderName}</span>
                  <span className="text-gray-600">{o.vendor}</span>
                </label>
                <span className="tabular-nums text-gray-900">{format.money(o.amount, o.currency)}</span>
              </li>
            ))}
          </ul>
          {answer.capped && <p className="text-xs text-gray-600">{t('pay.capped')}</p>}
        </div>
      )}
      <AlertText className="mt-3">{error}</AlertText>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('pay.cancel')}
        </Button>
        <Button disabled={chosen.size === 0} onClick={() => onChosen([...chosen.values()])}>
          {t('pay.open', { count: chosen.size })}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
