import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_DELIVERY_SETTINGS } from '#shared/schemas/delivery';
import { DEFAULT_LOCAL_PICKUP, DEFAULT_PACKAGE } from '#shared/schemas/vendor-settings';
import { createTestApp, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STORE, type TestApp } from './support/test-app.ts';
import { stores, vendorSettings } from '../src/server/db/schema/index.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let vendor: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  [admin, vendor] = await Promise.all([t.login(DEMO_ACCOUNTS.admin), t.login(DEMO_ACCOUNTS.vendor1)]);
});
afterAll(() => t.close());

type Who = typeof admin;
const call = (who: Who, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) => t.app.inject({ method, url, headers: who.headers, payload });
const storeSettings = async () => (await t.db.select({ settings: stores.settings }).from(stores).where(eq(stores.id, DEMO_STORE)))[0].settings;
const allVendorSettings = () => t.db.select().from(vendorSettings).orderBy(vendorSettings.vendorId);

const holidays = { enabled: true, from: '2026-12-20', to: '2026-12-31', message: 'Back in January' };
const address = { name: 'Ann', street1: 'Main 1', city: 'Utrecht', zip: '3511', country: 'NL', phone: '+31 30 000', email: 'ann@shop.test' };

describe('unknown keys are refused with 400 naming the key, and nothing is written', () => {
  it('a misspelled key at the top of a body', async () => {
    expect((await call(vendor, 'PUT', '/api/settings/holidays', holidays)).statusCode).toBe(200);
    const before = await allVendorSettings();
    const res = await call(vendor, 'PUT', '/api/settings/holidays', { enable: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Unknown field: enable' });
    expect(res.json().errors).toContainEqual({ path: 'enable', message: 'Unknown field' });
    expect(await allVendorSettings()).toEqual(before);
    expect((await call(vendor, 'GET', '/api/settings')).json().vendorSettings.holidays).toEqual(holidays);
  });

  it('a misspelled key deep inside a body', async () => {
    const before = await allVendorSettings();
    const res = await call(vendor, 'PUT', '/api/settings/ship-from-address', {
      shipFromAddress: address,
      defaultPackage: { ...DEFAULT_PACKAGE, lenght: 30 },
      defaultLocalPickup: DEFAULT_LOCAL_PICKUP,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Unknown field: defaultPackage.lenght', errors: [{ path: 'defaultPackage.lenght', message: 'Unknown field' }] });
    expect(await allVendorSettings()).toEqual(before);
  });

  it('a misspelled key inside a settings section an admin patches', async () => {
    const before = await storeSettings();
    const res = await call(admin, 'PATCH', '/api/app/info/features', { features: { colors: { indigo60: '#000000' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'colors.indigo60', message: 'Unknown field' }]);
    expect(await storeSettings()).toEqual(before);
  });

  it('a misspelled query parameter of a signed-in call', async () => {
    const res = await call(vendor, 'GET', '/api/products-v2?sttus=active');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'sttus', message: 'Unknown field' }]);
  });

  it('the sign-in form answers the unknown key as its plain text', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/public/login', headers: { 'x-iframe': 'false' }, payload: { store: DEMO_STORE, email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD, remember: true } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Unknown field: remember');
  });
});

