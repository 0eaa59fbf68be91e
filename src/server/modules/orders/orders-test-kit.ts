import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { vendorOrders } from '#server/db/schema/index';
import type { TestApp } from '../../../../test/support/test-app.ts';
import { caller, type Session } from '../products/products-test-kit.ts';

/** The buyer paid a built-in storefront order (by the demo's bank transfer): an admin marks it paid, so its vendor parts become vendor money. */
export async function markPaid(t: TestApp, admin: Session, orderId: string) {
  const [part] = await t.db.select({ id: vendorOrders.id }).from(vendorOrders).where(eq(vendorOrders.orderId, orderId)).limit(1);
  const res = await caller(t, admin)('POST', `/api/orders/${part.id}/mark-paid`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
