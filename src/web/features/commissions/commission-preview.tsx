import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { computeCommission } from '#shared/commission';
import { roundToMinorUnits, toMajorUnits } from '#shared/money';
import { controlClass } from '#web/components/form/input-style.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { toLines, type CommissionRow } from './commission-form.ts';
import { formatAmount } from './format-amount.ts';

const isAmount = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/**
 * What a sale of the typed amount gives under the lines on screen, computed in the browser with the
 * product's one computation (the server's GET commissions/preview runs the same one on saved lines).
 * Item constraints are not asked for here, so the lines for every item apply.
 */
export function previewOf(rows: readonly CommissionRow[], amountText: string) {
  const amount = Number(amountText);
  if (amountText.trim() === '' || !isAmount(amount)) return { kind: 'noAmount' as const };
  const complete = rows.every((r) => isAmount(r.min) && isAmount(r.flat) && isAmount(r.percentage) && (r.max == null || isAmount(r.max)));
  if (!complete) return { kind: 'incomplete' as const };
  const minor = roundToMinorUnits(amount, 2);
  const result = computeCommission(minor, toLines(rows));
  return {
    kind: 'ok' as const,
    amount: toMajorUnits(minor, 2),
    commission: toMajorUnits(result.commission, 2),
    vendorShare: toMajorUnits(result.vendorShare, 2),
    line: result.line,
  };
}

export function CommissionPreview({ rows }: { rows: readonly CommissionRow[] }) {
  const { t, i18n } = useTranslation('commissions');
  const words = useWordingValues();
  const id = useId();
  const [amount, setAmount] = useState('100');
  const preview = useMemo(() => previewOf(rows, amount), [rows, amount]);
  const money = (n: number) => formatAmount(n, i18n.language);
  return (
    <section aria-labelledby={`${id}-title`} className="self-start rounded-lg bg-white px-6 py-4 shadow-sm ring-1 ring-gray-900/5">
      <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
        {t('preview.title')}
      </h2>
      <p className="mt-1 text-xs text-gray-500">{t('preview.help', words)}</p>
      <label htmlFor={id} className="mt-4 block text-sm font-medium text-gray-900">
        {t('preview.amount')}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        className={`${controlClass} mt-1.5`}
      />
      <div aria-live="polite" className="mt-4 text-sm">
        {preview.kind === 'noAmount' && <p className="text-gray-600">{t('preview.noAmount')}</p>}
        {preview.kind === 'incomplete' && <p className="text-gray-600">{t('preview.incomplete')}</p>}
        {preview.kind === 'ok' && (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt className="text-gray-600">{t('preview.commission', words)}</dt>
            <dd className="text-right font-semibold text-gray-900" data-testid="preview-commission">
              {money(preview.commission)}
            </dd>
            <dt className="text-gray-600">{t('preview.vendorShare', words)}</dt>
            <dd className="text-right font-semibold text-gray-900" data-testid="preview-vendor-share">
              {money(preview.vendorShare)}
            </dd>
            <dt className="col-span-2 mt-2 text-xs text-gray-500">
              {preview.line
                ? t('preview.line', {
                    from: money(preview.line.min),
                    to: preview.line.max == null ? t('lines.open') : money(preview.line.max),
                    flat: money(preview.line.flat),
                    percentage: preview.line.percentage,
                  })
                : t('preview.noLine')}
            </dt>
          </dl>
        )}
      </div>
    </section>
  );
}
