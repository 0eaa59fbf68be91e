import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { randomUUID } from 'node:crypto';
import { orderLines, productVariants, stores, vendorSettings, vendors } from '#server/db/schema/index';
import { saveProduct } from '../../../../test/support/products.ts';
import { resolveCommissionLines } from './get-commission-lines.ts';

let t: TestApp;
type Session = Awaited<ReturnType<TestApp['login']>>;
let admin: Session;
let vendor1: Session;
let vendorOneId: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, vendor1] = await Promise.all([t.login(DEMO_ACCOUNTS.admin), t.login(DEMO_ACCOUNTS.vendor1)]);
  const [one] = await t.db.select().from(vendors).where(eq(vendors.name, 'Vendor One'));
  vendorOneId = one.id;
});
afterAll(() => t.close());

const call = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, payload });

/** A line as sent: amount text of the store's currency (USD). */
const line = (min: number, max: number | null, percentage: number, flat = 0) => ({
  min: String(min),
  max: max === null ? null : String(max),
  flat: String(flat),
  percentage,
});
const tiers = [line(0, 100, 10), line(100, 1000, 8, 0.5), line(1000, null, 5)];
const usd = (text: string) => Number(text).toFixed(2);
/** The line as answered: amount text with the currency's decimals. */
const answered = (l: ReturnType<typeof line>) => ({
  ...l,
  min: usd(l.min),
  max: l.max === null ? null : usd(l.max),
  flat: usd(l.flat),
  constraint: null,
});
/** The line as stored in the settings: major-unit numbers. */
const stored = (l: ReturnType<typeof line>) => ({
  ...l,
  min: Number(l.min),
  max: l.max === null ? null : Number(l.max),
  flat: Number(l.flat),
  constraint: null,
});

async function storedMarketplaceSettings() {
  const [row] = await t.db.select({ settings: stores.settings }).from(stores).where(eq(stores.id, 'demo'));
  return row.settings;
}

describe('defaults', () => {
  it('without any lines, one line of settings.defaultCommissions.percentage (10 %) applies to everyone', async () => {
    expect((await resolveCommissionLines(t.db, 'demo', null)).lines).toEqual([
      { min: 0, max: null, flat: 0, percentage: 10, constraint: null },
    ]);
    expect(await resolveCommissionLines(t.db, 'demo', vendorOneId)).toMatchObject({ source: 'default' });
    const preview = await call(vendor1, 'GET', '/api/commissions/preview?amount=200');
    expect(preview.json()).toEqual({
      currency: 'USD',
      amount: '200.00',
      commission: '20.00',
      vendorShare: '180.00',
      line: { min: '0.00', max: null, flat: '0.00', percentage: 10, constraint: null },
      source: 'default',
    });
  });

  it('defaultCommissions.min is the least commission of an order line: the checkout freezes it on the line', async () => {
    const setDefault = (min: number) =>
      call(admin, 'PATCH', '/api/app/info/features', { features: { defaultCommissions: { min, percentage: 10 } } });
    expect((await setDefault(5)).statusCode).toBe(200);
    const preview = async (amount: number) => (await call(vendor1, 'GET', `/api/commissions/preview?amount=${amount}`)).json();
    // 10 % of 20 is 2: raised to the minimum of 5.
    expect(await preview(20)).toMatchObject({
      commission: '5.00',
      vendorShare: '15.00',
      line: { percentage: 10, minimum: '5.00' },
      source: 'default',
    });
    expect(await preview(200)).toMatchObject({ commission: '20.00', vendorShare: '180.00' });
    // Never more than the sale itself.
    expect(await preview(3)).toMatchObject({ commission: '3.00', vendorShare: '0.00' });

    expect(
      (
        await call(admin, 'POST', '/api/settings/delivery/zone', {
          zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
        })
      ).statusCode,
    ).toBe(201);
    const pin = await saveProduct(t, admin, {
      title: 'Enamel pin',
      vendor: 'Vendor One',
      status: 'ACTIVE',
      variants: [{ price: '20.00', stock: 5, sku: 'PIN-1' }],
    });
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, pin));
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      payload: {
        store: 'demo',
        checkoutId: randomUUID(),
        email: 'a@b.example',
        address: { name: 'A', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
        lines: [{ variantId: variant.id, quantity: 1 }],
      },
    });
    expect(checkout.statusCode).toBe(200);
    const [sold] = await t.db.select().from(orderLines).where(eq(orderLines.variantId, variant.id));
    expect(sold.commission).toBe(500);
    expect(sold.commissionLine).toMatchObject({ percentage: 10, minimum: 5, source: 'default' });

    expect((await setDefault(0)).statusCode).toBe(200);
    expect((await preview(20)).commission).toBe('2.00');
  });
});

