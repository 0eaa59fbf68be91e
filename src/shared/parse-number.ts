const PLAIN = /^\d{1,15}(?:\.(?:\d{1,2}|\d{4,12}))?$/;

/**
 * Parses a number typed by a person: strips everything but digits, separators and a minus sign and
 * normalises thousands and decimal separators ("1.234,56", "1,234.56", "1 234,5" → 1234.56 / 1234.5).
 * Returns NaN when nothing numeric is left.
 */
export function parseNumber(input: string | number | null | undefined): number {
  if (typeof input === 'number') return input;
  if (input == null) return NaN;
  // The usual case, digits with at most a decimal point not followed by exactly three digits, reads as
  // it is written: a CSV import asks for three numbers a row.
  if (PLAIN.test(input)) return Number(input);
  const negative = /^\s*-/.test(input);
  const cleaned = input.replace(/[^0-9.,]/g, '');
  if (!/[0-9]/.test(cleaned)) return NaN;
  const lastDot = cleaned.lastIndexOf('.');
  const lastComma = cleaned.lastIndexOf(',');
  let normalised: string;
  if (lastDot >= 0 && lastComma >= 0) {
    // Both present: the one that comes last is the decimal separator.
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    normalised = cleaned.split(thousands).join('').replace(decimal, '.');
  } else {
    const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : '';
    if (!sep) normalised = cleaned;
    else {
      const parts = cleaned.split(sep);
      // One separator followed by exactly three digits reads as thousands ("1,000"), unless the
      // integer part is 0 ("0,125"); several of the same separator are always thousands.
      const isThousands = parts.length > 2 || (parts[1].length === 3 && parts[0] !== '0' && parts[0] !== '');
      normalised = isThousands ? parts.join('') : `${parts[0]}.${parts.slice(1).join('')}`;
    }
  }
  if (normalised === '' || normalised === '.') return NaN;
  const value = Number(normalised);
  return negative ? -value : value;
}
