import { and, eq, inArray, sql } from 'drizzle-orm';
import { createCommissionCalculator } from '#shared/commission';
import { allocate, currencyDecimals, formatMoney } from '#shared/money';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { orderLines, orders, productVariants, vendorOrders, vendors, type FrozenCommissionLine } from '#server/db/schema/index';
import { resolveCommissionLines } from '../commissions/index.ts';
import type { IncomingLine, IncomingOrder } from './incoming-order.ts';
import { scheduleOrderReminders } from './order-reminders.ts';
import { moveStock } from './stock.ts';
import { activeVendorEmails } from '../notifications/index.ts';
import { recordOrderArrival } from '../finance/index.ts';
import { commissionBase } from './commission-base.ts';
import { readStoreSettings } from '../settings/index.ts';
import { fulfillDigitalLines } from './fulfill-digital.ts';

interface OwnedLine extends IncomingLine {
  vendorId: string;
  productId: string | null;
  /** Our variant, when the line is one of our products. */
  variantId: string | null;
  /** Whether our stock of the variant is counted (the sale takes it down). */
  trackStock: boolean;
}

/**
 * Whose each line is: our variant (by id, else by SKU under the line's vendor name, else by SKU in
 * the store), else the vendor named on the line. A line of nobody (the shop's own products) is not
 * a marketplace sale and is left out.
 */
async function ownLines(db: Db, storeId: string, lines: IncomingLine[]): Promise<OwnedLine[]> {
  const ids = lines.map((l) => l.variantId).filter((id): id is string => !!id);
  const skus = lines.filter((l) => !l.variantId && l.sku).map((l) => l.sku.toLowerCase());
  const variantColumns = {
    id: productVariants.id,
    productId: productVariants.productId,
    vendorId: productVariants.vendorId,
    sku: productVariants.sku,
    trackStock: productVariants.trackStock,
  };
  const byId = ids.length
    ? await db
        .select(variantColumns)
        .from(productVariants)
        .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.id, ids)))
    : [];
  const bySku = skus.length
    ? await db
        .select({ ...variantColumns, vendorName: vendors.name })
        .from(productVariants)
        .innerJoin(vendors, eq(vendors.id, productVariants.vendorId))
        .where(and(eq(productVariants.storeId, storeId), inArray(sql`lower(${productVariants.sku})`, skus)))
    : [];
  const names = [...new Set(lines.map((l) => l.vendorName).filter((n): n is string => !!n))];
  const named = names.length
    ? await db
        .select({ id: vendors.id, name: vendors.name })
        .from(vendors)
        .where(and(eq(vendors.storeId, storeId), inArray(vendors.name, names)))
    : [];

  const owned: OwnedLine[] = [];
  for (const line of lines) {
    const sku = line.sku.toLowerCase();
    const variant =
      byId.find((v) => v.id === line.variantId) ??
      (sku
        ? (bySku.find((v) => v.sku.toLowerCase() === sku && v.vendorName === line.vendorName) ??
          bySku.find((v) => v.sku.toLowerCase() === sku))
        : undefined);
    const vendorId = variant?.vendorId ?? named.find((v) => v.name === line.vendorName)?.id;
    if (!vendorId) continue;
    owned.push({
      ...line,
      vendorId,
      productId: variant?.productId ?? null,
      variantId: variant?.id ?? null,
      trackStock: variant?.trackStock ?? false,
    });
  }
  return owned;
}

export interface IngestResult {
  orderId: string;
  /** false: the order was already there (a repeated webhook or checkout), nothing was written. */
  created: boolean;
  vendorOrderIds: string[];
}

/**
 * Records an order once, whatever its source: the order, one vendor order per vendor with its lines,
 * each line's commission computed with the shared commission function under the vendor's lines and
 * frozen on it, the order's shipping shared among the vendors by their goods' value, the stock of
 * our tracked variants taken down, an order-placed mail to each vendor's accounts and the
 * unfulfilled-order reminders queued, and, when the order is paid, the vendor's ledger entries
 * written (finance/ledger.ts) under the store's financeConfig of that moment (an unpaid order's are
 * written when it is paid: record-order-payment.ts). All in the
 * caller's transaction (or its own): the unique platform id makes a second delivery a no-op.
 */