describe('PATCH /api/app/info/commission-v2', () => {
  it('stores the marketplace lines and answers them', async () => {
    const res = await call(admin, 'PATCH', '/api/app/info/commission-v2', { commissions: [tiers[2], tiers[0], tiers[1]] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ commissions: [tiers[2], tiers[0], tiers[1]].map(answered), currency: 'USD', source: 'marketplace' });
    // Stored as before: major-unit numbers of the store's currency.
    expect((await storedMarketplaceSettings()).commissions).toEqual([tiers[2], tiers[0], tiers[1]].map(stored));
    expect((await resolveCommissionLines(t.db, 'demo', vendorOneId)).lines).toEqual([tiers[2], tiers[0], tiers[1]].map(stored));
    // Other settings keys survive.
    expect((await storedMarketplaceSettings()).support).toMatchObject({ email: 'support@demo.test' });
  });

  it.each([
    ['a gap at the start', [line(10, null, 5)], 'commissions.0.min', 'There should not be a gap between $0 and $10'],
    ['a gap between lines', [line(0, 100, 5), line(200, null, 5)], 'commissions.1.min', 'There should not be a gap between $100 and $200'],
    [
      'no open-ended last line',
      [line(0, 100, 5), line(100, 500, 5)],
      'commissions.1.max',
      'There should not be a gap between $500 and above',
    ],
    ['an overlap', [line(0, 100, 5), line(50, null, 5)], 'commissions.1.min', 'There should not be an overlap between $50 and $100'],
    [
      'only constrained lines',
      [{ ...line(0, null, 5), constraint: { key: 'tag', value: 'sale' } }],
      'commissions',
      'At least one commission line must have no condition',
    ],
    ['no lines', [], 'commissions', 'At least one commission line must have no condition'],
    ['a percentage above 100', [line(0, null, 101)], 'commissions.0.percentage', 'should be less than 100'],
    ['a negative flat fee', [line(0, null, 5, -1)], 'commissions.0.flat', 'should be greater than 0'],
    ['a negative min', [line(-5, null, 5)], 'commissions.0.min', 'should be greater than 0'],
    ['a max below its min', [line(0, 100, 5), line(100, 50, 5)], 'commissions.1.max', 'should be greater than 100'],
    ['a text where an amount goes', [{ ...line(0, null, 5), flat: 'one' }], 'commissions.0.flat', 'Must be an amount like 12.50'],
    ['a number where amount text goes', [{ ...line(0, null, 5), flat: 1.5 }], 'commissions.0.flat', 'Must be an amount like 12.50'],
    ['more decimals than the currency has', [line(0, null, 5, 0.285)], 'commissions.0.flat', 'Must have at most 2 decimals'],
  ])('refuses %s with the spec message and changes nothing', async (_case, commissions, path, message) => {
    const before = await storedMarketplaceSettings();
    const res = await call(admin, 'PATCH', '/api/app/info/commission-v2', { commissions });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: [{ path, message }] });
    expect(await storedMarketplaceSettings()).toEqual(before);
  });

  it('is admin-only', async () => {
    const res = await call(vendor1, 'PATCH', '/api/app/info/commission-v2', { commissions: [line(0, null, 0)] });
    expect(res.statusCode).toBe(403);
    expect((await storedMarketplaceSettings()).commissions).toHaveLength(3);
  });
});

