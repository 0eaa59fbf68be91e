import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { orderLines, orders, productVariants, products, vendorOrders } from '../../db/schema/index.ts';
import { caller, demoSessions, saveProduct, type Session } from '../products/products-test-kit.ts';
import { shareOut } from './ingest-order.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let mug: { productId: string; variantId: string };
let lamp: { productId: string; variantId: string };

const variantOf = async (productId: string) => (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0];

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  const admin = caller(t, s.admin);
  // Marketplace delivery: Benelux, 4.95 flat. Vendor Two ships with its own zone, free.
  expect((await admin('POST', '/api/settings/delivery/zone', { zone: { zoneName: 'Benelux', rates: [{ name: 'Standard', price: 4.95 }], countries: [{ code: 'NL' }, { code: 'BE' }] } })).statusCode).toBe(201);
  expect((await caller(t, s.vendor2)('POST', '/api/settings/delivery/zone', { zone: { zoneName: 'Everywhere NL', rates: [{ name: 'Free', price: 0 }], countries: [{ code: 'NL' }] } })).statusCode).toBe(201);
  // Admins' products are approved at once; these are for sale.
  const mugId = await saveProduct(t, s.admin, { title: 'Blue mug', vendor: 'Vendor One', status: 'ACTIVE', variants: [{ price: '20.00', stock: 3, trackStock: true, sku: 'MUG-1' }] });
  const lampId = await saveProduct(t, s.admin, { title: 'Brass lamp', vendor: 'Vendor Two', status: 'ACTIVE', variants: [{ price: '100.00', stock: 0, sku: 'LAMP-1' }] });
  mug = { productId: mugId, variantId: (await variantOf(mugId)).id };
  lamp = { productId: lampId, variantId: (await variantOf(lampId)).id };
});
afterAll(() => t.close());

const address = { name: 'Alex Buyer', street1: '12 Canal Street', city: 'Amsterdam', zip: '1012 AB', country: 'nl' };
const checkout = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/storefront/checkout', payload: { store: 'demo', email: 'Alex@Buyer.example', address, ...body } });

describe('POST /api/storefront/checkout', () => {
  it('records an order split per vendor: server prices, shipping per vendor, commission frozen per line, stock taken, vendors mailed', async () => {
    const checkoutId = randomUUID();
    const res = await checkout({ checkoutId, lines: [{ variantId: mug.variantId, quantity: 2 }, { variantId: lamp.variantId, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    // 2 × 20 + 100; Vendor One ships with the marketplace's 4.95, Vendor Two with its own free rate.
    expect(res.json()).toMatchObject({ name: '#1001', currency: 'USD', subtotal: '140.00', shipping: '4.95', total: '144.95' });
    const { orderId } = res.json();

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ source: 'local', platformOrderId: checkoutId, customer: { name: 'Alex Buyer', email: 'alex@buyer.example' } });
    expect(order.shippingAddress).toMatchObject({ country: 'NL', city: 'Amsterdam' });
    const parts = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
    expect(parts).toHaveLength(2);
    // The default commission is 10 % of the goods.
    const one = parts.find((p) => p.subtotal === 4000)!;
    expect(one).toMatchObject({ orderName: '#1001', fulfillment: 'unfulfilled', payout: 'due', commission: 400, vendorShare: 3600 });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.vendorOrderId, one.id));
    expect(lines).toEqual([expect.objectContaining({ sku: 'MUG-1', quantity: 2, price: 2000, commission: 400, commissionLine: expect.objectContaining({ percentage: 10, source: 'default' }) })]);

    // Tracked stock is taken down with the product's summary; untracked stock is not counted.
    expect((await variantOf(mug.productId)).stock).toBe(1);
    expect((await t.db.select().from(products).where(eq(products.id, mug.productId)))[0]).toMatchObject({ totalStock: 1, inStock: true });

    const [mail] = (await t.mailsTo(DEMO_ACCOUNTS.vendor1)).filter((m) => m.template === 'order-placed');
    expect(mail.subject).toBe('New order #1001');
    expect(mail.html).toContain('Blue mug');
    expect((await t.mailsTo(DEMO_ACCOUNTS.vendor2)).filter((m) => m.template === 'order-placed')).toHaveLength(1);

    // The storefront retrying the same checkout gets the same order, and nothing happens twice.
    const again = await checkout({ checkoutId, lines: [{ variantId: mug.variantId, quantity: 1 }] });
    expect(again.json()).toMatchObject({ orderId, name: '#1001' });
    expect((await variantOf(mug.productId)).stock).toBe(1);
    expect(await t.db.select().from(orders)).toHaveLength(1);
  });

  it('refuses what cannot be sold, delivered or afforded, with the message and nothing written', async () => {
    const before = (await t.db.select().from(orders)).length;
    const tooMany = await checkout({ checkoutId: randomUUID(), lines: [{ variantId: mug.variantId, quantity: 5 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ message: 'Not enough in stock', errors: [{ path: 'lines', message: 'Only 1 left of Blue mug' }] });

    const draft = await saveProduct(t, s.vendor1, { title: 'Unapproved vase', status: 'ACTIVE', variants: [{ price: '5', stock: 1, sku: 'VASE' }] });
    const notForSale = await checkout({ checkoutId: randomUUID(), lines: [{ variantId: (await variantOf(draft)).id, quantity: 1 }] });
    expect(notForSale.statusCode).toBe(400);
    expect(notForSale.json()).toMatchObject({ message: 'This product is not for sale', errors: [{ path: 'lines.0.variantId' }] });

    const faraway = await checkout({ checkoutId: randomUUID(), address: { ...address, country: 'JP' }, lines: [{ variantId: mug.variantId, quantity: 1 }] });
    expect(faraway.statusCode).toBe(400);
    expect(faraway.json().message).toBe('No delivery to this address');

    const bad = await checkout({ checkoutId: 'x', address: { ...address, country: 'XX', name: '' }, lines: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path).sort()).toEqual(['address.country', 'address.name', 'checkoutId', 'lines']);
    expect(await t.db.select().from(orders)).toHaveLength(before);
    expect((await variantOf(mug.productId)).stock).toBe(1);
  });

  it('numbers local orders one after the other', async () => {
    const res = await checkout({ checkoutId: randomUUID(), lines: [{ variantId: lamp.variantId, quantity: 1 }] });
    expect(res.json().name).toBe('#1002');
  });
});

describe('vendor deletion', () => {
  it('keeps a vendor that has orders (409, nothing deleted)', async () => {
    const res = await caller(t, s.admin)('DELETE', '/api/vendors/Vendor%20One');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This vendor has orders: its order and payout records must stay, so it cannot be deleted');
  });
});

describe('shareOut', () => {
  it('splits an amount by weight, the parts adding up to it exactly', () => {
    expect(shareOut(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(shareOut(495, [4000, 10000])).toEqual([141, 354]);
    expect(shareOut(7, [0, 0])).toEqual([7, 0]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
  });
});