export async function ingestOrder(ctx: AppContext, storeId: string, incoming: IncomingOrder, db: Db = ctx.db): Promise<IngestResult> {
  return db.transaction(async (tx) => {
    const lineTotal = (l: IncomingLine) => l.price * l.quantity;
    const subtotal = incoming.lines.reduce((sum, l) => sum + lineTotal(l), 0);
    const discount = incoming.lines.reduce((sum, l) => sum + l.discount, 0);
    const tax = incoming.lines.reduce((sum, l) => sum + l.tax, 0);
    const [order] = await tx
      .insert(orders)
      .values({
        storeId,
        source: incoming.source,
        platformOrderId: incoming.platformOrderId,
        name: incoming.name,
        currency: incoming.currency,
        customer: incoming.customer,
        shippingAddress: incoming.shippingAddress,
        billingAddress: incoming.billingAddress,
        subtotal,
        shipping: incoming.shipping,
        tax,
        discount,
        total: subtotal - discount + tax + incoming.shipping,
        placedAt: incoming.placedAt,
        paymentStatus: incoming.payment.status,
        paymentMethod: incoming.payment.method,
        paidAt: incoming.payment.status === 'paid' ? (incoming.payment.paidAt ?? incoming.placedAt) : null,
      })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (!order) {
      const [existing] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.source, incoming.source), eq(orders.platformOrderId, incoming.platformOrderId)));
      return { orderId: existing.id, created: false, vendorOrderIds: [] };
    }

    const owned = await ownLines(tx, storeId, incoming.lines);
    const vendorIds = [...new Set(owned.map((l) => l.vendorId))];
    const decimals = currencyDecimals(incoming.currency);
    const { financeConfig } = await readStoreSettings(tx, storeId);
    const goods = vendorIds.map((id) =>
      owned.filter((l) => l.vendorId === id).reduce((sum, l) => sum + Math.max(0, lineTotal(l) - l.discount), 0),
    );
    const shippingShares = vendorIds.length ? allocate(incoming.shipping, goods) : [];
    const vendorOrderIds: string[] = [];

    for (const [index, vendorId] of vendorIds.entries()) {
      const lines = owned.filter((l) => l.vendorId === vendorId);
      const { lines: rules, source } = await resolveCommissionLines(tx, storeId, vendorId);
      const commissionOf = createCommissionCalculator(rules, { currencyDecimals: decimals });
      const priced = lines.map((line) => {
        const result = commissionOf(commissionBase(line));
        const frozen: FrozenCommissionLine = result.line
          ? {
              min: result.line.min,
              max: result.line.max ?? null,
              flat: result.line.flat,
              percentage: result.line.percentage,
              ...(result.line.minimum ? { minimum: result.line.minimum } : {}),
              source,
            }
          : { min: 0, max: null, flat: 0, percentage: 0, source };
        return { line, commission: result.commission, frozen };
      });
      const vendorSubtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
      const vendorDiscount = lines.reduce((sum, l) => sum + l.discount, 0);
      // What the marketplace funds of its discounts is its cost, never the vendor's.
      const borneByMarketplace = lines.reduce((sum, l) => sum + (l.vendorDiscount === undefined ? 0 : l.discount - l.vendorDiscount), 0);
      const commission = priced.reduce((sum, p) => sum + p.commission, 0);
      const [vendorOrder] = await tx
        .insert(vendorOrders)
        .values({
          storeId,
          orderId: order.id,
          vendorId,
          orderName: incoming.name,
          subtotal: vendorSubtotal,
          discount: vendorDiscount,
          tax: lines.reduce((sum, l) => sum + l.tax, 0),
          shipping: shippingShares[index],
          commission,
          vendorShare: vendorSubtotal - vendorDiscount + borneByMarketplace - commission,
          placedAt: incoming.placedAt,
        })
        .returning({ id: vendorOrders.id });
      vendorOrderIds.push(vendorOrder.id);
      const written = await tx
        .insert(orderLines)
        .values(
          priced.map(({ line, commission: lineCommission, frozen }, position) => ({
            storeId,
            orderId: order.id,
            vendorOrderId: vendorOrder.id,
            vendorId,
            platformLineId: line.platformLineId,
            productId: line.productId,
            variantId: line.variantId,
            sku: line.sku,
            title: line.title,
            variantTitle: line.variantTitle,
            quantity: line.quantity,
            price: line.price,
            discount: line.discount,
            vendorDiscount: line.vendorDiscount ?? null,
            tax: line.tax,
            commission: lineCommission,
            commissionLine: frozen,
            position,
          })),
        )
        .returning({ id: orderLines.id });
      if (incoming.payment.status === 'paid') {
        await recordOrderArrival(
          tx,
          { storeId, vendorId, currency: incoming.currency, orderId: order.id, vendorOrderId: vendorOrder.id, orderName: incoming.name },
          priced.map(({ line, commission: lineCommission }, position) => ({
            id: written[position].id,
            price: line.price,
            quantity: line.quantity,
            discount: line.discount,
            tax: line.tax,
            commission: lineCommission,
            vendorDiscount: line.vendorDiscount ?? null,
          })),
          shippingShares[index],
          financeConfig,
          incoming.payment.paidAt ?? incoming.placedAt,
        );
      }
      await mailVendor(ctx, tx, storeId, {
        vendorId,
        vendorOrderId: vendorOrder.id,
        incoming,
        lines,
        total: vendorSubtotal - vendorDiscount,
      });
      await scheduleOrderReminders(ctx, tx, storeId, vendorOrder.id, incoming.placedAt);
    }
    await fulfillDigitalLines(ctx, tx, storeId, vendorOrderIds);
    // The platform may sell what we had not counted: stock stops at zero.
    await moveStock(
      tx,
      owned
        .filter((l) => l.variantId && l.trackStock)
        .map((l) => ({ variantId: l.variantId!, productId: l.productId!, delta: -l.quantity })),
    );
    return { orderId: order.id, created: true, vendorOrderIds };
  });
}

/** order-placed to each active account of the vendor, once per vendor order. */
async function mailVendor(
  ctx: AppContext,
  tx: Db,
  storeId: string,
  sale: { vendorId: string; vendorOrderId: string; incoming: IncomingOrder; lines: OwnedLine[]; total: number },
) {
  const { incoming } = sale;
  const [vendor] = await tx.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, sale.vendorId));
  for (const email of await activeVendorEmails(tx, storeId, sale.vendorId)) {
    await ctx.mailer.send(
      {
        storeId,
        template: 'order-placed',
        to: email,
        vars: {
          vendor: vendor.name,
          order_name: incoming.name,
          order_date: incoming.placedAt.toISOString().slice(0, 10),
          customer_name: incoming.customer.name,
          line_items: sale.lines.map((l) => ({
            title: l.variantTitle ? `${l.title} (${l.variantTitle})` : l.title,
            sku: l.sku,
            quantity: l.quantity,
            price: formatMoney(l.price, incoming.currency),
          })),
          total: formatMoney(sale.total, incoming.currency),
          link: `${ctx.config.publicUrl}/app/orders/${sale.vendorOrderId}`,
        },
        dedupeKey: `order-placed:${sale.vendorOrderId}:${email}`,
      },
      tx,
    );
  }
}
