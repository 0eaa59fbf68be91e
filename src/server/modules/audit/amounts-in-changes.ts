import { toAmountText } from '#shared/money';
import type { AuditAmount, AuditChange } from '#shared/schemas/audit';

/**
 * The columns of the audited tables that hold integer minor units of the row's currency. A
 * discount's `min_purchase_value` is left out: it counts items when its minimum is a quantity.
 */
const MONEY_COLUMNS: Readonly<Record<string, ReadonlySet<string>>> = {
  products: new Set(['price_min', 'price_max']),
  product_variants: new Set(['price', 'compare_at']),
  orders: new Set(['subtotal', 'shipping', 'tax', 'discount', 'total']),
  vendor_orders: new Set(['subtotal', 'discount', 'tax', 'shipping', 'commission', 'vendor_share']),
  payouts: new Set(['amount']),
  offers: new Set(['price', 'amount', 'counter_amount', 'agreed_amount']),
  discounts: new Set(['fixed_amount']),
};

const amount = (value: unknown, currency: string | null): AuditAmount | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && currency ? { amount: toAmountText(value, currency), currency } : null;

/**
 * A record's changes with its money columns as amounts in their currency (`{ amount: "19.99",
 * currency: "USD" }`), as every amount travels. A change that also moved the row's currency (a
 * discount moved to the store's new one) reads its old amount in the old currency.
 */
export function withAmounts(entity: string, changes: Record<string, AuditChange>, currency: string | null): Record<string, AuditChange> {
  const columns = MONEY_COLUMNS[entity];
  if (!columns) return changes;
  const movedCurrency = changes.currency !== 'changed' ? changes.currency : undefined;
  const currencyBefore = typeof movedCurrency?.from === 'string' ? movedCurrency.from : currency;
  const currencyAfter = typeof movedCurrency?.to === 'string' ? movedCurrency.to : currency;
  return Object.fromEntries(
    Object.entries(changes).map(([field, change]) =>
      columns.has(field) && change !== 'changed'
        ? [field, { money: true, from: amount(change.from, currencyBefore), to: amount(change.to, currencyAfter) }]
        : [field, change],
    ),
  );
}
