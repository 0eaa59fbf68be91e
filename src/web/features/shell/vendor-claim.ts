import { MARKETPLACE_VIEW } from '#shared/permissions';

/**
 * The vendor claim for what the admin typed: '*' for the "all vendors" entry (unless a vendor is
 * really called that), a known name in its stored spelling, else the trimmed text. Empty → null.
 */
export function vendorClaimFor(text: string, allLabel: string, names: readonly string[]): string | null {
  const typed = text.trim();
  if (!typed) return null;
  const lower = typed.toLocaleLowerCase();
  const known = names.find((name) => name.toLocaleLowerCase() === lower);
  if (known) return known;
  if (typed === MARKETPLACE_VIEW || lower === allLabel.toLocaleLowerCase()) return MARKETPLACE_VIEW;
  return typed;
}
