import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEMO_PASSWORD, createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { discounts, ledgerEntries, orderLines, orders, productVariants, stores, users, vendorOrders } from '#server/db/schema/index';
import { hashPassword } from '../auth/passwords.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { markPaid } from '../../../../test/support/orders.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let mug: string;
let plate: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-25T12:00:00Z') });
  s = await demoSessions(t);
  expect(
    (
      await caller(t, s.admin)('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '5' }], countries: [{ code: 'NL' }] },
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
      variants: [{ price: '20.00', stock: 100000, sku: 'MUG-1' }],
    }),
  );
  plate = await variantOf(
    await saveProduct(t, s.admin, {
      title: 'Plate',
      vendor: 'Vendor Two',
      status: 'ACTIVE',
      variants: [{ price: '30.00', stock: 100000, sku: 'PLATE-1' }],
    }),
  );
});
afterAll(() => t.close());

const discount = (over: Record<string, unknown> = {}) => ({
  method: 'code',
  code: 'SAVE10',
  name: 'Ten percent',
  value: { type: 'percentage', percentage: 10, fixed: '0' },
  active: { from: '2026-11-01', withEndDate: false, until: null },
  limit: { onePerCustomer: false, withUsage: false, usage: 1 },
  minPurchase: { type: 'none', value: 0 },
  vendor: null,
  ...over,
});
/** A paid built-in order (its bank transfer marked received), so its discount shows in the ledger. */
const checkout = async (over: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'buyer@example.com',
      address: { name: 'A', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
      lines: [
        { variantId: mug, quantity: 1 },
        { variantId: plate, quantity: 1 },
      ],
      ...over,
    },
  });
  if (res.statusCode === 200 && res.json().paymentStatus === 'pending') await markPaid(t, s.admin, res.json().orderId);
  return res;
};
const create = async (session: Session, over: Record<string, unknown> = {}) => {
  const res = await caller(t, session)('POST', '/api/discounts', discount(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().discount as { id: string; status: string; usageCount: number; sync: { state: string } };
};
const row = async (id: string) => (await t.db.select().from(discounts).where(eq(discounts.id, id)))[0];

describe('discounts: create, list, change, delete', () => {
  it('an admin creates a marketplace code, reads it back in the list with status, usage and sync state', async () => {
    const created = await create(s.admin, {
      code: 'WELCOME',
      name: 'Welcome',
      active: { from: '2026-11-01', withEndDate: true, until: '2026-12-31' },
      limit: { onePerCustomer: true, withUsage: true, usage: 100 },
    });
    expect(created).toMatchObject({
      method: 'code',
      code: 'WELCOME',
      status: 'active',
      usageCount: 0,
      vendor: null,
      fundedBy: 'marketplace',
      currency: 'USD',
      sync: { state: 'pending', error: null },
    });
    await t.ctx.jobs.drain();
    const list = (await caller(t, s.admin)('GET', '/api/discounts')).json().discounts;
    // The built-in storefront needs no copy: the sync says so.
    expect(list.find((d: { id: string }) => d.id === created.id)).toMatchObject({
      sync: { state: 'local' },
      limit: { onePerCustomer: true, withUsage: true, usage: 100 },
    });
  });

  it('statuses: scheduled before its first day, expired after its last', async () => {
    const later = await create(s.admin, { code: 'LATER', active: { from: '2026-12-01', withEndDate: false, until: null } });
    const past = await create(s.admin, { code: 'PAST', active: { from: '2026-10-01', withEndDate: true, until: '2026-10-31' } });
    expect([later.status, past.status]).toEqual(['scheduled', 'expired']);
  });

  it("refuses what the spec refuses, with the schema's messages", async () => {
    const res = await caller(t, s.admin)('POST', '/api/discounts', {
      ...discount({ name: 'x'.repeat(201), code: '' }),
      value: { type: 'percentage', percentage: 101, fixed: '-1' },
      limit: { onePerCustomer: false, withUsage: true, usage: 0 },
      minPurchase: { type: 'amount', value: '-5' },
      active: { from: '2026-11-10', withEndDate: true, until: '2026-11-01' },
    });
    expect(res.statusCode).toBe(400);
    const errors = Object.fromEntries(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(errors).toMatchObject({
      name: 'Must be at most 200 characters',
      code: 'Required field',
      'value.percentage': 'should be less than 100',
      'value.fixed': 'should be greater than 0',
      'limit.usage': 'should be greater than 1',
      'minPurchase.value': 'should be greater than 0',
      'active.until': 'The end date should not be before the start date',
    });
    // Two decimals of a percent, and of the currency, at most (floating point never refuses 0.29).
    const fine = await caller(t, s.admin)(
      'POST',
      '/api/discounts',
      discount({ code: 'ODD', value: { type: 'percentage', percentage: 0.29, fixed: '0' } }),
    );
    expect(fine.json().discount.value.percentage).toBe(0.29);
    const finer = await caller(t, s.admin)(
      'POST',
      '/api/discounts',
      discount({ code: 'ODDER', value: { type: 'fixed', fixed: '1.005', percentage: 0 } }),
    );
    expect([finer.statusCode, finer.json().errors]).toEqual([400, [{ path: 'value.fixed', message: 'Must have at most 2 decimals' }]]);
    // Amounts are amount text: a number, or a comma for the decimals, is not one.
    for (const fixed of [5, '5,50', 'five']) {
      const bad = await caller(t, s.admin)(
        'POST',
        '/api/discounts',
        discount({ code: 'BAD', value: { type: 'fixed', fixed, percentage: 0 } }),
      );
      expect([bad.statusCode, bad.json().errors]).toEqual([400, [{ path: 'value.fixed', message: 'Must be an amount like 12.50' }]]);
    }
    const minimum = await caller(t, s.admin)(
      'POST',
      '/api/discounts',
      discount({ code: 'BAD', minPurchase: { type: 'amount', value: 50 } }),
    );
    expect(minimum.json().errors).toEqual([{ path: 'minPurchase.value', message: 'Must be an amount like 12.50' }]);
    const items = await caller(t, s.admin)(
      'POST',
      '/api/discounts',
      discount({ code: 'BAD', minPurchase: { type: 'quantity', value: 2.5 } }),
    );
    expect(items.json().errors).toEqual([{ path: 'minPurchase.value', message: 'Must be a whole number' }]);
    const taken = await caller(t, s.admin)('POST', '/api/discounts', discount({ code: 'welcome' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A discount with this code already exists');
  });

  it("a vendor's discounts are on its own products, whatever it names; another vendor and another store never see, change or delete them", async () => {
    const own = await create(s.vendor1, { code: 'ONE5', vendor: 'Vendor Two', value: { type: 'fixed', fixed: '5', percentage: 0 } });
    expect(own).toMatchObject({ vendor: 'Vendor One', fundedBy: 'vendor', value: { type: 'fixed', fixed: '5.00' } });
    const vendor1List = (await caller(t, s.vendor1)('GET', '/api/discounts')).json().discounts;
    expect(vendor1List.map((d: { code: string }) => d.code)).toEqual(['ONE5']);
    expect((await caller(t, s.vendor2)('GET', '/api/discounts')).json().discounts).toEqual([]);

    const before = await row(own.id);
    const put = await caller(t, s.vendor2)('PUT', `/api/discounts/${own.id}`, discount({ code: 'HIJACK' }));
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Discount not found');
    expect((await caller(t, s.vendor2)('DELETE', `/api/discounts/${own.id}`)).statusCode).toBe(404);
    // Nor the marketplace's.
    const marketplace = (await caller(t, s.admin)('GET', '/api/discounts'))
      .json()
      .discounts.find((d: { code: string }) => d.code === 'WELCOME');
    expect((await caller(t, s.vendor1)('DELETE', `/api/discounts/${marketplace.id}`)).statusCode).toBe(404);
    expect((await caller(t, s.vendor1)('PUT', `/api/discounts/${marketplace.id}`, discount({ code: 'WELCOME' }))).statusCode).toBe(404);

    await t.db.insert(stores).values({ id: 'other', shopName: 'Other', settings: { features: { discounts: { enabled: true } } } });
    await t.db
      .insert(users)
      .values({ storeId: 'other', email: 'admin@other.test', isAdmin: true, passwordHash: await hashPassword(DEMO_PASSWORD) });
    const otherAdmin = await t.login('admin@other.test', DEMO_PASSWORD, 'other');
    expect((await caller(t, otherAdmin)('GET', '/api/discounts')).json().discounts).toEqual([]);
    expect((await caller(t, otherAdmin)('PUT', `/api/discounts/${own.id}`, discount({ code: 'HIJACK' }))).statusCode).toBe(404);
    expect((await caller(t, otherAdmin)('DELETE', `/api/discounts/${own.id}`)).statusCode).toBe(404);
    const vendorElsewhere = await caller(t, otherAdmin)('POST', '/api/discounts', discount({ vendor: 'Vendor One' }));
    expect(vendorElsewhere.statusCode).toBe(404);
    // The same code is free in another store.
    expect((await caller(t, otherAdmin)('POST', '/api/discounts', discount({ code: 'ONE5' }))).statusCode).toBe(201);
    expect(await row(own.id)).toEqual(before);

    // Its owner changes it and deletes it; the admin could too.
    const changed = await caller(t, s.vendor1)(
      'PUT',
      `/api/discounts/${own.id}`,
      discount({ code: 'ONE6', value: { type: 'fixed', fixed: '6', percentage: 0 } }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().discount).toMatchObject({ code: 'ONE6', vendor: 'Vendor One', fundedBy: 'vendor' });
    // An admin may edit it, but not move a vendor's own discount onto another vendor's products.
    const moved = await caller(t, s.admin)(
      'PUT',
      `/api/discounts/${own.id}`,
      discount({ code: 'ONE6', vendor: 'Vendor Two', value: { type: 'fixed', fixed: '6', percentage: 0 } }),
    );
    expect(moved.json().discount).toMatchObject({ vendor: 'Vendor One', fundedBy: 'vendor' });
  });

  it('are in the OpenAPI document with their schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/discounts']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/discounts/{discountId}']).sort()).toEqual(['delete', 'put']);
    expect(JSON.stringify(doc.paths['/api/storefront/checkout'].post)).toContain('discountCode');
  });

  it('the feature flag: off, the calls answer 404', async () => {
    const off = await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { features: { discounts: { enabled: false } } } });
    expect(off.statusCode).toBe(200);
    expect((await caller(t, s.admin)('GET', '/api/discounts')).statusCode).toBe(404);
    // A code at the checkout is then unknown.
    expect((await checkout({ discountCode: 'WELCOME' })).json().message).toBe('Unknown discount code');
    expect(
      (await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { features: { discounts: { enabled: true } } } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('discounts at the checkout', () => {
  it('a marketplace code takes its percentage off every line, split per line, paid by the marketplace', async () => {
    const res = await checkout({ discountCode: 'welcome' });
    expect(res.statusCode, res.body).toBe(200);
    // 20 + 30 goods, 10% = 5.00, shipping 5 a vendor.
    expect(res.json()).toMatchObject({ subtotal: '50.00', discount: '5.00', shipping: '10.00', total: '55.00' });
    const { orderId } = res.json();
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(lines.map((l) => [l.sku, l.discount]).sort()).toEqual([
      ['MUG-1', 200],
      ['PLATE-1', 300],
    ]);
    // The marketplace pays: the vendor's share and payout keep the whole sale (discountInPayout is off).
    const parts = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
    const mugPart = parts.find((p) => p.subtotal === 2000)!;
    expect(mugPart.vendorShare).toBe(2000 - mugPart.commission);
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.vendorOrderId, mugPart.id), eq(ledgerEntries.kind, 'discount')));
    expect(entries.map((e) => [e.amount, e.inPayout, e.memo])).toEqual([[-200, false, 'Funded by the marketplace']]);
    // An admin's new commission on the order keeps the marketplace's discount out of the share.
    const override = await caller(t, s.admin)('PUT', '/api/orders/commission', {
      orderId,
      vendor: 'Vendor One',
      flat: '0',
      percentage: 10,
    });
    expect(override.statusCode, override.body).toBe(200);
    // 10% of what the vendor sold the mug for (20.00: the marketplace paid the discount): 2.00.
    expect(override.json()).toMatchObject({ commission: '2.00', vendorShare: '18.00' });
    expect((await row((await t.db.select().from(discounts).where(eq(discounts.code, 'WELCOME')))[0].id)).usageCount).toBe(1);
  });

  it('clear answers for an unknown, not yet active, expired, used-up, already used or not applicable code', async () => {
    const messageOf = async (over: Record<string, unknown>) => {
      const res = await checkout(over);
      return [res.statusCode, res.json().message];
    };
    expect(await messageOf({ discountCode: 'NOPE' })).toEqual([400, 'Unknown discount code']);
    expect(await messageOf({ discountCode: 'LATER' })).toEqual([400, 'This discount code is not active yet']);
    expect(await messageOf({ discountCode: 'PAST' })).toEqual([400, 'This discount code has expired']);
    expect(await messageOf({ discountCode: 'WELCOME' })).toEqual([
      400,
      'This discount code has already been used with this e-mail address',
    ]);
    await create(s.admin, { code: 'ONCE', limit: { onePerCustomer: false, withUsage: true, usage: 1 } });
    expect((await checkout({ discountCode: 'ONCE', email: 'first@example.com' })).statusCode).toBe(200);
    expect(await messageOf({ discountCode: 'ONCE', email: 'second@example.com' })).toEqual([409, 'This discount code has been used up']);
    expect(await messageOf({ discountCode: 'ONE6', lines: [{ variantId: plate, quantity: 1 }] })).toEqual([
      400,
      'This discount code does not apply to the products in your cart',
    ]);
    await create(s.admin, { code: 'BIGSPEND', minPurchase: { type: 'amount', value: '100' } });
    expect(await messageOf({ discountCode: 'BIGSPEND' })).toEqual([
      400,
      'This discount code needs a purchase of at least $100.00 of eligible products',
    ]);
    await create(s.admin, { code: 'THREE', minPurchase: { type: 'quantity', value: 3 } });
    expect(await messageOf({ discountCode: 'THREE' })).toEqual([400, 'This discount code needs at least 3 eligible items']);
  });

  it("a vendor's own fixed discount only touches its lines, never below zero, and comes out of its payout", async () => {
    const res = await checkout({
      discountCode: 'ONE6',
      lines: [
        { variantId: mug, quantity: 1 },
        { variantId: plate, quantity: 1 },
      ],
    });
    expect(res.json()).toMatchObject({ subtotal: '50.00', discount: '6.00', total: '54.00' });
    const parts = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, res.json().orderId));
    const mugPart = parts.find((p) => p.subtotal === 2000)!;
    expect(mugPart).toMatchObject({ discount: 600, vendorShare: 2000 - 600 - mugPart.commission });
    const [entry] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.vendorOrderId, mugPart.id), eq(ledgerEntries.kind, 'discount')));
    expect([entry.amount, entry.inPayout]).toEqual([-600, true]);

    await create(s.vendor1, { code: 'HUGE', value: { type: 'fixed', fixed: '500', percentage: 0 } });
    const huge = await checkout({ discountCode: 'HUGE' });
    expect(huge.json()).toMatchObject({ subtotal: '50.00', discount: '20.00', total: '40.00' });
  });

  it('without a code, the automatic discount that saves the most', async () => {
    await create(s.admin, { method: 'automatic', code: '', name: 'Five off', value: { type: 'fixed', fixed: '5', percentage: 0 } });
    await create(s.admin, {
      method: 'automatic',
      code: '',
      name: 'Plates 20%',
      vendor: 'Vendor Two',
      value: { type: 'percentage', percentage: 20, fixed: '0' },
    });
    await create(s.admin, {
      method: 'automatic',
      code: '',
      name: 'Not yet',
      active: { from: '2027-01-01', withEndDate: false, until: null },
      value: { type: 'percentage', percentage: 90, fixed: '0' },
    });
    // 20% of 30.00 = 6.00 beats 5.00 off.
    const res = await checkout();
    expect(res.json()).toMatchObject({ discount: '6.00', total: '54.00' });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, res.json().orderId));
    expect(lines.map((l) => [l.sku, l.discount]).sort()).toEqual([
      ['MUG-1', 0],
      ['PLATE-1', 600],
    ]);
    // A code replaces the automatic discounts (one discount an order).
    await create(s.admin, { code: 'TINY', value: { type: 'fixed', fixed: '1', percentage: 0 } });
    expect((await checkout({ discountCode: 'TINY' })).json()).toMatchObject({ discount: '1.00' });
  });

  it('a retried checkout is the same order and uses the code once', async () => {
    const { id } = await create(s.admin, { code: 'RETRY', limit: { onePerCustomer: false, withUsage: true, usage: 5 } });
    const checkoutId = randomUUID();
    const first = await checkout({ checkoutId, discountCode: 'RETRY' });
    const second = await checkout({ checkoutId, discountCode: 'RETRY' });
    expect(second.json().orderId).toBe(first.json().orderId);
    expect((await row(id)).usageCount).toBe(1);
    expect((await t.db.select().from(orders).where(eq(orders.id, first.json().orderId)))[0].discount).toBe(500);
  });

  it('a deleted code no longer applies', async () => {
    const { id } = await create(s.admin, { code: 'GONE' });
    expect((await caller(t, s.admin)('DELETE', `/api/discounts/${id}`)).statusCode).toBe(200);
    expect((await checkout({ discountCode: 'GONE' })).json().message).toBe('Unknown discount code');
    expect((await caller(t, s.admin)('GET', '/api/discounts')).json().discounts.map((d: { id: string }) => d.id)).not.toContain(id);
    // Its code is free again.
    await create(s.admin, { code: 'GONE' });
  });
});
