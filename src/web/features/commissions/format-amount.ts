/** An amount in major units as the schema's messages write them ("$100", "$12.50"), in the reader's digits. */
export function formatAmount(major: number, language: string): string {
  const digits = Number.isInteger(major) ? 0 : 2;
  return `$${new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: 2 }).format(major)}`;
}
