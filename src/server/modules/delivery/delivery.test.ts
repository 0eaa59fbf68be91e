import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, DEMO_PASSWORD, type TestApp } from '../../../../test/support/test-app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { deliveryZones, stores, users, vendors } from '#server/db/schema/index';
import { readDeliverySettings } from './delivery-settings.ts';
import { DEFAULT_DELIVERY_SETTINGS } from '#shared/schemas/delivery';

let t: TestApp;
type Session = Awaited<ReturnType<TestApp['login']>>;
let admin: Session;
let vendor1: Session;
let vendor2: Session;
let vendorOneId: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, vendor1, vendor2] = await Promise.all([
    t.login(DEMO_ACCOUNTS.admin),
    t.login(DEMO_ACCOUNTS.vendor1),
    t.login(DEMO_ACCOUNTS.vendor2),
  ]);
  vendorOneId = (await t.db.select().from(vendors).where(eq(vendors.name, 'Vendor One')))[0].id;
});
afterAll(() => t.close());

const call = (session: Session, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, payload });

const benelux = {
  zoneName: 'Benelux',
  rates: [
    // A weight bound is a number in the store's weight unit; a price bound is amount text, as the price.
    { name: 'Standard', description: '2-3 days', price: '6.95', field: 'TOTAL_WEIGHT', min: 0, max: 2 },
    { name: 'Free', price: '0', field: 'TOTAL_PRICE', min: '50', max: null },
  ],
  countries: [{ code: 'NL' }, { code: 'be', provinces: [] }],
};

const zoneRow = async (id: string) => (await t.db.select().from(deliveryZones).where(eq(deliveryZones.id, id)))[0];

