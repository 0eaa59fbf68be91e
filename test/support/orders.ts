import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderLines, vendorOrders } from '#server/db/schema/index';
import { caller, type Session } from './sessions.ts';
import type { TestApp } from './test-app.ts';

/** A built-in storefront checkout of one unit of one variant, not paid yet: the new order's id and name. */
export async function checkoutOne(t: TestApp, variantId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'a@b.example',
      address: { name: 'A', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
      lines: [{ variantId, quantity: 1 }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orderId: string; name: string };
}

/** The buyer paid a built-in storefront order (by the demo's bank transfer): an admin marks it paid, so its vendor parts become vendor money. */
export async function markPaid(t: TestApp, admin: Session, orderId: string) {
  const [part] = await t.db.select({ id: vendorOrders.id }).from(vendorOrders).where(eq(vendorOrders.orderId, orderId)).limit(1);
  const res = await caller(t, admin)('POST', `/api/orders/${part.id}/mark-paid`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every vendor part of an order shipped in full (through the vendor-facing call, as an admin). */
export async function shipAll(t: TestApp, admin: Session, orderId: string) {
  for (const part of await t.db.select({ id: vendorOrders.id }).from(vendorOrders).where(eq(vendorOrders.orderId, orderId))) {
    const lines = await t.db
      .select({ id: orderLines.id, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.vendorOrderId, part.id));
    const res = await caller(t, admin)('POST', `/api/orders/${part.id}/fulfill`, {
      carrier: 'PostNL',
      tracking: `3S${part.id.slice(0, 8)}`,
      lineItems: lines,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** A store that pays shipped orders at once (no return window): what tests of the payment itself need. */
export async function payAtOnce(t: TestApp, admin: Session) {
  const res = await caller(t, admin)('PATCH', '/api/app/info/features', { features: { payments: { holdingDays: 0 } } });
  expect(res.statusCode, res.body).toBe(200);
}
