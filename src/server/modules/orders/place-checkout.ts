import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { WEIGHT_UNIT_GRAMS, type WeightUnit } from '#shared/delivery-rates';
import { ORDER_MESSAGES, type CheckoutAnswer, type CheckoutBody } from '#shared/schemas/orders';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { orders, productVariants, products } from '#server/db/schema/index';
import { lockUntilCommit } from '#server/db/advisory-lock';
import { AppError, badRequest } from '#server/http/errors';
import { readStoreSettings, vendorsOnHoliday } from '../settings/index.ts';
import { findVendorById } from '../vendors/index.ts';
import { getStore } from '../stores/index.ts';
import { checkoutDelivery } from './checkout-delivery.ts';
import { applyCheckoutOffer, readCheckoutOffer } from './checkout-offers.ts';
import { ingestOrder } from './ingest-order.ts';
import { applyDiscounts } from '../discounts/index.ts';
import { CARD_PAYMENT_WINDOW_MS, chooseCheckoutPayment, openCardPayment, scheduleCheckoutExpiry } from './checkout-payment.ts';

export interface CartLine {
  variantId: string;
  productId: string;
  vendorId: string;
  title: string;
  variantTitle: string;
  sku: string;
  price: number;
  /** The product's currency, which `price` is in. */
  currency: string;
  quantity: number;
  grams: number;
  requiresShipping: boolean;
  localPickup: boolean;
}

/** The sellable variants of the cart (approved, ACTIVE products of the store), priced from our data. */
export async function cartLines(db: Db, storeId: string, body: Pick<CheckoutBody, 'lines'>): Promise<CartLine[]> {
  const ids = [...new Set(body.lines.map((l) => l.variantId))];
  const rows = await db
    .select({ variant: productVariants, title: products.title, currency: products.currency })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.storeId, storeId),
        inArray(productVariants.id, ids),
        eq(products.approved, true),
        eq(products.status, 'ACTIVE'),
      ),
    );
  const byId = new Map(rows.map((r) => [r.variant.id, r]));
  const wanted = new Map<string, number>();
  body.lines.forEach((line, index) => {
    if (!byId.has(line.variantId))
      throw badRequest(ORDER_MESSAGES.notForSale, [{ path: `lines.${index}.variantId`, message: ORDER_MESSAGES.notForSale }]);
    wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
  });
  return [...wanted].map(([variantId, quantity]) => {
    const { variant, title, currency } = byId.get(variantId)!;
    return {
      variantId,
      productId: variant.productId,
      vendorId: variant.vendorId,
      title,
      variantTitle: variant.options.join(' / '),
      sku: variant.sku,
      price: variant.price,
      currency,
      quantity,
      grams: variant.weight * (WEIGHT_UNIT_GRAMS[variant.weightUnit as WeightUnit] ?? 1000),
      requiresShipping: variant.requiresShipping,
      localPickup: variant.localPickup.enabled,
    };
  });
}

/** An order is in one currency: its products' (priced when they were created, whatever the store's currency is now). */
export function orderCurrency(lines: CartLine[]): string {
  const currency = lines[0].currency;
  const other = lines.findIndex((l) => l.currency !== currency);
  if (other >= 0)
    throw badRequest(ORDER_MESSAGES.mixedCurrencies, [{ path: `lines.${other}.variantId`, message: ORDER_MESSAGES.mixedCurrencies }]);
  return currency;
}

/** Holiday mode: a vendor away today (or the whole marketplace) is not sold to; the buyer reads the holidays' message. */
async function refuseVendorsOnHoliday(ctx: AppContext, storeId: string, lines: CartLine[]) {
  const away = await vendorsOnHoliday(
    ctx.db,
    storeId,
    lines.map((l) => l.vendorId),
    ctx.now(),
  );
  for (const [vendorId, holiday] of away) {
    const who = holiday.marketplace ? (await getStore(ctx.db, storeId)).shopName : (await findVendorById(ctx.db, storeId, vendorId))?.name;
    const message = `${who} is on holiday until ${holiday.until}: ${holiday.message}`;
    throw new AppError('conflict', message, [{ path: `lines.${lines.findIndex((l) => l.vendorId === vendorId)}.variantId`, message }]);
  }
}

/**
 * Stock is checked under row locks, in the order of the variant ids (so two checkouts never wait on
 * each other in a circle), inside the transaction that then takes it down: two buyers of the last
 * item cannot both get it.
 */
async function reserveStock(tx: Db, lines: CartLine[]) {
  const locked = await tx
    .select({ id: productVariants.id, trackStock: productVariants.trackStock, stock: productVariants.stock })
    .from(productVariants)
    .where(
      inArray(
        productVariants.id,
        lines.map((l) => l.variantId),
      ),
    )
    .orderBy(asc(productVariants.id))
    .for('update');
  for (const variant of locked) {
    const line = lines.find((l) => l.variantId === variant.id)!;
    if (variant.trackStock && variant.stock < line.quantity) {
      throw new AppError('conflict', ORDER_MESSAGES.outOfStock, [
        { path: 'lines', message: `Only ${variant.stock} left of ${line.title}` },
      ]);
    }
  }
}

