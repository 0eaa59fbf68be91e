import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { computeCommission } from '#shared/commission';
import { amountToMinor, currencyDecimals, isExactAmount, majorToAmountText, toAmountText } from '#shared/money';
import { MONEY_INPUT } from '#shared/schemas/money';
import { controlClass } from '#web/components/form/input-style.ts';
import { useMoney } from '#web/components/use-money.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import type { CommissionRow } from './commission-form.ts';

/** Amount text the currency can hold ("12.50", not "12,50" nor "12.505" in EUR). */
const isAmount = (text: string, currency: string) =>
  MONEY_INPUT.test(text.trim()) && isExactAmount(text.trim(), currencyDecimals(currency));
const isPercentage = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/**
 * What a sale of the typed amount gives under the lines on screen, computed in the browser with the
 * product's one computation (the server's GET commissions/preview runs the same one on saved lines).
 * Item constraints are not asked for here, so the lines for every item apply. Amounts come back as
 * amount text of the currency.
 */
export function previewOf(rows: readonly CommissionRow[], amountText: string, currency: string) {
  if (!isAmount(amountText, currency)) return { kind: 'noAmount' as const };
  const complete = rows.every(
    (r) =>
      isAmount(r.min, currency) &&
      isAmount(r.flat, currency) &&
      isPercentage(r.percentage) &&
      (r.max.trim() === '' || isAmount(r.max, currency)),
  );
  if (!complete) return { kind: 'incomplete' as const };
  const lines = rows.map((r) => ({
    min: Number(r.min),
    max: r.max.trim() === '' ? null : Number(r.max),
    flat: Number(r.flat),
    percentage: r.percentage as number,
    constraint: r.constraint.key.trim() || r.constraint.value.trim() ? r.constraint : null,
  }));
  const amount = amountToMinor(amountText.trim(), currency);
  const result = computeCommission(amount, lines, {}, { currencyDecimals: currencyDecimals(currency) });
  const text = (major: number) => majorToAmountText(major, currency);
  return {
    kind: 'ok' as const,
    commission: toAmountText(result.commission, currency),
    vendorShare: toAmountText(result.vendorShare, currency),
    line: result.line && {
      min: text(result.line.min),
      max: result.line.max == null ? null : text(result.line.max),
      flat: text(result.line.flat),
      percentage: result.line.percentage,
    },
  };
}

export function CommissionPreview({ rows, currency }: { rows: readonly CommissionRow[]; currency: string }) {
  const { t } = useTranslation('commissions');
  const words = useWordingValues();
  const formatMoney = useMoney();
  const id = useId();
  const [amount, setAmount] = useState('100');
  const preview = useMemo(() => previewOf(rows, amount, currency), [rows, amount, currency]);
  const money = (text: string) => formatMoney(text, currency);
  return (
    <section aria-labelledby={`${id}-title`} className="self-start rounded-lg bg-white px-6 py-4 shadow-sm ring-1 ring-gray-900/5">
      <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
        {t('preview.title')}
      </h2>
      <p className="mt-1 text-xs text-gray-500">{t('preview.help', words)}</p>
      <label htmlFor={id} className="mt-4 block text-sm font-medium text-gray-900">
        {t('preview.amount', { currency })}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
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
