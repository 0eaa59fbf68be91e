import { useTranslation } from 'react-i18next';
import { currencyDecimals, formatAmount, toMajorUnits, toMinorUnits } from '#shared/money';

/** Amounts arrive as decimal text in major units; shown per locale, and plotted as numbers. */
export function useAmounts(currency: string) {
  const { i18n } = useTranslation();
  const decimals = currencyDecimals(currency);
  const minor = (text: string) => toMinorUnits(text, decimals);
  return {
    minor,
    format: (text: string) => formatAmount(text, currency, i18n.language),
    /** For the charts' scales only: drawing needs numbers, and a pixel hides any rounding. */
    plot: (text: string) => toMajorUnits(minor(text), decimals),
    formatPlotted: (value: number) =>
      new Intl.NumberFormat(i18n.language, { style: 'currency', currency, maximumFractionDigits: decimals }).format(value),
  };
}