describe('a PUT replaces only with a complete body', () => {
  it('holidays: a body without every key is refused, the stored holiday mode stays', async () => {
    const before = await allVendorSettings();
    for (const body of [{}, { enabled: false }, { enabled: true, from: '2027-01-01', to: '2027-01-02' }]) {
      const res = await call(vendor, 'PUT', '/api/settings/holidays', body);
      expect(res.statusCode).toBe(400);
    }
    expect((await call(vendor, 'PUT', '/api/settings/holidays', {})).json().errors).toEqual(
      expect.arrayContaining([{ path: 'enabled', message: 'Required field' }, { path: 'message', message: 'Required field' }]),
    );
    expect(await allVendorSettings()).toEqual(before);
  });

  it('ship-from: the package and local pickup are part of the body, not reset when left out', async () => {
    const pkg = { length: 30, width: 20, height: 10, distanceUnit: 'cm', weight: 1.5, massUnit: 'kg' };
    const pickup = { enabled: true, instructions: 'Ring twice' };
    expect((await call(vendor, 'PUT', '/api/settings/ship-from-address', { shipFromAddress: address, defaultPackage: pkg, defaultLocalPickup: pickup })).statusCode).toBe(200);
    const res = await call(vendor, 'PUT', '/api/settings/ship-from-address', { shipFromAddress: address });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'defaultPackage', message: 'Required field' },
      { path: 'defaultLocalPickup', message: 'Required field' },
    ]);
    const mine = (await call(vendor, 'GET', '/api/settings')).json().vendorSettings;
    expect(mine).toMatchObject({ defaultPackage: pkg, defaultLocalPickup: pickup });
  });

  it('delivery settings: {} is refused, the stored settings stay', async () => {
    const saved = { ...DEFAULT_DELIVERY_SETTINGS, enabled: true, enableLiveRates: true, rateNames: ['Standard'] };
    expect((await call(vendor, 'PUT', '/api/settings/delivery', saved)).statusCode).toBe(200);
    const res = await call(vendor, 'PUT', '/api/settings/delivery', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'enableLiveRates', message: 'Required field' });
    expect((await call(vendor, 'GET', '/api/settings/delivery')).json().delivery).toEqual(saved);
  });

  it('notification settings: {} is refused, the stored settings stay', async () => {
    const { integration: _i, ...current } = (await call(admin, 'GET', '/api/notifications/settings')).json();
    const saved = { ...current, disableAll: true, sendingEmail: 'news@demo.test', digestSendAtHourUtc: 5 };
    expect((await call(admin, 'PUT', '/api/notifications/settings', saved)).statusCode).toBe(200);
    const before = await storeSettings();
    for (const body of [{}, { disableAll: false }, { ...saved, templates: { 'order-placed': { enabled: false } } }]) {
      expect((await call(admin, 'PUT', '/api/notifications/settings', body)).statusCode).toBe(400);
    }
    expect(await storeSettings()).toEqual(before);
  });

  it('the vendor page: {} is refused, the stored page stays', async () => {
    const page = { description: 'Hand-made since 1999', imageUrl: 'https://cdn.test/shop.png', metafields: [] };
    expect((await call(vendor, 'POST', '/api/vendors/v2', page)).statusCode).toBe(200);
    const res = await call(vendor, 'POST', '/api/vendors/v2', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'description', message: 'Required field' },
      { path: 'imageUrl', message: 'Required field' },
      { path: 'metafields', message: 'Required field' },
    ]);
    expect((await call(vendor, 'GET', '/api/vendors/v2/definitions')).json().page).toMatchObject(page);
  });
});

describe('JSON calls take JSON bodies only (415)', () => {
  it('refuses a form-encoded body to a JSON call, writing nothing', async () => {
    const before = await allVendorSettings();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/holidays',
      headers: { ...vendor.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'enabled=false&from=&to=&message=-',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Unsupported media type: send the body as JSON (Content-Type: application/json)');
    expect(await allVendorSettings()).toEqual(before);
  });

  it('refuses a text body too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/app/track', headers: { ...vendor.headers, 'content-type': 'text/plain' }, payload: JSON.stringify({ event: 'x' }) });
    expect(res.statusCode).toBe(415);
  });

  it("still takes the spec's form posts: sign-in and the password code", async () => {
    const form = { 'x-iframe': 'false', 'content-type': 'application/x-www-form-urlencoded' };
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/public/login', headers: form, payload: new URLSearchParams({ store: DEMO_STORE, email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }).toString() });
    expect(login.statusCode).toBe(200);
    const code = await t.app.inject({ method: 'POST', url: '/api/auth/public/change-password/request', headers: form, payload: new URLSearchParams({ store: DEMO_STORE, email: DEMO_ACCOUNTS.vendor2 }).toString() });
    expect(code.statusCode).toBe(201);
  });
});
