import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { pdfText } from '../../../../test/support/pdf-text.ts';
import { productVariants, vendorOrders } from '#server/db/schema/index';
import { caller, demoSessions, saveProduct, type Session } from '../products/products-test-kit.ts';
import { markPaid, payAtOnce, shipAll } from '../orders/orders-test-kit.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  expect((await caller(t, s.admin)('POST', '/api/settings/delivery/zone', { zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: 0 }], countries: [{ code: 'NL' }] } })).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('the commission invoice of a payout', () => {
  it('renders doc-vendor-invoice as a PDF for the payout’s vendor and admins only', async () => {
    const mug = await saveProduct(t, s.admin, { title: 'Blue mug', vendor: 'Vendor One', status: 'ACTIVE', variants: [{ price: '20.00', stock: 50, sku: 'MUG-1' }] });
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, mug));
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      payload: { store: 'demo', checkoutId: randomUUID(), email: 'a@b.example', address: { name: 'A', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' }, lines: [{ variantId: variant.id, quantity: 2 }] },
    });
    const { orderId, name } = checkout.json();
    await markPaid(t, s.admin, orderId);
    await shipAll(t, s.admin, orderId);
    await payAtOnce(t, s.admin);
    const paid = await caller(t, s.admin)('POST', '/api/payment/v3/pay', { payoutLines: [{ orderName: name, vendor: 'Vendor One' }], manual: { paidAt: '2026-11-20', details: 'Bank' } });
    expect(paid.json().results[0].status).toBe('paid');
    const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
    const url = `/api/payouts/${part.payoutId}/invoice`;

    const res = await caller(t, s.vendor1)('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const words of [`Commission invoice P-${part.payoutId!.slice(0, 8).toUpperCase()}`, 'Date: 2026-11-20', name, '$40.00', 'Commission: $4.00', 'Paid to Vendor One: $36.00', 'Demo Marketplace']) {
      expect(text).toContain(words);
    }
    expect((await caller(t, s.admin)('GET', url)).statusCode).toBe(200);
    expect((await caller(t, s.vendor2)('GET', url)).statusCode).toBe(404);
    expect((await caller(t, s.vendor1)('GET', `/api/payouts/${randomUUID()}/invoice`)).statusCode).toBe(404);
  });
});