describe('delivery zones', () => {
  let vendorZoneId: string;

  it('a vendor creates a zone in its own scope and reads it back with the markets', async () => {
    const res = await call(vendor1, 'POST', '/api/settings/delivery/zone', { zone: benelux });
    expect(res.statusCode).toBe(201);
    const { zone } = res.json();
    vendorZoneId = zone.id;
    expect(zone).toEqual({
      id: expect.any(String),
      zoneName: 'Benelux',
      currency: 'USD',
      rates: [
        { name: 'Standard', description: '2-3 days', price: '6.95', field: 'TOTAL_WEIGHT', min: 0, max: 2 },
        { name: 'Free', description: '', price: '0.00', field: 'TOTAL_PRICE', min: '50.00', max: null },
      ],
      countries: [
        { code: 'NL', provinces: [] },
        { code: 'BE', provinces: [] },
      ],
    });
    // Stored as before: major-unit numbers of the zone's currency.
    expect(await zoneRow(zone.id)).toMatchObject({
      storeId: 'demo',
      vendorId: vendorOneId,
      currency: 'USD',
      zone: {
        rates: [expect.objectContaining({ price: 6.95, min: 0, max: 2 }), expect.objectContaining({ price: 0, min: 50, max: null })],
      },
    });
    const list = (await call(vendor1, 'GET', '/api/settings/delivery/zones')).json();
    expect(list.zones).toEqual([zone]);
    expect(list.currency).toBe('USD');
    expect(list.markets.find((m: { code: string }) => m.code === 'US').provinces).toContainEqual({ code: 'NY', name: 'New York' });
    expect(list.markets.find((m: { code: string }) => m.code === 'NL')).toEqual({ code: 'NL', name: 'Netherlands', provinces: [] });
  });

  it('a vendor updates its own zone by id', async () => {
    const res = await call(vendor1, 'POST', '/api/settings/delivery/zone', {
      zone: { ...benelux, id: vendorZoneId, zoneName: 'Benelux+' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().zone).toMatchObject({ id: vendorZoneId, zoneName: 'Benelux+' });
    expect((await zoneRow(vendorZoneId)).zone).toMatchObject({ zoneName: 'Benelux+' });
  });

  it('another vendor neither sees, changes nor deletes it: 404 and the row is unchanged', async () => {
    const before = await zoneRow(vendorZoneId);
    expect((await call(vendor2, 'GET', '/api/settings/delivery/zones')).json().zones).toEqual([]);
    // Naming the other vendor does not widen a vendor's scope.
    expect((await call(vendor2, 'GET', '/api/settings/delivery/zones?vendor=Vendor%20One')).json().zones).toEqual([]);
    const update = await call(vendor2, 'POST', '/api/settings/delivery/zone', {
      zone: { ...benelux, id: vendorZoneId, zoneName: 'Hijacked' },
    });
    expect(update.statusCode).toBe(404);
    expect(update.json().message).toBe('Zone not found');
    const viaName = await call(vendor2, 'POST', '/api/settings/delivery/zone?vendor=Vendor%20One', {
      zone: { ...benelux, id: vendorZoneId, zoneName: 'Hijacked' },
    });
    expect(viaName.statusCode).toBe(404);
    expect((await call(vendor2, 'DELETE', `/api/settings/delivery/zone/${vendorZoneId}`)).statusCode).toBe(404);
    expect(await zoneRow(vendorZoneId)).toEqual(before);
  });

  it("an admin in the marketplace view has the marketplace zones, and picks a vendor's with ?vendor=", async () => {
    expect((await call(admin, 'GET', '/api/settings/delivery/zones')).json().zones).toEqual([]);
    const created = await call(admin, 'POST', '/api/settings/delivery/zone', {
      zone: { zoneName: 'US West', countries: [{ code: 'US', provinces: ['CA', 'or'] }], rates: [{ name: 'Ground', price: '9' }] },
    });
    expect(created.statusCode).toBe(201);
    const marketplaceZone = created.json().zone;
    expect(marketplaceZone.countries).toEqual([{ code: 'US', provinces: ['CA', 'OR'] }]);
    expect((await zoneRow(marketplaceZone.id)).vendorId).toBeNull();
    expect((await call(admin, 'GET', '/api/settings/delivery/zones')).json().zones).toEqual([marketplaceZone]);
    expect(
      (await call(admin, 'GET', '/api/settings/delivery/zones?vendor=Vendor%20One')).json().zones.map((z: { id: string }) => z.id),
    ).toEqual([vendorZoneId]);
    expect((await call(admin, 'GET', '/api/settings/delivery/zones?vendor=Ghost')).statusCode).toBe(404);
    // A vendor cannot touch a marketplace zone either.
    expect((await call(vendor1, 'POST', '/api/settings/delivery/zone', { zone: { ...benelux, id: marketplaceZone.id } })).statusCode).toBe(
      404,
    );
    // The admin's marketplace view does not reach a vendor's zone by id without naming the vendor.
    expect((await call(admin, 'DELETE', `/api/settings/delivery/zone/${vendorZoneId}`)).statusCode).toBe(404);
    expect(
      (
        await call(admin, 'POST', '/api/settings/delivery/zone?vendor=Vendor%20One', {
          zone: { ...benelux, id: vendorZoneId, zoneName: 'By admin' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await zoneRow(vendorZoneId)).zone).toMatchObject({ zoneName: 'By admin' });
  });

  it('deletes a zone of the scope', async () => {
    const { zone } = (
      await call(vendor2, 'POST', '/api/settings/delivery/zone', { zone: { zoneName: 'Temp', countries: [{ code: 'FR' }] } })
    ).json();
    expect((await call(vendor2, 'DELETE', `/api/settings/delivery/zone/${zone.id}`)).json()).toEqual({ ok: true });
    expect(await zoneRow(zone.id)).toBeUndefined();
    expect((await call(vendor2, 'DELETE', `/api/settings/delivery/zone/${zone.id}`)).statusCode).toBe(404);
    expect((await call(vendor2, 'DELETE', '/api/settings/delivery/zone/not-a-uuid')).statusCode).toBe(400);
  });

  it.each([
    ['a zone without a name', { ...benelux, zoneName: '' }, 'zone.zoneName', 'Required field'],
    ['a rate without a price', { ...benelux, rates: [{ name: 'Standard' }] }, 'zone.rates.0.price', 'Required field'],
    ['a rate without a name', { ...benelux, rates: [{ name: ' ', price: '3' }] }, 'zone.rates.0.name', 'Required field'],
    ['a negative price', { ...benelux, rates: [{ name: 'Standard', price: '-1' }] }, 'zone.rates.0.price', 'should be greater than 0'],
    [
      'a price that is not an amount',
      { ...benelux, rates: [{ name: 'Standard', price: 'ten' }] },
      'zone.rates.0.price',
      'Must be an amount like 12.50',
    ],
    [
      'a price as a number',
      { ...benelux, rates: [{ name: 'Standard', price: 4.95 }] },
      'zone.rates.0.price',
      'Must be an amount like 12.50',
    ],
    [
      'a price with too many decimals',
      { ...benelux, rates: [{ name: 'Standard', price: '4.955' }] },
      'zone.rates.0.price',
      'Must have at most 2 decimals',
    ],
    [
      'a price bound that is not an amount',
      { ...benelux, rates: [{ name: 'Standard', price: '1', field: 'TOTAL_PRICE', max: 5 }] },
      'zone.rates.0.max',
      'Must be an amount like 12.50',
    ],
    [
      'a price bound with too many decimals',
      { ...benelux, rates: [{ name: 'Standard', price: '1', field: 'TOTAL_PRICE', min: '0.001' }] },
      'zone.rates.0.min',
      'Must have at most 2 decimals',
    ],
    [
      'a weight bound that is not a number',
      { ...benelux, rates: [{ name: 'Standard', price: '1', field: 'TOTAL_WEIGHT', max: '5' }] },
      'zone.rates.0.max',
      'Must be a number',
    ],
    [
      'an unknown condition',
      { ...benelux, rates: [{ name: 'Standard', price: '1', field: 'TOTAL_ITEMS' }] },
      'zone.rates.0.field',
      'Must be TOTAL_WEIGHT or TOTAL_PRICE',
    ],
    ['a country without a code', { ...benelux, countries: [{ provinces: [] }] }, 'zone.countries.0.code', 'Country code is required'],
  ])('refuses %s with the spec message and stores nothing', async (_case, zone, path, message) => {
    const before = await t.db.$count(deliveryZones);
    const res = await call(vendor1, 'POST', '/api/settings/delivery/zone', { zone });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: [{ path, message }] });
    expect(await t.db.$count(deliveryZones)).toBe(before);
  });
});

describe('PUT /api/settings/delivery', () => {
  const settings = {
    enabled: 'override',
    rateNames: ['Standard', 'Express'],
    shippo: { enabled: true },
    enableLiveRates: true,
    enableFlatRates: true,
    enableLocalPickup: false,
    enableRateNames: true,
    defaultShipping: { zones: [], enabled: false },
  };

  it("saves a vendor's own delivery settings in its vendor settings, and the marketplace's in the store settings", async () => {
    const res = await call(vendor1, 'PUT', '/api/settings/delivery', settings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ delivery: settings });
    expect(await readDeliverySettings(t.db, 'demo', vendorOneId)).toEqual(settings);
    expect((await readDeliverySettings(t.db, 'demo', null)).enabled).toBe(false);

    const market = await call(admin, 'PUT', '/api/settings/delivery', { ...DEFAULT_DELIVERY_SETTINGS, enabled: true });
    expect(market.json().delivery).toMatchObject({ enabled: true, rateNames: [], enableFlatRates: true });
    const [store] = await t.db.select({ settings: stores.settings }).from(stores).where(eq(stores.id, 'demo'));
    expect(store.settings.delivery).toMatchObject({ enabled: true });
    expect(await readDeliverySettings(t.db, 'demo', vendorOneId)).toEqual(settings);
    expect((await call(vendor1, 'GET', '/api/settings/delivery')).json()).toEqual({ delivery: settings });
    expect((await call(vendor2, 'GET', '/api/settings/delivery')).json().delivery.enabled).toBe(false);
    expect((await call(admin, 'GET', '/api/settings/delivery')).json().delivery.enabled).toBe(true);
  });

  it.each([
    ['no rate names', [], 'There should be at least one rate name'],
    ['six rate names', ['a', 'b', 'c', 'd', 'e', 'f'], 'There should be at most 5 rate names'],
  ])('refuses %s with override', async (_case, rateNames, message) => {
    const res = await call(vendor1, 'PUT', '/api/settings/delivery', { ...settings, rateNames });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: [{ path: 'rateNames', message }] });
    expect(await readDeliverySettings(t.db, 'demo', vendorOneId)).toEqual(settings);
  });
});

