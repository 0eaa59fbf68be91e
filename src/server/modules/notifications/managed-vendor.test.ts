import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { productVariants } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let variantId: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  expect(
    (
      await caller(t, s.admin)('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  const lamp = await saveProduct(t, s.admin, {
    title: 'Brass lamp',
    vendor: 'Vendor Two',
    status: 'ACTIVE',
    variants: [{ price: '100.00', stock: 5, sku: 'LAMP-1' }],
  });
  variantId = (await t.db.select().from(productVariants).where(eq(productVariants.productId, lamp)))[0].id;
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
const orderMails = async (address: string) => (await t.mailsTo(address)).filter((m) => m.template === 'order-placed').length;

describe('a vendor managed by the marketplace', () => {
  it('has its mails sent to the admins, who run its shop, instead of its own accounts', async () => {
    expect((await checkout()).statusCode).toBe(200);
    expect(await orderMails(DEMO_ACCOUNTS.vendor2)).toBe(1);
    expect(await orderMails(DEMO_ACCOUNTS.admin)).toBe(0);

    const managed = (isManagedByMarketplace: boolean) =>
      caller(t, s.admin)('PUT', '/api/settings/marketplace-settings', { vendor: 'Vendor Two', isManagedByMarketplace });
    expect((await managed(true)).statusCode).toBe(200);
    expect((await checkout()).statusCode).toBe(200);
    expect(await orderMails(DEMO_ACCOUNTS.vendor2)).toBe(1);
    expect(await orderMails(DEMO_ACCOUNTS.admin)).toBe(1);

    expect((await managed(false)).statusCode).toBe(200);
    expect((await checkout()).statusCode).toBe(200);
    expect(await orderMails(DEMO_ACCOUNTS.vendor2)).toBe(2);
    expect(await orderMails(DEMO_ACCOUNTS.admin)).toBe(1);
  });
});
