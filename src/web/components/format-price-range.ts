import { formatAmount } from '#shared/money';

/** "€12.00" or "€12.00 – €30.00" in the reader's language. */
export function formatPriceRange(min: string, max: string, currency: string, language: string): string {
  return min === max
    ? formatAmount(min, currency, language)
    : `${formatAmount(min, currency, language)} – ${formatAmount(max, currency, language)}`;
}
