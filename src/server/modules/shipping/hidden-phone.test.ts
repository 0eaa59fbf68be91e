import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { startFakeShippo, type FakeShippo } from '../../../../test/fakes/fake-shippo.ts';
import { productVariants, vendorOrders } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

/** "Hide customer phone": vendors never receive the buyer's number, and the carrier still gets it from the server. */
const PHONE = '+31 6 1234 5678';
const from = {
  name: 'Vendor One',
  street1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  phone: '+1 555 0100',
  email: 'ship@vendor.example',
};
const parcels = [{ length: 20, width: 15, height: 10, distanceUnit: 'cm', weight: 1.2, massUnit: 'kg' }];

let t: TestApp;
let shippo: FakeShippo;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let vendorOrderId: string;

beforeAll(async () => {
  shippo = await startFakeShippo();
  t = await createTestApp({ env: { SHIPPO_BASE_URL: shippo.url } });
  s = await demoSessions(t);
  const admin = caller(t, s.admin);
  expect(
    (
      await admin('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  expect((await admin('PUT', '/api/shippo/api-key', { apiKey: `shippo_test_${'m'.repeat(40)}` })).statusCode).toBe(200);
  const mug = await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 50, sku: 'MUG-1' }],
  });
  const [{ id: variantId }] = await t.db.select().from(productVariants).where(eq(productVariants.productId, mug));
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'ann@buyer.example',
      address: { name: 'Ann Buyer', street1: '2 Elm St', city: 'Utrecht', zip: '3511', country: 'NL', phone: PHONE },
      lines: [{ variantId, quantity: 1 }],
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  [{ id: vendorOrderId }] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, placed.json().orderId));
});
afterAll(async () => {
  await t.close();
  await shippo.close();
});

describe('hide customer phone (on by default)', () => {
  it('the vendor gets the order and the label form without the number, in any field; an admin sees it', async () => {
    const vendor = caller(t, s.vendor1);
    const order = await vendor('GET', `/api/orders/${vendorOrderId}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().order).toMatchObject({ customerPhone: null, shippingAddress: { street1: '2 Elm St', phone: '' } });
    const form = await vendor('GET', `/api/orders/${vendorOrderId}/shipping`);
    expect(form.json().to).toMatchObject({ street1: '2 Elm St', phone: '' });
    expect(`${order.body}${form.body}`).not.toContain(PHONE);

    const admin = caller(t, s.admin);
    expect((await admin('GET', `/api/orders/${vendorOrderId}`)).json().order).toMatchObject({
      customerPhone: PHONE,
      shippingAddress: { phone: PHONE },
    });
    expect((await admin('GET', `/api/orders/${vendorOrderId}/shipping`)).json().to.phone).toBe(PHONE);
  });

  it('quoting from the form the vendor got sends the buyer’s number to the carrier from the server', async () => {
    const vendor = caller(t, s.vendor1);
    const { to } = (await vendor('GET', `/api/orders/${vendorOrderId}/shipping`)).json();
    const res = await vendor('POST', '/api/shippo/rates', { orderId: vendorOrderId, from, to, parcels });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(PHONE);
    const sent = shippo.requests.filter((r) => r.path === '/shipments/').at(-1)!.body as { address_to: { phone: string } };
    expect(sent.address_to.phone).toBe(PHONE);
  });

  it('with the setting off, the vendor sees the number', async () => {
    expect(
      (await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { orders: { hiddenFields: ['billing'] } } })).statusCode,
    ).toBe(200);
    const vendor = caller(t, s.vendor1);
    expect((await vendor('GET', `/api/orders/${vendorOrderId}`)).json().order).toMatchObject({
      customerPhone: PHONE,
      shippingAddress: { phone: PHONE },
    });
    expect((await vendor('GET', `/api/orders/${vendorOrderId}/shipping`)).json().to.phone).toBe(PHONE);
  });
});
