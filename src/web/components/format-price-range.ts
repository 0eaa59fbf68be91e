/** "€12.00" or "€12.00 – €30.00" in the reader's language; an unknown currency code is written out. */
export function formatPriceRange(min: string, max: string, currency: string, language: string): string {
  const format = (amount: string) => {
    const value = Number(amount);
    try {
      return new Intl.NumberFormat(language, { style: 'currency', currency }).format(value);
    } catch {
      return `${amount} ${currency}`;
    }
  };
  return min === max || Number(min) === Number(max) ? format(min) : `${format(min)} – ${format(max)}`;
}
