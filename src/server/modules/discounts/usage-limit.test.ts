import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CheckoutBodySchema } from '#shared/schemas/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { discountRedemptions, discounts, orders, productVariants } from '#server/db/schema/index';
import { AppError } from '#server/http/errors';
import { placeCheckout } from '../orders/place-checkout.ts';
import { caller, demoSessions } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let variantId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-25T12:00:00Z') });
  const s = await demoSessions(t);
  expect(
    (
      await caller(t, s.admin)('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  const product = await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 100000, sku: 'MUG-1' }],
  });
  variantId = (await t.db.select().from(productVariants).where(eq(productVariants.productId, product)))[0].id;
  const code = (over: Record<string, unknown>) =>
    caller(t, s.admin)('POST', '/api/discounts', {
      method: 'code',
      name: 'Limited',
      value: { type: 'percentage', percentage: 50 },
      active: { from: '2026-11-01' },
      ...over,
    });
  const made = await code({ code: 'LIMITED', limit: { withUsage: true, usage: 7 } });
  expect(made.statusCode, made.body).toBe(201);
  expect((await code({ code: 'ONCEEACH', limit: { onePerCustomer: true } })).statusCode).toBe(201);
}, 120_000);
afterAll(() => t.close());

// The use case itself (the HTTP route's per-address rate limit is not what is under test here).
const attempt = (code: string, email: string) =>
  placeCheckout(
    t.ctx,
    'demo',
    CheckoutBodySchema.parse({
      store: 'demo',
      checkoutId: randomUUID(),
      email,
      discountCode: code,
      address: { name: 'A', street1: '1 St', city: 'Utrecht', country: 'NL' },
      lines: [{ variantId, quantity: 1 }],
    }),
  ).then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.message : Promise.reject(error)),
  );

const usage = async (code: string) => {
  const [row] = await t.db.select().from(discounts).where(eq(discounts.code, code));
  const redemptions = await t.db.select().from(discountRedemptions).where(eq(discountRedemptions.discountId, row.id));
  return { count: row.usageCount, redemptions: redemptions.length };
};

describe('usage limits under concurrency', () => {
  it('500 parallel checkouts with a code limited to 7 uses: exactly 7 orders get it, the others are told it is used up', async () => {
    const results = await Promise.all(Array.from({ length: 500 }, (_, i) => attempt('LIMITED', `buyer${i}@example.com`)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(7);
    expect(new Set(results.filter((r) => r !== 'ok'))).toEqual(new Set(['This discount code has been used up']));
    expect(await usage('LIMITED')).toEqual({ count: 7, redemptions: 7 });
    const discounted = (await t.db.select({ discount: orders.discount }).from(orders)).filter((o) => o.discount > 0);
    expect(discounted).toHaveLength(7);
  }, 300_000);

  it('onePerCustomer by e-mail: 50 parallel checkouts of one buyer use it once', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => attempt('ONCEEACH', 'same@example.com')));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(new Set(results.filter((r) => r !== 'ok'))).toEqual(
      new Set(['This discount code has already been used with this e-mail address']),
    );
    expect(await attempt('ONCEEACH', 'other@example.com')).toBe('ok');
    expect(await usage('ONCEEACH')).toEqual({ count: 2, redemptions: 2 });
  }, 300_000);
});
