import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { DEMO_ACCOUNTS, DEMO_STORE } from './seed-demo.ts';
import { PayBodySchema } from '#shared/schemas/finance';
import { DEFAULT_DELIVERY_SETTINGS } from '#shared/schemas/delivery';
import { saveDeliverySettings } from '../modules/delivery/delivery-settings.ts';
import { readStoreSettings } from '../modules/settings/store-settings.ts';
import { deliveryZones, fulfillments, orderLines, productVariants, users, vendorOrders, vendors } from '../db/schema/index.ts';
import type { AuthContext } from '../http/policy.ts';
import { createOrUpdateProduct } from '../modules/products/index.ts';
import { fulfillOrder } from '../modules/orders/fulfill-order.ts';
import { ingestOrder } from '../modules/orders/ingest-order.ts';
import { seedDemoConversations } from './seed-demo-conversations.ts';
import { seedDemoSheets } from './seed-demo-sheets.ts';
import { seedDemoPlan } from './seed-demo-plan.ts';
import { seedDemoOffers } from './seed-demo-offers.ts';
import { seedDemoDiscounts } from './seed-demo-discounts.ts';
import { seedDemoApplication } from './seed-demo-application.ts';
import { refundOrder } from '../modules/orders/refund-order.ts';
import { pay } from '../modules/finance/payouts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const PRODUCTS = [
  { vendor: 'Vendor One', title: 'Stoneware mug', price: '18.00', sku: 'ONE-MUG', stock: 200 },
  { vendor: 'Vendor One', title: 'Linen tea towel', price: '12.50', sku: 'ONE-TOWEL', stock: 150 },
  { vendor: 'Vendor Two', title: 'Brass desk lamp', price: '89.00', sku: 'TWO-LAMP', stock: 60 },
  { vendor: 'Vendor Two', title: 'Walnut serving board', price: '45.00', sku: 'TWO-BOARD', stock: 80 },
];

const BUYERS = [
  { name: 'Alex Jansen', email: 'alex@buyer.example', city: 'Amsterdam', country: 'NL' },
  { name: 'Sam Peeters', email: 'sam@buyer.example', city: 'Antwerpen', country: 'BE' },
  { name: 'Kim Weber', email: 'kim@buyer.example', city: 'Köln', country: 'DE' },
];

/**
 * What makes the demo marketplace worth clicking through after `npm start`: a delivery zone, four
 * approved products and a few weeks of orders (one already shipped), written through the same use
 * cases as real ones (product saves, ingestOrder), so every screen shows real data.
 */
