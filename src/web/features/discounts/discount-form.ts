import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DiscountInputSchema,
  emptyDiscount,
  type Discount,
  type DiscountFormValues,
  type DiscountInput,
  type MinPurchaseType,
} from '#shared/schemas/discounts';

/**
 * The editor's values: the shared schema's input, with an empty end date as '' (what a date input
 * holds), and the minimum's value as typed whatever its type (an amount's text, or a count).
 */
export type DiscountEditorValues = Omit<DiscountFormValues, 'active' | 'vendor' | 'minPurchase'> & {
  active: { from: string; withEndDate: boolean; until: string };
  minPurchase: { type: MinPurchaseType; value: string };
  /** '' = every product of the marketplace. */
  vendor: string;
};

/** The form of a discount, or of a new one in the store's currency. */
export function toEditorValues(discount: Discount | null, today: string, storeCurrency: string): DiscountEditorValues {
  const source = discount ?? emptyDiscount(today);
  const active = source.active as { from: string; withEndDate?: boolean; until?: string | null };
  const minimum = source.minPurchase as { type: MinPurchaseType; value?: string | number | null };
  return {
    method: source.method,
    currency: discount?.currency ?? storeCurrency,
    code: source.code ?? '',
    name: source.name,
    value: { ...source.value },
    active: { from: active.from, withEndDate: !!active.withEndDate, until: active.until ?? '' },
    limit: { ...(source.limit as DiscountInput['limit']) },
    minPurchase: { type: minimum.type, value: minimum.value == null ? '' : String(minimum.value) },
    vendor: source.vendor ?? '',
    fundedBy: source.fundedBy ?? 'marketplace',
    // A split keeps its share; the other funders show a half split's as the starting point.
    vendorShare: discount?.fundedBy === 'split' ? discount.vendorShare : 50,
  };
}

/** The minimum the editor says: an amount as its text, a quantity as a number (NaN when empty, as the form's other number fields). */
function toMinPurchase({ type, value }: DiscountEditorValues['minPurchase']): DiscountFormValues['minPurchase'] {
  if (type === 'amount') return { type, value };
  if (type === 'quantity') return { type, value: value.trim() === '' ? Number.NaN : Number(value) };
  return { type };
}

/** The body the editor says: an end date only with withEndDate, no scope for ''. */
export function toDiscountInput(values: DiscountEditorValues): DiscountFormValues {
  return {
    ...values,
    code: values.method === 'code' ? values.code : '',
    active: { ...values.active, until: values.active.withEndDate && values.active.until ? values.active.until : null },
    minPurchase: toMinPurchase(values.minPurchase),
    vendor: values.vendor || null,
    // No currency known yet (a new discount before the list arrived): the server takes the store's.
    currency: values.currency || undefined,
  };
}

const schemaResolver = zodResolver(DiscountInputSchema);

/** DiscountInputSchema, the server's own: its paths ('value.percentage', 'active.until') are the form's names. */
export const discountResolver: Resolver<DiscountEditorValues, unknown, DiscountInput> = async (values, context, options) =>
  (await schemaResolver(toDiscountInput(values) as never, context, options as never)) as never;
