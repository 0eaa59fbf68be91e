import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-12-24T12:00:00Z') });
  s = await demoSessions(t);
  await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 5, sku: 'MUG-1' }],
  });
  await saveProduct(t, s.admin, {
    title: 'Brass lamp',
    vendor: 'Vendor Two',
    status: 'ACTIVE',
    variants: [{ price: '100.00', stock: 5, sku: 'LAMP-1' }],
  });
});
afterAll(() => t.close());

const holidayMode = async (enabled: boolean) =>
  expect(
    (await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { features: { holidayMode: { enabled } } } })).statusCode,
  ).toBe(200);

/** Each public product's title with its holiday notice. */
async function catalog(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/public/catalog?store=demo${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries((res.json().products as { title: string; holiday: unknown }[]).map((p) => [p.title, p.holiday]));
}

describe('holiday mode in the public catalog', () => {
  it('a vendor on holiday between from and to shows its message on its products, while the store has holiday mode on', async () => {
    const holidays = { enabled: true, from: '2026-12-23', to: '2027-01-02', message: 'Back in the new year' };
    expect((await caller(t, s.vendor1)('PUT', '/api/settings/holidays', holidays)).statusCode).toBe(200);
    await holidayMode(false);
    expect(await catalog()).toEqual({ 'Blue mug': null, 'Brass lamp': null });

    await holidayMode(true);
    const away = { message: 'Back in the new year', until: '2027-01-02' };
    expect(await catalog()).toEqual({ 'Blue mug': away, 'Brass lamp': null });
    expect(await catalog('&id=Vendor%20One')).toEqual({ 'Blue mug': away });
    // The storefront widget's fragment shows it too, escaped like every text.
    const fragment = await t.app.inject({ method: 'GET', url: '/api/storefront/populate/vendor?store=demo&vendor=Vendor%20One' });
    expect(fragment.body).toContain('<span class="mp-product-holiday">Back in the new year</span>');

    // Holidays that have not begun yet, or are over, show nothing.
    expect((await caller(t, s.vendor1)('PUT', '/api/settings/holidays', { ...holidays, from: '2026-12-25' })).statusCode).toBe(200);
    expect(await catalog()).toEqual({ 'Blue mug': null, 'Brass lamp': null });
  });

  it("the marketplace's own holidays, saved by an admin in the marketplace view, put every vendor's products on holiday", async () => {
    await holidayMode(true);
    const closed = { enabled: true, from: '2026-12-24', to: '2026-12-26', message: 'Closed for Christmas' };
    expect((await caller(t, s.admin)('PUT', '/api/settings/holidays', closed)).statusCode).toBe(200);
    const away = { message: 'Closed for Christmas', until: '2026-12-26' };
    expect(await catalog()).toEqual({ 'Blue mug': away, 'Brass lamp': away });
    expect((await caller(t, s.admin)('PUT', '/api/settings/holidays', { ...closed, enabled: false })).statusCode).toBe(200);
    expect(await catalog()).toEqual({ 'Blue mug': null, 'Brass lamp': null });
  });
});