export async function seedDemoSales(ctx: AppContext) {
  const [admin] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.storeId, DEMO_STORE), eq(users.email, DEMO_ACCOUNTS.admin)));
  const auth: AuthContext = {
    userId: admin.id,
    storeId: DEMO_STORE,
    email: admin.email,
    name: admin.name,
    isAdmin: true,
    vendor: '*',
    vendorId: null,
  };
  await ctx.db.insert(deliveryZones).values({
    storeId: DEMO_STORE,
    vendorId: null,
    currency: (await readStoreSettings(ctx.db, DEMO_STORE)).currency,
    zone: {
      zoneName: 'Benelux and Germany',
      rates: [
        { name: 'Standard', description: '2-4 days', price: 4.95 },
        { name: 'Express', description: 'Next day', price: 12.5 },
      ],
      countries: [{ code: 'NL' }, { code: 'BE' }, { code: 'DE' }],
    },
  });
  // Buyers choose Standard or Express by name, or pick up what allows it.
  await saveDeliverySettings(
    ctx.db,
    { storeId: DEMO_STORE, vendorId: null },
    { ...DEFAULT_DELIVERY_SETTINGS, enabled: true, enableRateNames: true, enableLocalPickup: true },
  );
  const variants: { id: string; price: number; title: string; sku: string }[] = [];
  for (const p of PRODUCTS) {
    const { productId } = await createOrUpdateProduct(ctx, auth, {
      title: p.title,
      vendor: p.vendor,
      status: 'ACTIVE',
      bodyHtml: `<p>${p.title}, made by ${p.vendor}.</p>`,
      variants: [{ price: p.price, stock: p.stock, trackStock: true, sku: p.sku }],
    });
    const [variant] = await ctx.db.select().from(productVariants).where(eq(productVariants.productId, productId));
    variants.push({ id: variant.id, price: variant.price, title: p.title, sku: p.sku });
  }

  const now = ctx.now().getTime();
  const carts = [...history(), ...RECENT];
  const placed: { orderId: string; daysAgo: number }[] = [];
  for (const [index, cart] of carts.entries()) {
    const buyer = BUYERS[cart.buyer];
    const { orderId } = await ingestOrder(ctx, DEMO_STORE, {
      source: 'local',
      platformOrderId: randomUUID(),
      name: `#${1001 + index}`,
      currency: 'USD',
      customer: { name: buyer.name, email: buyer.email, phone: '' },
      shippingAddress: {
        name: buyer.name,
        company: '',
        street1: `${10 + index} Market Street`,
        street2: '',
        city: buyer.city,
        zip: '1000',
        province: '',
        country: buyer.country,
        phone: '',
      },
      billingAddress: null,
      lines: cart.items.map(([v, quantity]) => ({
        platformLineId: randomUUID(),
        variantId: variants[v].id,
        sku: variants[v].sku,
        vendorName: null,
        title: variants[v].title,
        variantTitle: '',
        quantity,
        price: variants[v].price,
        discount: 0,
        tax: 0,
      })),
      shipping: 495,
      placedAt: new Date(now - cart.daysAgo * DAY_MS),
      payment: { status: 'paid', method: 'card', paidAt: new Date(now - cart.daysAgo * DAY_MS) },
    });
    placed.push({ orderId, daysAgo: cart.daysAgo });
    // Orders older than a few days have gone out, through the same call a vendor uses, two days
    // after they were placed: the older ones are past the holding days (payable), the last ones still held.
    if (cart.daysAgo >= SHIPPED_AFTER_DAYS) {
      for (const part of await ctx.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId))) {
        const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.vendorOrderId, part.id));
        const { fulfillment } = await fulfillOrder(ctx, auth, part.id, {
          carrier: 'PostNL',
          tracking: `3SDEMO${1001 + index}`,
          lineItems: lines.map((l) => ({ id: l.id, quantity: l.quantity })),
        });
        await ctx.db
          .update(fulfillments)
          .set({ createdAt: new Date(now - (cart.daysAgo - 2) * DAY_MS) })
          .where(eq(fulfillments.id, fulfillment.id));
      }
    }
  }

  // A buyer sent one item of an order of a month ago back.
  const returned = placed.find((p) => p.daysAgo >= 30 && p.daysAgo < 40) ?? placed[0];
  const [returnedLine] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, returned.orderId));
  await refundOrder(ctx.db, DEMO_STORE, returned.orderId, {
    sourceRefundId: randomUUID(),
    lines: [{ lineId: returnedLine.id, quantity: 1, restock: true }],
    shipping: 0,
    at: new Date(now - (returned.daysAgo - 2) * DAY_MS),
    createdBy: admin.id,
  });

  // Vendor One was paid by hand for its orders older than two months.
  const paidParts = await ctx.db
    .select({ orderName: vendorOrders.orderName, placedAt: vendorOrders.placedAt })
    .from(vendorOrders)
    .where(and(eq(vendorOrders.storeId, DEMO_STORE), eq(vendorOrders.vendorId, await vendorIdOf(ctx, 'Vendor One'))));
  const payoutLines = paidParts
    .filter((p) => p.placedAt.getTime() < now - 60 * DAY_MS)
    .map((p) => ({ orderName: p.orderName, vendor: 'Vendor One' }));
  if (payoutLines.length > 0) {
    const paidAt = new Date(now - 55 * DAY_MS).toISOString();
    await pay(ctx, auth, PayBodySchema.parse({ payoutLines, manual: { paidAt, details: 'Bank transfer DEMO-1' } }));
  }
  await seedDemoConversations(ctx);
  await seedDemoSheets(ctx);
  await seedDemoPlan(ctx, auth);
  await seedDemoOffers(ctx);
  await seedDemoDiscounts(ctx, 'ONE-MUG');
  await seedDemoApplication(ctx);
}

async function vendorIdOf(ctx: AppContext, name: string) {
  const [vendor] = await ctx.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.storeId, DEMO_STORE), eq(vendors.name, name)));
  return vendor.id;
}

type Cart = { daysAgo: number; buyer: number; items: [number, number][] };

/** The last three weeks, as they always were in the demo. */
/** Orders placed at least this many days ago have shipped (the newest ones wait for their vendor). */
const SHIPPED_AFTER_DAYS = 6;

const RECENT: Cart[] = [
  {
    daysAgo: 20,
    buyer: 0,
    items: [
      [0, 2],
      [2, 1],
    ],
  },
  { daysAgo: 12, buyer: 1, items: [[1, 3]] },
  {
    daysAgo: 6,
    buyer: 2,
    items: [
      [3, 1],
      [0, 1],
    ],
  },
  { daysAgo: 2, buyer: 0, items: [[2, 1]] },
  {
    daysAgo: 0,
    buyer: 1,
    items: [
      [0, 1],
      [1, 1],
      [3, 1],
    ],
  },
];

/** Four months before them: an order every two to four days, the same on every seed (no randomness), so the dashboard has a history. */
function history(): Cart[] {
  const carts: Cart[] = [];
  for (let daysAgo = 140, i = 0; daysAgo > 21; daysAgo -= 2 + (i % 3), i++) {
    carts.push({
      daysAgo,
      buyer: i % BUYERS.length,
      items:
        i % 4 === 0
          ? [
              [i % PRODUCTS.length, 1],
              [(i + 2) % PRODUCTS.length, 1 + (i % 2)],
            ]
          : [[(i * 3) % PRODUCTS.length, 1 + (i % 3)]],
    });
  }
  return carts;
}
