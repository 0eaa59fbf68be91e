import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { productVariants } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let variantId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-12-24T12:00:00Z') });
  s = await demoSessions(t);
  expect(
    (
      await caller(t, s.admin)('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  const mug = await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 50, sku: 'MUG-1' }],
  });
  variantId = (await t.db.select().from(productVariants).where(eq(productVariants.productId, mug)))[0].id;
});
afterAll(() => t.close());

const checkout = () =>
  t.app.inject({
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

describe('holiday mode at the checkout', () => {
  it('a vendor on holiday is not sold to between from and to, while the store has holiday mode on', async () => {
    const holidays = { enabled: true, from: '2026-12-23', to: '2027-01-02', message: 'Back in the new year' };
    const holidayMode = async (enabled: boolean) =>
      expect(
        (await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { features: { holidayMode: { enabled } } } })).statusCode,
      ).toBe(200);
    await holidayMode(true);
    expect((await caller(t, s.vendor1)('PUT', '/api/settings/holidays', holidays)).statusCode).toBe(200);
    // The store switches the feature off: the vendor's stored holidays change nothing.
    await holidayMode(false);
    expect((await checkout()).statusCode).toBe(200);

    await holidayMode(true);
    const refused = await checkout();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Vendor One is on holiday until 2027-01-02: Back in the new year');

    // Holidays that end before today no longer stop a sale.
    expect(
      (await caller(t, s.vendor1)('PUT', '/api/settings/holidays', { ...holidays, from: '2026-12-01', to: '2026-12-23' })).statusCode,
    ).toBe(200);
    expect((await checkout()).statusCode).toBe(200);
  });

  it("the marketplace's own holidays close the checkout for every vendor, with the marketplace's name and message", async () => {
    const closed = { enabled: true, from: '2026-12-24', to: '2026-12-26', message: 'Closed for Christmas' };
    expect((await caller(t, s.admin)('PUT', '/api/settings/holidays', closed)).statusCode).toBe(200);
    const refused = await checkout();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Demo Marketplace is on holiday until 2026-12-26: Closed for Christmas');
    expect((await caller(t, s.admin)('PUT', '/api/settings/holidays', { ...closed, from: '2026-12-25' })).statusCode).toBe(200);
    expect((await checkout()).statusCode).toBe(200);
  });
});
