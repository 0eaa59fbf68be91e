import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '#shared/schemas/delivery';
import { DEFAULT_LOCAL_PICKUP, DEFAULT_PACKAGE } from '#shared/schemas/vendor-settings';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { startFakeShippo, type FakeShippo } from '../../../../test/fakes/fake-shippo.ts';
import { productVariants } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

/**
 * Every delivery setting changes what the buyer is offered and pays at the built-in checkout (and
 * what a vendor's preview shows). Marketplace zone "NL": Standard 5, Express 15. Vendor One's own
 * zone: Standard 1, Express 2. Vendor Two has none. The mug (Vendor One) may be picked up.
 */

let t: TestApp;
let shippo: FakeShippo;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let mug: string;
let lamp: string;
let marketZone: string;

const address = { name: 'Ann Buyer', street1: '2 Canal St', city: 'Utrecht', zip: '3511', country: 'NL' };

beforeAll(async () => {
  shippo = await startFakeShippo();
  t = await createTestApp({ env: { SHIPPO_BASE_URL: shippo.url } });
  s = await demoSessions(t);
  const admin = caller(t, s.admin);
  const zone = await admin('POST', '/api/settings/delivery/zone', {
    zone: {
      zoneName: 'NL',
      rates: [
        { name: 'Standard', price: '5' },
        { name: 'Express', price: '15' },
      ],
      countries: [{ code: 'NL' }],
    },
  });
  marketZone = zone.json().zone.id;
  const own = await caller(t, s.vendor1)('POST', '/api/settings/delivery/zone', {
    zone: {
      zoneName: 'Own NL',
      rates: [
        { name: 'Standard', price: '1' },
        { name: 'Express', price: '2' },
      ],
      countries: [{ code: 'NL' }],
    },
  });
  expect(own.statusCode).toBe(201);
  const variantOf = async (productId: string) =>
    (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0].id;
  mug = await variantOf(
    await saveProduct(t, s.admin, {
      title: 'Blue mug',
      vendor: 'Vendor One',
      status: 'ACTIVE',
      variants: [{ price: '20.00', stock: 100, sku: 'MUG-1', weight: 1, localPickup: { enabled: true } }],
    }),
  );
  lamp = await variantOf(
    await saveProduct(t, s.admin, {
      title: 'Brass lamp',
      vendor: 'Vendor Two',
      status: 'ACTIVE',
      variants: [{ price: '100.00', stock: 100, sku: 'LAMP-1', weight: 2 }],
    }),
  );
});
afterAll(async () => {
  await t.close();
  await shippo.close();
});

/** The marketplace's delivery settings: the defaults with these changes. */
async function market(changes: Partial<DeliverySettings>) {
  const res = await caller(t, s.admin)('PUT', '/api/settings/delivery', { ...DEFAULT_DELIVERY_SETTINGS, ...changes });
  expect(res.statusCode, res.body).toBe(200);
}

const cart = (...variantIds: string[]) => variantIds.map((variantId) => ({ variantId, quantity: 1 }));

/** What the buyer is offered, as "name price" texts. */
async function offered(...variantIds: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout/rates',
    payload: { store: 'demo', address, lines: cart(...variantIds) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().options as { name: string; price: string }[]).map((o) => `${o.name} ${o.price}`);
}

const checkout = (lines: { variantId: string; quantity: number }[], shippingRate?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: { store: 'demo', checkoutId: randomUUID(), email: 'ann@buyer.example', address, lines, shippingRate },
  });

