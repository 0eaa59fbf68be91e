import { useTranslation } from 'react-i18next';
import { formatPriceRange } from '#web/components/format-price-range.ts';

/** Amounts arrive as text in major units ("42.50"); shown in the order's currency, in the reader's language. */
export function useMoney() {
  const { i18n } = useTranslation();
  return (amount: string, currency: string) => formatPriceRange(amount, amount, currency, i18n.language);
}