describe('store isolation', () => {
  it("store A's admin never sees or reaches store B's zones", async () => {
    await t.db
      .insert(stores)
      .values({ id: 'other', shopName: 'Other Marketplace', settings: { features: { delivery: { enabled: true } } } });
    await t.db
      .insert(users)
      .values({ storeId: 'other', email: 'admin@other.test', isAdmin: true, passwordHash: await hashPassword(DEMO_PASSWORD) });
    const otherAdmin = await t.login('admin@other.test', DEMO_PASSWORD, 'other');
    const { zone } = (
      await call(otherAdmin, 'POST', '/api/settings/delivery/zone', { zone: { zoneName: 'Other only', countries: [{ code: 'DE' }] } })
    ).json();
    const [row] = await t.db.select().from(deliveryZones).where(eq(deliveryZones.id, zone.id));
    expect(row.storeId).toBe('other');

    const demoZones = (await call(admin, 'GET', '/api/settings/delivery/zones')).json().zones;
    expect(demoZones.map((z: { id: string }) => z.id)).not.toContain(zone.id);
    expect(
      (await call(admin, 'POST', '/api/settings/delivery/zone', { zone: { id: zone.id, zoneName: 'Taken', countries: [] } })).statusCode,
    ).toBe(404);
    expect((await call(admin, 'DELETE', `/api/settings/delivery/zone/${zone.id}`)).statusCode).toBe(404);
    expect(await zoneRow(zone.id)).toEqual(row);
    // Nor can it name the other store's vendors.
    await t.db.insert(vendors).values({ storeId: 'other', name: 'Other Vendor' });
    expect((await call(admin, 'GET', '/api/settings/delivery/zones?vendor=Other%20Vendor')).statusCode).toBe(404);
  });
});