describe('delivery settings at the checkout', () => {
  it('enabled: false ships every vendor at the marketplace zones; true uses a vendor’s own zones', async () => {
    await market({ enabled: false });
    expect(await offered(mug)).toEqual(['Shipping 5.00']);
    await market({ enabled: true });
    expect(await offered(mug)).toEqual(['Shipping 1.00']);
    // Vendor Two has no zones: it ships at the marketplace's; each vendor's cheapest rate adds up.
    expect(await offered(mug, lamp)).toEqual(['Shipping 6.00']);
    const placed = await checkout(cart(mug, lamp));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ shipping: '6.00', total: '126.00', shippingRate: 'Shipping' });
  });

  it('enabled: override offers the marketplace’s rate names: the n-th name is each vendor’s n-th cheapest rate', async () => {
    await market({ enabled: 'override', rateNames: ['Economy', 'Priority', 'Same day'] });
    // No vendor has a third rate: "Same day" is not offered.
    expect(await offered(mug)).toEqual(['Economy 1.00', 'Priority 2.00']);
    expect(await offered(mug, lamp)).toEqual(['Economy 6.00', 'Priority 17.00']);
    const placed = await checkout(cart(mug, lamp), 'rate:Priority');
    expect(placed.json()).toMatchObject({ shipping: '17.00', total: '137.00', shippingRate: 'Priority' });
    const refused = await checkout(cart(mug, lamp), 'rate:Same day');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'This delivery option is not available',
      errors: [{ path: 'shippingRate', message: 'This delivery option is not available' }],
    });
  });

  it('enableRateNames lets the buyer choose a rate by its name, at each vendor’s rate of that name', async () => {
    await market({ enabled: true, enableRateNames: true });
    expect(await offered(mug)).toEqual(['Standard 1.00', 'Express 2.00']);
    expect(await offered(mug, lamp)).toEqual(['Standard 6.00', 'Express 17.00']);
    expect((await checkout(cart(mug, lamp), 'rate:Express')).json()).toMatchObject({ shipping: '17.00', shippingRate: 'Express' });
    // Without the choice the cheapest is taken.
    expect((await checkout(cart(mug, lamp))).json()).toMatchObject({ shipping: '6.00', shippingRate: 'Standard' });
  });

  it('enableFlatRates off: the zones’ rates are not offered, so an address without other options has no delivery', async () => {
    await market({ enabled: false, enableFlatRates: false });
    expect(await offered(mug)).toEqual([]);
    const refused = await checkout(cart(mug));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('No delivery to this address');
    // A vendor's own switch counts where vendors' delivery is on.
    await market({ enabled: true });
    expect(
      (await caller(t, s.vendor1)('PUT', '/api/settings/delivery', { ...DEFAULT_DELIVERY_SETTINGS, enableFlatRates: false })).statusCode,
    ).toBe(200);
    expect(await offered(mug)).toEqual([]);
    expect(await offered(lamp)).toEqual(['Shipping 5.00']);
    expect((await caller(t, s.vendor1)('PUT', '/api/settings/delivery', DEFAULT_DELIVERY_SETTINGS)).statusCode).toBe(200);
  });

  it('enableLiveRates with a Shippo key: the carriers’ rates from the ship-from address are offered and charged', async () => {
    const admin = caller(t, s.admin);
    await market({ enabled: false, enableFlatRates: false, enableLiveRates: true, enableRateNames: true });
    // No key yet: nothing to quote with.
    expect(await offered(mug)).toEqual([]);
    expect((await admin('PUT', '/api/shippo/api-key', { apiKey: `shippo_test_${'m'.repeat(40)}` })).statusCode).toBe(200);
    const shipFromAddress = {
      name: 'Market',
      street1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'US',
      phone: '+1 555 0100',
      email: 'ship@market.example',
    };
    const saved = await admin('PUT', '/api/settings/ship-from-address', {
      shipFromAddress,
      defaultPackage: { ...DEFAULT_PACKAGE, length: 20, width: 15, height: 10 },
      defaultLocalPickup: DEFAULT_LOCAL_PICKUP,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await offered(mug)).toEqual(['USPS Priority Mail 7.50', 'UPS Ground 9.10', 'USPS Priority Mail Express 25.00']);
    const quoted = shippo.requests.filter((r) => r.path === '/shipments/').at(-1)!.body as {
      address_to: { city: string };
      parcels: { weight: string; mass_unit: string }[];
    };
    expect(quoted.address_to.city).toBe('Utrecht');
    expect(quoted.parcels).toEqual([expect.objectContaining({ weight: '1', mass_unit: 'kg', length: '20' })]);
    expect((await checkout(cart(mug), 'rate:UPS Ground')).json()).toMatchObject({ shipping: '9.10', shippingRate: 'UPS Ground' });

    await market({ enabled: false, enableFlatRates: false, enableLiveRates: false, enableRateNames: true });
    expect(await offered(mug)).toEqual([]);
  });

  it('shippo.enabled: a vendor’s own Shippo account quotes the live rates of its products', async () => {
    const vendorKey = `shippo_test_${'v'.repeat(40)}`;
    // From now on the provider refuses the marketplace's key: only the vendor's can quote.
    shippo.acceptKeys(vendorKey);
    await market({ enabled: false, enableFlatRates: false, enableLiveRates: true, enableRateNames: true });
    expect(await offered(mug)).toEqual([]);
    await market({ enabled: false, enableFlatRates: false, enableLiveRates: true, enableRateNames: true, shippo: { enabled: true } });
    expect((await caller(t, s.vendor1)('PUT', '/api/shippo/api-key', { apiKey: vendorKey })).statusCode).toBe(200);
    expect(await offered(mug)).toEqual(['USPS Priority Mail 7.50', 'UPS Ground 9.10', 'USPS Priority Mail Express 25.00']);
    // Vendor Two has no key of its own: the marketplace's is refused, so nothing is offered for its lamp.
    expect(await offered(lamp)).toEqual([]);
  });

  it('enableLocalPickup offers a free pickup when every product of the cart may be picked up', async () => {
    await market({ enabled: false });
    expect(await offered(mug)).toEqual(['Shipping 5.00']);
    expect((await checkout(cart(mug), 'local-pickup')).json().message).toBe('This delivery option is not available');
    await market({ enabled: false, enableLocalPickup: true });
    expect(await offered(mug)).toEqual(['Shipping 5.00', 'Local pickup 0.00']);
    // The lamp may not be picked up: a cart with it ships.
    expect(await offered(mug, lamp)).toEqual(['Shipping 10.00']);
    expect((await checkout(cart(mug), 'local-pickup')).json()).toMatchObject({
      shipping: '0.00',
      total: '20.00',
      shippingRate: 'Local pickup',
    });
    // Where vendors' delivery is on, the vendor offers pickup too (its own setting, off by default).
    await market({ enabled: true, enableLocalPickup: true });
    expect(await offered(mug)).toEqual(['Shipping 1.00']);
    expect(
      (await caller(t, s.vendor1)('PUT', '/api/settings/delivery', { ...DEFAULT_DELIVERY_SETTINGS, enableLocalPickup: true })).statusCode,
    ).toBe(200);
    expect(await offered(mug)).toEqual(['Shipping 1.00', 'Local pickup 0.00']);
  });

  it('defaultShipping: a vendor without zones ships at the marketplace zones it lists', async () => {
    const admin = caller(t, s.admin);
    expect(
      (
        await admin('POST', '/api/settings/delivery/zone', {
          zone: { zoneName: 'NL saver', rates: [{ name: 'Saver', price: '3' }], countries: [{ code: 'NL' }] },
        })
      ).statusCode,
    ).toBe(201);
    await market({ enabled: true });
    expect(await offered(lamp)).toEqual(['Shipping 3.00']);
    await market({ enabled: true, defaultShipping: { enabled: true, zones: [marketZone] } });
    expect(await offered(lamp)).toEqual(['Shipping 5.00']);
    // A vendor with zones of its own keeps them.
    expect(await offered(mug)).toEqual(['Shipping 1.00']);
  });

  it('a vendor previews what a buyer is offered for its products; an admin the marketplace’s', async () => {
    await market({ enabled: true, enableRateNames: true });
    const cartOf = { country: 'nl', totalWeight: 1, totalPrice: '20' };
    const preview = async (session: Session, query = '') => {
      const res = await caller(t, session)('POST', `/api/settings/delivery/preview${query}`, cartOf);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await preview(s.vendor1)).toEqual({
      currency: 'USD',
      options: [
        { id: 'rate:Standard', name: 'Standard', price: '1.00', kind: 'rate' },
        { id: 'rate:Express', name: 'Express', price: '2.00', kind: 'rate' },
      ],
    });
    // A vendor naming another vendor still sees its own.
    expect((await preview(s.vendor1, '?vendor=Vendor%20Two')).options.map((o: { price: string }) => o.price)).toEqual(['1.00', '2.00']);
    expect((await preview(s.admin)).options.map((o: { name: string }) => o.name)).toEqual(['Saver', 'Standard', 'Express']);
    expect((await preview(s.admin, '?vendor=Vendor%20Two')).options.map((o: { name: string }) => o.name)).toEqual([
      'Saver',
      'Standard',
      'Express',
    ]);
    const refused = await caller(t, s.vendor1)('POST', '/api/settings/delivery/preview', { ...cartOf, country: 'XX' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'country', message: 'Unknown country code' }]);
  });
});
