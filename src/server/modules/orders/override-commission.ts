import { and, asc, eq } from 'drizzle-orm';
import { createCommissionCalculator } from '#shared/commission';
import { ORDER_ACTION_MESSAGES, OrderCommissionBodySchema, type OrderCommissionBody } from '#shared/schemas/orders';
import { allocate, currencyDecimals, toAmountText, toMajorUnits } from '#shared/money';
import { amountFromBody } from '#server/http/amounts';
import type { AppContext } from '#server/context';
import { orderLines, orders, vendorOrders } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { parseOrThrow } from '#server/http/validation';
import { getVendorByName } from '../vendors/index.ts';
import { recordCommissionChange } from '../finance/index.ts';
import { commissionBase } from './commission-base.ts';

/**
 * PUT orders/commission (admins): one vendor's commission on one order, instead of the lines that
 * applied: flat once per order plus the percentage of its goods, computed with the shared function
 * and spread over the lines by their value (so the lines still add up to the order). A paid-out
 * order keeps its commission (409). The ledger gets the difference as commission entries.
 */
export async function overrideOrderCommission(ctx: AppContext, auth: AuthContext, input: OrderCommissionBody) {
  const body = parseOrThrow(OrderCommissionBodySchema, input);
  const vendor = await getVendorByName(ctx.db, auth.storeId, body.vendor);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ vendorOrder: vendorOrders, currency: orders.currency, paymentStatus: orders.paymentStatus })
      .from(vendorOrders)
      .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
      .where(and(eq(vendorOrders.storeId, auth.storeId), eq(vendorOrders.orderId, body.orderId), eq(vendorOrders.vendorId, vendor.id)))
      .for('update');
    if (!row) throw notFound(ORDER_ACTION_MESSAGES.notFound);
    const { vendorOrder } = row;
    if (vendorOrder.payout === 'paid') throw new AppError('conflict', ORDER_ACTION_MESSAGES.paid);
    if (vendorOrder.fulfillment === 'cancelled') throw new AppError('conflict', ORDER_ACTION_MESSAGES.cancelled);

    const lines = await tx.select().from(orderLines).where(eq(orderLines.vendorOrderId, vendorOrder.id)).orderBy(asc(orderLines.position));
    const decimals = currencyDecimals(row.currency);
    const flat = toMajorUnits(amountFromBody(body.flat, row.currency, 'flat'), decimals);
    const rule = { min: 0, max: null, flat, percentage: body.percentage };
    const { commission } = createCommissionCalculator([rule], { currencyDecimals: decimals })(
      lines.reduce((sum, l) => sum + commissionBase(l), 0),
    );
    // Only the commission changes: the share keeps what the order's arrival decided (a discount the marketplace pays stays out of it).
    const vendorShare = vendorOrder.vendorShare + vendorOrder.commission - commission;
    const perLine = allocate(commission, lines.map(commissionBase));
    const ref = {
      storeId: auth.storeId,
      vendorId: vendor.id,
      currency: row.currency,
      orderId: body.orderId,
      vendorOrderId: vendorOrder.id,
      orderName: vendorOrder.orderName,
    };
    for (const [index, line] of lines.entries()) {
      // An unpaid order has no entries yet: its payment writes them with the new commission.
      if (row.paymentStatus === 'paid')
        await recordCommissionChange(tx, ref, { line, newCommission: perLine[index], occurredAt: ctx.now() });
      await tx
        .update(orderLines)
        .set({ commission: perLine[index], commissionLine: { ...rule, source: 'override' } })
        .where(eq(orderLines.id, line.id));
    }
    await tx
      .update(vendorOrders)
      .set({
        commission,
        vendorShare,
        commissionOverride: { flat, percentage: body.percentage },
        updatedAt: ctx.now(),
      })
      .where(eq(vendorOrders.id, vendorOrder.id));
    return {
      orderId: body.orderId,
      vendor: vendor.name,
      currency: row.currency,
      commission: toAmountText(commission, row.currency),
      vendorShare: toAmountText(vendorShare, row.currency),
    };
  });
}
