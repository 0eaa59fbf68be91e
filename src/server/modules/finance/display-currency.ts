import type { Db } from '#server/db/client';
import type { AuthContext } from '#server/http/policy';
import { readStoreCurrency, readVendorSettings } from '../settings/index.ts';

/**
 * The caller's display currency (PUT settings/currency): a vendor's own choice (also an admin
 * working in its view), else the store's currency. Amounts are never converted into it: it only
 * decides which currency's figures come first, and, for the store, what new prices are in.
 */
export async function displayCurrencyOf(db: Db, auth: Pick<AuthContext, 'storeId' | 'vendorId'>): Promise<string> {
  const [store, vendor] = await Promise.all([
    readStoreCurrency(db, auth.storeId),
    auth.vendorId ? readVendorSettings(db, auth.storeId, auth.vendorId) : null,
  ]);
  return vendor?.displayCurrency ?? store;
}

/** Currencies in the order they are shown: the display currency first (when there are amounts in it), then the others alphabetically. */
export function inDisplayOrder(currencies: Iterable<string>, display: string): string[] {
  return [...new Set(currencies)].sort((a, b) => (a === b ? 0 : a === display ? -1 : b === display ? 1 : a.localeCompare(b)));
}
