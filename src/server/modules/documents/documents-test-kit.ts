import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { productVariants, vendorOrders } from '#server/db/schema/index';
import type { TestApp } from '../../../../test/support/test-app.ts';
import { caller, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { markPaid, payAtOnce, shipAll } from '../../../../test/support/orders.ts';

/** Vendor One's product bought at the storefront, paid, shipped, then its part paid out by hand on 2026-11-20: the documents' order and payout. */
export async function orderAndPayout(
  t: TestApp,
  admin: Session,
  input: { title: string; sku: string; price: string; quantity: number; address: Record<string, string> },
) {
  const product = await saveProduct(t, admin, {
    title: input.title,
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: input.price, stock: 50, sku: input.sku }],
  });
  const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, product));
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'buyer@buyer.example',
      address: input.address,
      lines: [{ variantId: variant.id, quantity: input.quantity }],
    },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { orderId, name } = checkout.json();
  await markPaid(t, admin, orderId);
  await shipAll(t, admin, orderId);
  await payAtOnce(t, admin);
  const paid = await caller(t, admin)('POST', '/api/payment/v3/pay', {
    payoutLines: [{ orderName: name, vendor: 'Vendor One' }],
    manual: { paidAt: '2026-11-20', details: 'Bank' },
  });
  expect(paid.json().results[0].status).toBe('paid');
  const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
  return { name: name as string, vendorOrderId: part.id, payoutId: part.payoutId! };
}