/**
 * POST storefront/checkout: the built-in storefront's order, priced, shipped and stocked by us, then
 * recorded by the same ingestOrder as the platform's orders, unpaid: it waits as pending payment
 * until Stripe's event (card, on the page whose URL the answer carries) or an admin (a manual
 * method) says it is paid, and only then is it vendor money. Local order numbers count up from
 * #1001 per store (an advisory lock keeps two checkouts from taking the same number).
 */
export async function placeCheckout(ctx: AppContext, storeId: string, body: CheckoutBody): Promise<CheckoutAnswer> {
  const settings = await readStoreSettings(ctx.db, storeId);
  const offer = await readCheckoutOffer(ctx, storeId, body);
  const { lines, toReserve } = applyCheckoutOffer(await cartLines(ctx.db, storeId, body), offer);
  const currency = orderCurrency(lines);
  const decimals = currencyDecimals(currency);
  await refuseVendorsOnHoliday(ctx, storeId, lines);
  const delivery = await checkoutDelivery(ctx, storeId, currency, lines, body);
  const shipping = delivery?.price ?? 0;
  const discounted = await applyDiscounts(ctx, { storeId, settings, code: body.discountCode, email: body.email, lines, currency });
  const payment = await chooseCheckoutPayment(ctx, storeId, settings, body.paymentMethod);
  const { orderId } = await ctx.db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.source, 'local'), eq(orders.platformOrderId, body.checkoutId)));
    if (known) return { orderId: known.id };
    await reserveStock(tx, toReserve);
    await offer?.release(tx);
    await discounted.redeem(tx, body.checkoutId);
    await lockUntilCommit(tx, `order-number:${storeId}`);
    const [{ next }] = (
      (await tx.execute(sql`
        select coalesce(max(substring(name from 2)::int), 1000) + 1 as next
        from orders where store_id = ${storeId} and source = 'local' and name ~ '^#[0-9]{1,9}$'`)) as unknown as {
        rows: { next: number }[];
      }
    ).rows;
    const placed = await ingestOrder(
      ctx,
      storeId,
      {
        source: 'local',
        platformOrderId: body.checkoutId,
        name: `#${next}`,
        currency,
        customer: { name: body.address.name, email: body.email, phone: body.address.phone },
        shippingAddress: body.address,
        billingAddress: null,
        lines: lines.map((l, index) => ({
          platformLineId: l.variantId,
          variantId: l.variantId,
          sku: l.sku,
          vendorName: null,
          title: l.title,
          variantTitle: l.variantTitle,
          quantity: l.quantity,
          price: l.price,
          ...discounted.lines[index],
          tax: 0,
        })),
        shipping,
        placedAt: ctx.now(),
        payment: { status: 'pending', method: payment.method, paidAt: null },
      },
      tx,
    );
    await offer?.complete(tx, placed.orderId);
    if (payment.method === 'card') {
      // Until Stripe says when its session expires, the order holds its stock for the session's default life.
      const until = new Date(ctx.now().getTime() + CARD_PAYMENT_WINDOW_MS);
      await tx.update(orders).set({ paymentExpiresAt: until }).where(eq(orders.id, placed.orderId));
      await scheduleCheckoutExpiry(ctx, tx, storeId, placed.orderId, until);
    }
    return placed;
  });
  const [order] = await ctx.db
    .select({
      name: orders.name,
      subtotal: orders.subtotal,
      discount: orders.discount,
      shipping: orders.shipping,
      total: orders.total,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  // A retried checkout answers with the order's own method (the first request chose it).
  const method = order.paymentMethod === 'platform' ? payment.method : order.paymentMethod;
  const paymentUrl =
    method === 'card' && order.paymentStatus === 'pending'
      ? await openCardPayment(
          ctx,
          storeId,
          { id: orderId, name: order.name, total: order.total, currency, email: body.email },
          { successUrl: body.successUrl, cancelUrl: body.cancelUrl },
        )
      : null;
  return {
    orderId,
    name: order.name,
    currency,
    subtotal: formatMinorUnits(order.subtotal, decimals),
    discount: formatMinorUnits(order.discount, decimals),
    shipping: formatMinorUnits(order.shipping, decimals),
    total: formatMinorUnits(order.total, decimals),
    shippingRate: delivery?.name ?? null,
    paymentStatus: order.paymentStatus,
    paymentMethod: method,
    paymentUrl,
    paymentInstructions: method === payment.method ? payment.instructions : '',
  };
}