describe('PUT /api/settings/commission', () => {
  it("sets a vendor's own lines, which apply to that vendor only, and [] or null goes back to the marketplace lines", async () => {
    const own = [line(0, null, 3, 1)];
    const res = await call(admin, 'PUT', '/api/settings/commission', { vendor: 'Vendor One', commissions: own });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ vendor: 'Vendor One', commissions: own.map(answered), currency: 'USD', source: 'vendor' });
    const [row] = await t.db.select().from(vendorSettings).where(eq(vendorSettings.vendorId, vendorOneId));
    expect(row).toMatchObject({ storeId: 'demo', settings: { commissions: own.map(stored) } });
    expect((await call(vendor1, 'GET', '/api/commissions')).json()).toEqual({
      commissions: own.map(answered),
      currency: 'USD',
      source: 'vendor',
    });
    expect((await call(admin, 'GET', '/api/commissions?vendor=Vendor%20Two')).json().source).toBe('marketplace');

    const reset = await call(admin, 'PUT', '/api/settings/commission', { vendor: 'Vendor One', commissions: [] });
    expect(reset.json()).toMatchObject({ source: 'marketplace', commissions: [tiers[2], tiers[0], tiers[1]].map(answered) });
    await call(admin, 'PUT', '/api/settings/commission', { vendor: 'Vendor One', commissions: own });
    expect((await call(admin, 'PUT', '/api/settings/commission', { vendor: 'Vendor One', commissions: null })).json().source).toBe(
      'marketplace',
    );
    const [after] = await t.db.select().from(vendorSettings).where(eq(vendorSettings.vendorId, vendorOneId));
    expect(after.settings).not.toHaveProperty('commissions');
  });

  it('validates like the marketplace lines, 404s an unknown vendor, and is admin-only', async () => {
    const gap = await call(admin, 'PUT', '/api/settings/commission', { vendor: 'Vendor One', commissions: [line(0, 100, 5)] });
    expect(gap.json()).toEqual({
      message: 'There should not be a gap between $100 and above',
      errors: [{ path: 'commissions.0.max', message: 'There should not be a gap between $100 and above' }],
    });
    const ghost = await call(admin, 'PUT', '/api/settings/commission', { vendor: 'Ghost', commissions: [line(0, null, 5)] });
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().message).toBe('Unknown vendor');
    const forbidden = await call(vendor1, 'PUT', '/api/settings/commission', { vendor: 'Vendor One', commissions: [line(0, null, 0)] });
    expect(forbidden.statusCode).toBe(403);
    expect((await resolveCommissionLines(t.db, 'demo', vendorOneId)).source).toBe('marketplace');
  });
});

