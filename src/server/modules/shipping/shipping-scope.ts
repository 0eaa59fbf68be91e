import { and, eq, type SQL } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import { SHIPPING_MESSAGES, type Label, type Rate } from '#shared/schemas/shipping';
import type { Db } from '#server/db/client';
import { shippingLabels, shippingRates } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { isUuid } from '#server/lib/is-uuid';
import { inVendorScope } from '../vendors/index.ts';

type Scope = Pick<AuthContext, 'storeId' | 'vendorId'>;
export type LabelRow = typeof shippingLabels.$inferSelect;
export type RateRow = typeof shippingRates.$inferSelect;

/**
 * The one rule of who sees which rates and labels: the caller's store, and a vendor's own only (an
 * admin in the marketplace view sees all). Rates and labels carry the vendor of the order they are for.
 */
export const rateScope = (auth: Scope): SQL => inVendorScope(shippingRates, auth);
export const labelScope = (auth: Scope): SQL => inVendorScope(shippingLabels, auth);

/** A rate within the caller's scope, else 404. */
export async function getScopedRate(db: Db, auth: Scope, rateId: string): Promise<RateRow> {
  const [row] = await db
    .select()
    .from(shippingRates)
    .where(and(rateScope(auth), eq(shippingRates.id, rateId)));
  if (!row) throw notFound(SHIPPING_MESSAGES.rateNotFound);
  return row;
}

/** A label within the caller's scope, else 404. */
export async function getScopedLabel(db: Db, auth: Scope, labelId: string): Promise<LabelRow> {
  if (!isUuid(labelId)) throw notFound(SHIPPING_MESSAGES.labelNotFound);
  const [row] = await db
    .select()
    .from(shippingLabels)
    .where(and(labelScope(auth), eq(shippingLabels.id, labelId)));
  if (!row) throw notFound(SHIPPING_MESSAGES.labelNotFound);
  return row;
}

const money = (minor: number, currency: string) => formatMinorUnits(minor, currencyDecimals(currency));

export const rateView = (row: RateRow): Rate => ({
  id: row.id,
  amount: money(row.amount, row.currency),
  currency: row.currency,
  carrier: row.carrier,
  service: row.service,
  estimatedDays: row.estimatedDays,
  attributes: row.attributes,
  orderId: row.vendorOrderId,
  createdAt: row.createdAt.toISOString(),
});

export const labelView = (row: LabelRow): Label => ({
  id: row.id,
  orderId: row.vendorOrderId,
  rateId: row.rateId,
  status: row.status,
  carrier: row.carrier,
  service: row.service,
  trackingNumber: row.trackingNumber,
  trackingUrl: row.trackingUrl,
  fileUrl: `/api/shippo/label/${row.id}/file`,
  amount: money(row.amount, row.currency),
  currency: row.currency,
  fulfillmentId: row.fulfillmentId,
  createdAt: row.createdAt.toISOString(),
  voidedAt: row.voidedAt?.toISOString() ?? null,
});
