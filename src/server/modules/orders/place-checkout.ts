import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { applicableRates, WEIGHT_UNIT_GRAMS, type WeightUnit } from '#shared/delivery-rates';
import { ORDER_MESSAGES, type CheckoutAnswer, type CheckoutBody } from '#shared/schemas/orders';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { orders, productVariants, products, vendors } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { listDeliveryZones } from '../delivery/delivery-zones.ts';
import { readStoreSettings } from '../settings/store-settings.ts';
import { readVendorSettings } from '../settings/vendor-settings.ts';
import { ingestOrder } from './ingest-order.ts';

interface CartLine {
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
}

/** The sellable variants of the cart (approved, ACTIVE products of the store), priced from our data. */
async function cartLines(db: Db, storeId: string, body: CheckoutBody): Promise<CartLine[]> {
  const ids = [...new Set(body.lines.map((l) => l.variantId))];
  const rows = await db
    .select({ variant: productVariants, title: products.title, currency: products.currency })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.id, ids), eq(products.approved, true), eq(products.status, 'ACTIVE')));
  const byId = new Map(rows.map((r) => [r.variant.id, r]));
  const wanted = new Map<string, number>();
  body.lines.forEach((line, index) => {
    if (!byId.has(line.variantId)) throw badRequest(ORDER_MESSAGES.notForSale, [{ path: `lines.${index}.variantId`, message: ORDER_MESSAGES.notForSale }]);
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
    };
  });
}

/** An order is in one currency: its products' (priced when they were created, whatever the store's currency is now). */
function orderCurrency(lines: CartLine[]): string {
  const currency = lines[0].currency;
  const other = lines.findIndex((l) => l.currency !== currency);
  if (other >= 0) throw badRequest(ORDER_MESSAGES.mixedCurrencies, [{ path: `lines.${other}.variantId`, message: ORDER_MESSAGES.mixedCurrencies }]);
  return currency;
}

/**
 * Holiday mode (the store's holidayMode feature): a vendor whose holidays are on and run over today
 * (from and to included, in UTC days) is not sold to; the buyer reads the vendor's message.
 */
async function refuseVendorsOnHoliday(db: Db, lines: CartLine[], today: string) {
  for (const vendorId of new Set(lines.map((l) => l.vendorId))) {
    const { holidays } = await readVendorSettings(db, vendorId);
    if (holidays.enabled && holidays.from <= today && today <= holidays.to) {
      const [vendor] = await db.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, vendorId));
      const message = `${vendor.name} is on holiday until ${holidays.to}: ${holidays.message}`;
      throw new AppError('conflict', message, [{ path: `lines.${lines.findIndex((l) => l.vendorId === vendorId)}.variantId`, message }]);
    }
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
      throw new AppError('conflict', ORDER_MESSAGES.outOfStock, [{ path: 'lines', message: `Only ${variant.stock} left of ${line.title}` }]);
    }
  }
}

/** Each vendor's cheapest rate for its part of the cart: the vendor's own zones, else the marketplace's. */
async function shippingOf(db: Db, storeId: string, lines: CartLine[], address: CheckoutBody['address'], options: { weightUnit: WeightUnit; decimals: number }) {
  const zonesOf = (vendorId: string | null) => listDeliveryZones(db, { storeId, vendorId });
  const marketplace = await zonesOf(null);
  let total = 0;
  for (const vendorId of new Set(lines.map((l) => l.vendorId))) {
    const shipped = lines.filter((l) => l.vendorId === vendorId && l.requiresShipping);
    if (shipped.length === 0) continue;
    const own = await zonesOf(vendorId);
    const cart = {
      country: address.country,
      province: address.province || null,
      totalWeight: shipped.reduce((sum, l) => sum + l.grams * l.quantity, 0),
      totalPrice: shipped.reduce((sum, l) => sum + l.price * l.quantity, 0),
    };
    const [cheapest] = applicableRates(own.length ? own : marketplace, cart, { weightUnit: options.weightUnit, currencyDecimals: options.decimals });
    if (!cheapest) throw badRequest(ORDER_MESSAGES.noDelivery, [{ path: 'address.country', message: ORDER_MESSAGES.noDelivery }]);
    total += cheapest.priceMinor;
  }
  return total;
}

/**
 * POST storefront/checkout: the built-in storefront's order, priced, shipped and stocked by us, then
 * recorded by the same ingestOrder as the platform's orders. Local order numbers count up from
 * #1001 per store (an advisory lock keeps two checkouts from taking the same number).
 */
export async function placeCheckout(ctx: AppContext, storeId: string, body: CheckoutBody): Promise<CheckoutAnswer> {
  const settings = await readStoreSettings(ctx.db, storeId);
  const lines = await cartLines(ctx.db, storeId, body);
  const currency = orderCurrency(lines);
  const decimals = currencyDecimals(currency);
  if (settings.features.holidayMode.enabled) await refuseVendorsOnHoliday(ctx.db, lines, ctx.now().toISOString().slice(0, 10));
  const shipping = await shippingOf(ctx.db, storeId, lines, body.address, { weightUnit: settings.defaultUnits.weight as WeightUnit, decimals });
  const { orderId } = await ctx.db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.source, 'local'), eq(orders.platformOrderId, body.checkoutId)));
    if (known) return { orderId: known.id };
    await reserveStock(tx, lines);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-number:${storeId}`}))`);
    const [{ next }] = (
      (await tx.execute(sql`
        select coalesce(max(substring(name from 2)::int), 1000) + 1 as next
        from orders where store_id = ${storeId} and source = 'local' and name ~ '^#[0-9]{1,9}$'`)) as unknown as { rows: { next: number }[] }
    ).rows;
    return ingestOrder(
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
        lines: lines.map((l) => ({
          platformLineId: l.variantId,
          variantId: l.variantId,
          sku: l.sku,
          vendorName: null,
          title: l.title,
          variantTitle: l.variantTitle,
          quantity: l.quantity,
          price: l.price,
          discount: 0,
          tax: 0,
        })),
        shipping,
        placedAt: ctx.now(),
      },
      tx,
    );
  });
  const [order] = await ctx.db.select({ name: orders.name, subtotal: orders.subtotal, shipping: orders.shipping, total: orders.total }).from(orders).where(eq(orders.id, orderId));
  return {
    orderId,
    name: order.name,
    currency,
    subtotal: formatMinorUnits(order.subtotal, decimals),
    shipping: formatMinorUnits(order.shipping, decimals),
    total: formatMinorUnits(order.total, decimals),
  };
}
