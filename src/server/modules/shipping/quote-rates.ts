import { and, eq } from 'drizzle-orm';
import { currencyDecimals, roundToMinorUnits } from '#shared/money';
import { SHIPPING_MESSAGES, type RatesAnswer, type RatesBody } from '#shared/schemas/shipping';
import { RatesBodySchema } from '#shared/schemas/shipping';
import type { AppContext } from '#server/context';
import { orders, shippingRates } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { buyerPhone, getScopedVendorOrder } from '../orders/index.ts';
import { rateView } from './shipping-scope.ts';
import { keyOwnerFor, shippingAccountOf } from '../delivery/index.ts';
import { providerError } from './provider-errors.ts';

/**
 * POST shippo/rates: the carriers' rates for parcels of a vendor order in the caller's scope, from
 * the account its labels are bought with. Each rate is kept with the order's vendor, so only that
 * vendor (and admins) can see or buy it; answered cheapest first. The carrier gets the buyer's phone
 * from the order when the form has none (the store may hide it from vendors, so their form never
 * holds it): the label is bought for this quote's shipment, which carries the address.
 */
export async function quoteRates(ctx: AppContext, auth: AuthContext, input: RatesBody): Promise<RatesAnswer> {
  const body = parseOrThrow(RatesBodySchema, input);
  const vendorOrder = await getScopedVendorOrder(ctx.db, auth, body.orderId);
  if (vendorOrder.fulfillment === 'cancelled') throw new AppError('conflict', 'This order is cancelled');
  const owner = await keyOwnerFor(ctx.db, auth.storeId, vendorOrder.vendorId);
  if (!owner) throw new AppError('conflict', SHIPPING_MESSAGES.noKey);
  const account = await shippingAccountOf(ctx, ctx.db, auth.storeId, owner);
  const [order] = await ctx.db
    .select({ shippingAddress: orders.shippingAddress, customer: orders.customer })
    .from(orders)
    .where(and(eq(orders.storeId, auth.storeId), eq(orders.id, vendorOrder.orderId)));
  const to = { ...body.to, phone: body.to.phone || (order ? buyerPhone(order) : '') };
  const quoted = await account.quote({ from: body.from, to, parcels: body.parcels }).catch(providerError);
  const now = ctx.now();
  const rows = quoted.rates
    .filter((r) => r.id && r.currency)
    .map((r) => ({
      storeId: auth.storeId,
      id: r.id,
      vendorId: vendorOrder.vendorId,
      vendorOrderId: vendorOrder.id,
      keyOwner: owner,
      amount: roundToMinorUnits(r.amount, currencyDecimals(r.currency)),
      currency: r.currency.toUpperCase(),
      carrier: r.carrier,
      service: r.service,
      estimatedDays: r.estimatedDays,
      attributes: r.attributes,
      createdAt: now,
    }));
  // A rate id is the provider's: quoted again, it is the same rate, kept with its first quote.
  const stored = rows.length ? await ctx.db.insert(shippingRates).values(rows).onConflictDoNothing().returning() : [];
  return {
    rates: stored.sort((a, b) => a.amount - b.amount || (a.estimatedDays ?? 99) - (b.estimatedDays ?? 99)).map(rateView),
    messages: quoted.messages,
  };
}
