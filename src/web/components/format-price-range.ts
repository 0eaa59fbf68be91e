import { formatAmount } from '#shared/money';

/** "€12.00" or "€12.00 – €30.00" in the reader's language. */
export function formatPriceRange(min: string, max: string, currency: string, language: string): string {
  // Compared as shown: "12" and "12.00" are one price.
  const [low, high] = [formatAmount(min, currency, language), formatAmount(max, currency, language)];
  return low === high ? low : `${low} – ${high}`;
}