describe('PUT /api/settings/marketplace-settings', () => {
  it('stores autoApprove, isManagedByMarketplace and the lines in the vendor settings; absent fields stay', async () => {
    const res = await call(admin, 'PUT', '/api/settings/marketplace-settings', {
      vendor: 'Vendor Two',
      autoApprove: true,
      isManagedByMarketplace: false,
      commissions: [line(0, 50, 20), line(50, null, 15)],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      vendor: 'Vendor Two',
      autoApprove: true,
      isManagedByMarketplace: false,
      commissions: [line(0, 50, 20), line(50, null, 15)].map(answered),
      currency: 'USD',
      source: 'vendor',
    });
    const partial = await call(admin, 'PUT', '/api/settings/marketplace-settings', { vendor: 'Vendor Two', isManagedByMarketplace: true });
    expect(partial.json()).toMatchObject({ autoApprove: true, isManagedByMarketplace: true, source: 'vendor' });
    const [two] = await t.db.select().from(vendors).where(eq(vendors.name, 'Vendor Two'));
    const [row] = await t.db.select().from(vendorSettings).where(eq(vendorSettings.vendorId, two.id));
    expect(row.settings).toMatchObject({
      autoApprove: true,
      isManagedByMarketplace: true,
      commissions: [line(0, 50, 20), line(50, null, 15)].map(stored),
    });
  });

  it("answers the vendor settings' defaults for flags never set", async () => {
    const res = await call(admin, 'PUT', '/api/settings/marketplace-settings', { vendor: 'Vendor One' });
    expect(res.json()).toMatchObject({ vendor: 'Vendor One', autoApprove: null, isManagedByMarketplace: false });
  });

  it('refuses invalid lines, unknown vendors, and vendors', async () => {
    const res = await call(admin, 'PUT', '/api/settings/marketplace-settings', {
      vendor: 'Vendor Two',
      commissions: [line(0, 100, 5), line(90, null, 5)],
    });
    expect(res.json().errors).toEqual([{ path: 'commissions.1.min', message: 'There should not be an overlap between $90 and $100' }]);
    expect((await call(admin, 'PUT', '/api/settings/marketplace-settings', { vendor: 'Ghost', autoApprove: true })).statusCode).toBe(404);
    expect((await call(admin, 'PUT', '/api/settings/marketplace-settings', { autoApprove: true })).json().errors).toEqual([
      { path: 'vendor', message: 'Required field' },
    ]);
    expect((await call(vendor1, 'PUT', '/api/settings/marketplace-settings', { vendor: 'Vendor One', autoApprove: true })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/commissions/preview', () => {
  it('previews with the lines that apply: the marketplace lines for an admin, a vendor its own', async () => {
    const market = await call(admin, 'GET', '/api/commissions/preview?amount=250');
    expect(market.json()).toEqual({
      currency: 'USD',
      amount: '250.00',
      commission: '20.50',
      vendorShare: '229.50',
      line: answered(tiers[1]),
      source: 'marketplace',
    });
    // Vendor Two has its own lines (previous block); a vendor cannot preview another vendor's.
    const vendor2 = await t.login(DEMO_ACCOUNTS.vendor2);
    expect((await call(vendor2, 'GET', '/api/commissions/preview?amount=10')).json()).toMatchObject({
      commission: '2.00',
      vendorShare: '8.00',
      source: 'vendor',
    });
    expect((await call(vendor1, 'GET', '/api/commissions/preview?amount=10&vendor=Vendor%20Two')).json()).toMatchObject({
      commission: '1.00',
      source: 'marketplace',
    });
    expect((await call(admin, 'GET', '/api/commissions/preview?amount=10&vendor=Vendor%20Two')).json()).toMatchObject({
      commission: '2.00',
      source: 'vendor',
    });
  });

  it('rounds half-up to the cent and previews constrained lines with key and value', async () => {
    await call(admin, 'PATCH', '/api/app/info/commission-v2', {
      commissions: [line(0, null, 12.5), { ...line(0, null, 1), constraint: { key: 'productType', value: 'Books' } }],
    });
    expect((await call(admin, 'GET', '/api/commissions/preview?amount=10.04')).json()).toMatchObject({
      commission: '1.26',
      vendorShare: '8.78',
    });
    const books = await call(admin, 'GET', '/api/commissions/preview?amount=100&key=productType&value=books');
    expect(books.json()).toMatchObject({ commission: '1.00', line: { constraint: { key: 'productType', value: 'Books' } } });
  });

  it('refuses a bad amount and an unknown vendor', async () => {
    expect((await call(admin, 'GET', '/api/commissions/preview?amount=-1')).json().message).toBe('should be greater than 0');
    expect((await call(admin, 'GET', '/api/commissions/preview?amount=abc')).json().message).toBe('Must be an amount like 12.50');
    expect((await call(admin, 'GET', '/api/commissions/preview?amount=10.001')).json().message).toBe('Must have at most 2 decimals');
    expect((await call(admin, 'GET', '/api/commissions/preview?amount=1&vendor=Ghost')).statusCode).toBe(404);
  });
});
