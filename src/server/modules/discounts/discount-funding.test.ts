import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orderLines, productVariants, vendorOrders } from '#server/db/schema/index';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { markPaid } from '../../../../test/support/orders.ts';
import { refundOrder } from '../orders/refund-order.ts';

/**
 * Who pays for a discount: the marketplace, the vendor whose products it is on, or both by a share.
 * The demo store's commission is 10%: it is computed on what the vendor sold for (its own part of a
 * discount lowers that, the marketplace's does not), and the marketplace's part is the marketplace's
 * cost in the ledger (an entry out of the vendor's payout), never the vendor's.
 */

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let mug: string;
let plate: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  const admin = caller(t, s.admin);
  expect((await admin('PATCH', '/api/app/info/features', { features: { features: { discounts: { enabled: true } } } })).statusCode).toBe(
    200,
  );
  expect(
    (
      await admin('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  const variantOf = async (productId: string) =>
    (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0].id;
  mug = await variantOf(
    await saveProduct(t, s.admin, {
      title: 'Blue mug',
      vendor: 'Vendor One',
      status: 'ACTIVE',
      variants: [{ price: '20.00', stock: 1000, sku: 'MUG-1' }],
    }),
  );
  plate = await variantOf(
    await saveProduct(t, s.admin, {
      title: 'Plate',
      vendor: 'Vendor Two',
      status: 'ACTIVE',
      variants: [{ price: '30.00', stock: 1000, sku: 'PLATE-1' }],
    }),
  );
});
afterAll(() => t.close());

const create = async (session: Session, body: Record<string, unknown>) => {
  const res = await caller(t, session)('POST', '/api/discounts', {
    method: 'code',
    name: String(body.code),
    active: { from: '2020-01-01' },
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().discount;
};
const checkout = async (discountCode: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: `${randomUUID()}@buyer.example`,
      discountCode,
      address: { name: 'A', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
      lines: [
        { variantId: mug, quantity: 1 },
        { variantId: plate, quantity: 1 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  // Paid, so its vendor parts enter the ledger.
  await markPaid(t, s.admin, res.json().orderId);
  return res.json() as { orderId: string; discount: string; total: string };
};

/** Each vendor's part of the order: its line's discount and the vendor's part of it, its commission and share, its discount entries, and its balance (the entries in its payout). */
async function partsOf(orderId: string) {
  const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const parts = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
  const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
  return Object.fromEntries(
    lines.map((line) => {
      const part = parts.find((p) => p.id === line.vendorOrderId)!;
      const own = entries.filter((e) => e.vendorOrderId === part.id);
      return [
        line.sku,
        {
          discount: line.discount,
          vendorDiscount: line.vendorDiscount,
          commission: part.commission,
          vendorShare: part.vendorShare,
          discountEntries: own.filter((e) => e.kind === 'discount').map((e) => [e.amount, e.inPayout, e.memo]),
          balance: own.filter((e) => e.inPayout).reduce((sum, e) => sum + e.amount, 0),
        },
      ];
    }),
  );
}

describe('who pays for a discount', () => {
  it('the marketplace: commission on the full price, the discount the marketplace’s cost, the vendor’s balance untouched', async () => {
    const made = await create(s.admin, { code: 'MARKET10', value: { type: 'percentage', percentage: 10 } });
    expect(made).toMatchObject({ fundedBy: 'marketplace', vendorShare: 0 });
    const order = await checkout('MARKET10');
    expect(order).toMatchObject({ discount: '5.00', total: '45.00' });
    expect(await partsOf(order.orderId)).toEqual({
      'MUG-1': {
        discount: 200,
        vendorDiscount: 0,
        commission: 200,
        vendorShare: 1800,
        discountEntries: [[-200, false, 'Funded by the marketplace']],
        balance: 1800,
      },
      'PLATE-1': {
        discount: 300,
        vendorDiscount: 0,
        commission: 300,
        vendorShare: 2700,
        discountEntries: [[-300, false, 'Funded by the marketplace']],
        balance: 2700,
      },
    });
  });

  it('the vendor: on its own products only, commission on what it sold for (never 0), out of its payout; the vendor sees it', async () => {
    const made = await create(s.admin, { code: 'ONE6', vendor: 'Vendor One', fundedBy: 'vendor', value: { type: 'fixed', fixed: '6' } });
    expect(made).toMatchObject({ fundedBy: 'vendor', vendorShare: 100, vendor: 'Vendor One' });
    const order = await checkout('ONE6');
    expect(order).toMatchObject({ discount: '6.00', total: '44.00' });
    expect(await partsOf(order.orderId)).toEqual({
      'MUG-1': {
        discount: 600,
        vendorDiscount: 600,
        commission: 140,
        vendorShare: 1260,
        discountEntries: [[-600, true, '']],
        balance: 1260,
      },
      'PLATE-1': { discount: 0, vendorDiscount: null, commission: 300, vendorShare: 2700, discountEntries: [], balance: 2700 },
    });
    // The vendor pays for it, so it is in its list; the other vendor does not see it.
    expect((await caller(t, s.vendor1)('GET', '/api/discounts')).json().discounts.map((d: { code: string }) => d.code)).toContain('ONE6');
    expect((await caller(t, s.vendor2)('GET', '/api/discounts')).json().discounts.map((d: { code: string }) => d.code)).not.toContain(
      'ONE6',
    );
    // A vendor's own discount is always the vendor's, whatever it asks.
    const own = await create(s.vendor2, { code: 'TWO1', fundedBy: 'marketplace', value: { type: 'fixed', fixed: '1' } });
    expect(own).toMatchObject({ fundedBy: 'vendor', vendorShare: 100, vendor: 'Vendor Two' });
  });

  it('a split: each vendor funds its share of the part on its products; a refund gives each funder back its own part', async () => {
    const made = await create(s.admin, {
      code: 'SPLIT10',
      fundedBy: 'split',
      vendorShare: 25,
      value: { type: 'percentage', percentage: 10 },
    });
    expect(made).toMatchObject({ fundedBy: 'split', vendorShare: 25 });
    const order = await checkout('SPLIT10');
    expect(order).toMatchObject({ discount: '5.00', total: '45.00' });
    // Mug: 2.00 off, 0.50 the vendor's; commission on 19.50. Plate: 3.00 off, 0.75 the vendor's; commission on 29.25 (2.925, half up).
    expect(await partsOf(order.orderId)).toEqual({
      'MUG-1': {
        discount: 200,
        vendorDiscount: 50,
        commission: 195,
        vendorShare: 2000 - 50 - 195,
        discountEntries: [
          [-50, true, ''],
          [-150, false, 'Funded by the marketplace'],
        ],
        balance: 2000 - 50 - 195,
      },
      'PLATE-1': {
        discount: 300,
        vendorDiscount: 75,
        commission: 293,
        vendorShare: 3000 - 75 - 293,
        discountEntries: [
          [-75, true, ''],
          [-225, false, 'Funded by the marketplace'],
        ],
        balance: 3000 - 75 - 293,
      },
    });

    const [mugLine] = await t.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.orderId), eq(orderLines.sku, 'MUG-1')));
    await refundOrder(t.db, 'demo', order.orderId, {
      sourceRefundId: randomUUID(),
      lines: [{ lineId: mugLine.id, quantity: 1, restock: false }],
      shipping: 0,
      at: new Date(),
    });
    const refunded = (await partsOf(order.orderId))['MUG-1'];
    expect(refunded.discountEntries).toEqual([
      [-50, true, ''],
      [-150, false, 'Funded by the marketplace'],
      [50, true, ''],
      [150, false, 'Funded by the marketplace'],
    ]);
    expect(refunded.balance).toBe(0);
  });

  it('an edit keeps the funder unless it names one; a split needs a share between 0 and 100', async () => {
    const admin = caller(t, s.admin);
    const made = await create(s.admin, { code: 'KEEP', fundedBy: 'split', vendorShare: 40, value: { type: 'percentage', percentage: 5 } });
    // A PUT replaces the whole discount; only its funder and share may be left out, to keep them.
    const whole = {
      method: 'code',
      code: 'KEEP',
      name: 'Keep',
      active: { from: '2020-01-01', withEndDate: false, until: null },
      value: { type: 'percentage', fixed: '0', percentage: 6 },
      limit: { onePerCustomer: false, withUsage: false, usage: 1 },
      minPurchase: { type: 'none', value: 0 },
      vendor: null,
    };
    const kept = await admin('PUT', `/api/discounts/${made.id}`, whole);
    expect(kept.json().discount).toMatchObject({ fundedBy: 'split', vendorShare: 40, value: { percentage: 6 } });
    const moved = await admin('PUT', `/api/discounts/${made.id}`, { ...whole, fundedBy: 'marketplace' });
    expect(moved.json().discount).toMatchObject({ fundedBy: 'marketplace', vendorShare: 0 });
    for (const [vendorShare, message] of [
      [0, 'should be greater than 0'],
      [100, 'should be less than 100'],
    ] as const) {
      const res = await admin('POST', '/api/discounts', {
        method: 'code',
        code: `BAD${vendorShare}`,
        name: 'Bad',
        active: { from: '2020-01-01' },
        value: { type: 'percentage', percentage: 5 },
        fundedBy: 'split',
        vendorShare,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'vendorShare', message }]);
    }
  });
});
