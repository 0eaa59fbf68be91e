import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_DELIVERY_SETTINGS } from '#shared/schemas/delivery';
import { DEFAULT_LOCAL_PICKUP, DEFAULT_PACKAGE } from '#shared/schemas/vendor-settings';
import { createTestApp, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STORE, type TestApp } from './support/test-app.ts';
import { stores, vendorSettings } from '../src/server/db/schema/index.ts';
import { productInput, saveProduct } from './support/products.ts';
import { wholeProduct } from './support/whole-product.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let vendor: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  [admin, vendor] = await Promise.all([t.login(DEMO_ACCOUNTS.admin), t.login(DEMO_ACCOUNTS.vendor1)]);
});
afterAll(() => t.close());

type Who = typeof admin;
const call = (who: Who, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });
const storeSettings = async () =>
  (await t.db.select({ settings: stores.settings }).from(stores).where(eq(stores.id, DEMO_STORE)))[0].settings;
const allVendorSettings = () => t.db.select().from(vendorSettings).orderBy(vendorSettings.vendorId);

const holidays = { enabled: true, from: '2026-12-20', to: '2026-12-31', message: 'Back in January' };
const address = {
  name: 'Ann',
  street1: 'Main 1',
  city: 'Utrecht',
  zip: '3511',
  country: 'NL',
  phone: '+31 30 000',
  email: 'ann@shop.test',
};

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
    expect(res.json()).toEqual({
      message: 'Unknown field: defaultPackage.lenght',
      errors: [{ path: 'defaultPackage.lenght', message: 'Unknown field' }],
    });
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/login',
      headers: { 'x-iframe': 'false' },
      payload: { store: DEMO_STORE, email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD, remember: true },
    });
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
      expect.arrayContaining([
        { path: 'enabled', message: 'Required field' },
        { path: 'message', message: 'Required field' },
      ]),
    );
    expect(await allVendorSettings()).toEqual(before);
  });

  it('ship-from: the package and local pickup are part of the body, not reset when left out', async () => {
    const pkg = { length: 30, width: 20, height: 10, distanceUnit: 'cm', weight: 1.5, massUnit: 'kg' };
    const pickup = { enabled: true, instructions: 'Ring twice' };
    expect(
      (
        await call(vendor, 'PUT', '/api/settings/ship-from-address', {
          shipFromAddress: address,
          defaultPackage: pkg,
          defaultLocalPickup: pickup,
        })
      ).statusCode,
    ).toBe(200);
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
    // Vendor pages are refused while the marketplace has them off.
    expect((await call(admin, 'PATCH', '/api/app/info/features', { features: { vendorPage: { enabled: true } } })).statusCode).toBe(200);
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/track',
      headers: { ...vendor.headers, 'content-type': 'text/plain' },
      payload: JSON.stringify({ event: 'x' }),
    });
    expect(res.statusCode).toBe(415);
  });

  it("still takes the spec's form posts: sign-in and the password code", async () => {
    const form = { 'x-iframe': 'false', 'content-type': 'application/x-www-form-urlencoded' };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/login',
      headers: form,
      payload: new URLSearchParams({ store: DEMO_STORE, email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }).toString(),
    });
    expect(login.statusCode).toBe(200);
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/auth/public/change-password/request',
      headers: form,
      payload: new URLSearchParams({ store: DEMO_STORE, email: DEMO_ACCOUNTS.vendor2 }).toString(),
    });
    expect(code.statusCode).toBe(201);
  });
});

/**
 * Every key a PUT body may leave out, found in the route table's own schemas (the OpenAPI document
 * is built from them), is listed here with what leaving it out does. A PUT either needs the whole
 * object (the key is then not optional and not listed) or keeps the stored value of a key it is not
 * sent; a new optional key fails the first test until its case is added.
 */
type Kept = { kept: { who: 'admin' | 'vendor'; url: () => string; body: () => Record<string, unknown>; read: () => Promise<unknown> } };
type NotStored = { notStored: string };

const LIST_ITEM = 'a part of one item of a list the PUT replaces whole: the item sent is the new item';
const ADDRESS_PART = 'an optional part of the address, which is one value the PUT replaces whole';
const READ_ONLY = 'a read-only field of the answer, accepted so a client can send back what it read, and ignored';
const NEW_ITEM = 'an identity: absent means a new one';

let productId = '';
let variantId = '';
let templateUrl = '';
let discountId = '';
/** A split-funded EUR discount: its currency, funder and share are what a PUT may leave out to keep. */
const discountBody = () => ({
  method: 'code',
  code: 'KEPT10',
  name: 'Kept ten',
  currency: 'EUR',
  value: { type: 'fixed', fixed: '10', percentage: 0 },
  active: { from: '2026-01-01', withEndDate: false, until: null },
  limit: { onePerCustomer: false, withUsage: false, usage: 1 },
  minPurchase: { type: 'none', value: 0 },
  vendor: null,
  fundedBy: 'split',
  vendorShare: 30,
});
const readDiscount = async () =>
  (await call(admin, 'GET', '/api/discounts')).json().discounts.find((d: { id: string }) => d.id === discountId);
const discount = (): Kept => ({
  kept: { who: 'admin', url: () => `/api/discounts/${discountId}`, body: discountBody, read: readDiscount },
});
const productBody = () => ({
  product: wholeProduct({
    id: productId,
    title: 'Kept mug',
    handle: 'kept-mug-handle',
    status: 'ACTIVE',
    bodyHtml: '<p>Kept</p>',
    seo: { title: 'Kept mug', description: 'A mug that keeps' },
    media: [{ src: 'https://cdn.example/kept.png', alt: 'Kept', contentType: 'IMAGE' }],
    metafields: [{ key: 'material', namespace: 'custom', value: 'clay', type: 'single_line_text_field' }],
    variants: [
      {
        id: variantId,
        price: '9.50',
        compareAt: '12.00',
        stock: 3,
        sku: 'KEPT-1',
        barcode: '4006381333931',
        taxable: false,
        trackStock: true,
        requiresShipping: false,
        weight: 2,
        weightUnit: 'POUNDS',
        dimensions: { width: 1, height: 2, length: 3, dimUnit: 'in' },
        localPickup: { enabled: true },
        media: [{ src: 'https://cdn.example/kept-variant.png', alt: 'Kept variant', contentType: 'IMAGE' }],
        metafields: [{ key: 'glaze', namespace: 'custom', value: 'matte', type: 'single_line_text_field' }],
      },
    ],
  }),
});
const readProduct = async () => {
  const { updatedAt: _u, ...product } = (await call(vendor, 'GET', `/api/products-v2/${productId}`)).json().product;
  return product;
};
const readVendorSetup = async () => ({
  settings: (await allVendorSettings()).map(({ vendorId, settings }) => ({ vendorId, settings })),
  commissions: (await call(admin, 'GET', '/api/commissions?vendor=Vendor%20One')).json(),
});
const marketplaceSettings = () => ({
  vendor: 'Vendor One',
  autoApprove: true,
  isManagedByMarketplace: true,
  commissions: [{ min: '0', max: null, flat: '1', percentage: 7 }],
});
const products = (): Kept => ({ kept: { who: 'vendor', url: () => '/api/products-v2', body: productBody, read: readProduct } });
const marketplace = (): Kept => ({
  kept: { who: 'admin', url: () => '/api/settings/marketplace-settings', body: marketplaceSettings, read: readVendorSetup },
});
const taxDetails = (): Kept => ({
  kept: {
    who: 'vendor',
    url: () => '/api/settings/tax-details',
    body: () => ({ legalName: 'Ann Pottery B.V.', taxId: 'NL123456789B01', address: 'Main 1, 3511 Utrecht', country: 'NL' }),
    read: async () => (await call(vendor, 'GET', '/api/settings')).json().vendorSettings.taxDetails,
  },
});

const OPTIONAL_KEYS: Record<string, Kept | NotStored> = {
  'PUT /api/app/metafields/collection fields.[]type': { notStored: LIST_ITEM },
  'PUT /api/app/metafields/collection fields.[]required': { notStored: LIST_ITEM },
  'PUT /api/app/metafields/collection fields.[]description': { notStored: LIST_ITEM },
  'PUT /api/app/metafields/collection fields.[]options': { notStored: LIST_ITEM },
  'PUT /api/app/metafields/collection fields.[]translations': { notStored: LIST_ITEM },
  'PUT /api/app/metafields/collection fields.[]link': { notStored: LIST_ITEM },
  'PUT /api/settings/ship-from-address shipFromAddress.company': { notStored: ADDRESS_PART },
  'PUT /api/settings/ship-from-address shipFromAddress.street2': { notStored: ADDRESS_PART },
  'PUT /api/settings/ship-from-address shipFromAddress.state': { notStored: ADDRESS_PART },
  'PUT /api/settings/ship-from-address shipFromAddress.is_residential': { notStored: ADDRESS_PART },
  'PUT /api/settings/ship-from-address shipFromAddress.metadata': { notStored: ADDRESS_PART },
  'PUT /api/settings/commission commissions.[]max': { notStored: LIST_ITEM },
  'PUT /api/settings/commission commissions.[]constraint': { notStored: LIST_ITEM },
  'PUT /api/settings/marketplace-settings autoApprove': marketplace(),
  'PUT /api/settings/marketplace-settings isManagedByMarketplace': marketplace(),
  'PUT /api/settings/marketplace-settings commissions': marketplace(),
  'PUT /api/settings/marketplace-settings commissions.[]max': { notStored: LIST_ITEM },
  'PUT /api/settings/marketplace-settings commissions.[]constraint': { notStored: LIST_ITEM },
  'PUT /api/notifications/templates/{template} subject': {
    kept: {
      who: 'admin',
      url: () => templateUrl,
      body: () => ({ htmlBody: '<p>Thanks, {{ order.name }}</p>', subject: 'Kept subject' }),
      read: async () => (await call(admin, 'GET', templateUrl)).json(),
    },
  },
  ...Object.fromEntries(['legalName', 'taxId', 'address', 'country'].map((key) => [`PUT /api/settings/tax-details ${key}`, taxDetails()])),
  'PUT /api/discounts/{discountId} currency': discount(),
  'PUT /api/discounts/{discountId} fundedBy': discount(),
  'PUT /api/discounts/{discountId} vendorShare': discount(),
  'PUT /api/discounts/{discountId} minPurchase.value': {
    notStored: 'the value beside a minimum of type none, which means nothing and is dropped (an amount or a quantity needs its value)',
  },
  'PUT /api/products-v2 product.id': { notStored: NEW_ITEM },
  ...Object.fromEntries(
    [
      ...[
        'bodyHtml',
        'seo',
        'options',
        'media',
        'metafields',
        'media.[]alt',
        'media.[]contentType',
        'metafields.[]namespace',
        'metafields.[]type',
      ],
      ...[
        'compareAt',
        'options',
        'sku',
        'barcode',
        'taxable',
        'trackStock',
        'requiresShipping',
        'weight',
        'dimensions',
        'localPickup',
        'media',
        'metafields',
      ].map((key) => `variants.[]${key}`),
      ...['media.[]alt', 'media.[]contentType', 'metafields.[]namespace', 'metafields.[]type'].map((key) => `variants.[]${key}`),
    ].map((key) => [`PUT /api/products-v2 product.${key}`, products()]),
  ),
  'PUT /api/products-v2 product.handle': products(),
  'PUT /api/products-v2 product.status': products(),
  'PUT /api/products-v2 product.vendor': products(),
  'PUT /api/products-v2 product.media.[]id': { notStored: NEW_ITEM },
  'PUT /api/products-v2 product.variants.[]id': { notStored: NEW_ITEM },
  'PUT /api/products-v2 product.variants.[]weightUnit': products(),
  'PUT /api/products-v2 product.variants.[]dimensions.dimUnit': products(),
  'PUT /api/products-v2 product.variants.[]media.[]id': { notStored: NEW_ITEM },
  'PUT /api/products-v2 product.variants.[]position': { notStored: READ_ONLY },
  ...Object.fromEntries(
    [
      'vendorId',
      'approved',
      'approvedAt',
      'approvalNote',
      'currency',
      'totalStock',
      'inStock',
      'translations',
      'createdAt',
      'updatedAt',
    ].map((key) => [`PUT /api/products-v2 product.${key}`, { notStored: READ_ONLY }]),
  ),
};

/** Each optional key of a PUT's JSON body, as `PUT /path a.b.[]c`. */
function optionalKeys(doc: {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>>;
}) {
  type Node = { properties?: Record<string, Node>; required?: string[]; items?: Node; anyOf?: Node[]; oneOf?: Node[]; allOf?: Node[] };
  const walk = (node: Node | undefined, prefix: string): string[] => {
    if (!node || typeof node !== 'object') return [];
    const alternatives = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])].flatMap((n) => walk(n, prefix));
    const items = node.items ? walk(node.items, `${prefix}[]`) : [];
    const properties = Object.entries(node.properties ?? {}).flatMap(([key, child]) => [
      ...((node.required ?? []).includes(key) ? [] : [prefix + key]),
      ...walk(child, `${prefix}${key}.`),
    ]);
    return [...alternatives, ...items, ...properties];
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    ops.put
      ? [...new Set(walk(ops.put.requestBody?.content?.['application/json']?.schema as Node, ''))].map((key) => `PUT ${path} ${key}`)
      : [],
  );
}

/** The body without the key at `path` (`[]` = in every item of that list). */
function without(body: unknown, path: string[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return body;
  if (Array.isArray(body)) return head === '[]' ? body.map((item) => without(item, rest)) : body;
  if (!body || typeof body !== 'object') return body;
  const copy = { ...(body as Record<string, unknown>) };
  if (rest.length === 0) delete copy[head];
  else copy[head] = without(copy[head], rest);
  return copy;
}
const keyPath = (key: string) => key.replace(/\[\]/g, '.[].').split('.').filter(Boolean);

describe('a PUT never resets a stored value it is not sent', () => {
  beforeAll(async () => {
    productId = await saveProduct(t, vendor, productInput({ title: 'Kept mug' }));
    variantId = (await call(vendor, 'GET', `/api/products-v2/${productId}`)).json().product.variants[0].id;
    templateUrl = '/api/notifications/templates/order-placed';
    const created = await call(admin, 'POST', '/api/discounts', discountBody());
    expect(created.statusCode, created.body).toBe(201);
    discountId = created.json().discount.id;
  });

  it('finds every optional key of every PUT in the route table, each accounted for', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    // The document is built from the route table: every PUT with a body is in it, with its body.
    const documented = Object.entries(doc.paths as Record<string, { put?: { requestBody?: unknown } }>).flatMap(([path, ops]) =>
      ops.put?.requestBody ? [path] : [],
    );
    const withBody = t.routes
      .filter((r) => r.method === 'PUT' && r.schema?.body)
      .map((r) => r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}'));
    expect(withBody.length).toBeGreaterThan(20);
    expect(documented).toEqual(expect.arrayContaining(withBody));
    expect(optionalKeys(doc).sort()).toEqual(Object.keys(OPTIONAL_KEYS).sort());
  });

  const kept = Object.entries(OPTIONAL_KEYS).flatMap(([key, entry]) => ('kept' in entry ? [[key, entry.kept] as const] : []));
  it.each(kept)('%s: left out, the stored value stays', async (key, { who, url, body, read }) => {
    const caller = who === 'admin' ? admin : vendor;
    const full = body();
    const saved = await call(caller, 'PUT', url(), full);
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await read();
    const [, , ...path] = key.split(' ');
    const res = await call(caller, 'PUT', url(), without(full, keyPath(path.join(' '))) as object);
    expect([200, 400], res.body).toContain(res.statusCode);
    expect(await read()).toEqual(before);
  });
});

describe('the PUTs that once reset what they were not sent now need the whole object', () => {
  it('settings/commission: a body with only the vendor is refused, its own lines stay', async () => {
    const own = [{ min: '0', max: null, flat: '2', percentage: 9 }];
    expect((await call(admin, 'PUT', '/api/settings/commission', { vendor: 'Vendor Two', commissions: own })).statusCode).toBe(200);
    const res = await call(admin, 'PUT', '/api/settings/commission', { vendor: 'Vendor Two' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'commissions', message: 'Required field' }]);
    const answer = (await call(admin, 'GET', '/api/commissions?vendor=Vendor%20Two')).json();
    expect(answer).toMatchObject({ source: 'vendor', commissions: [{ min: '0.00', max: null, flat: '2.00', percentage: 9 }] });
  });

  it('discounts/{id}: a single-use, minimum-$50, one-vendor code stays so when a PUT leaves those out', async () => {
    const code = {
      method: 'code',
      code: 'ONCE50',
      name: 'Once, from 50',
      value: { type: 'percentage', fixed: '0', percentage: 20 },
      active: { from: '2026-01-01', withEndDate: false, until: null },
      limit: { onePerCustomer: true, withUsage: true, usage: 1 },
      minPurchase: { type: 'amount', value: '50' },
      vendor: 'Vendor One',
    };
    const created = await call(admin, 'POST', '/api/discounts', code);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().discount;
    const stored = async () => (await call(admin, 'GET', '/api/discounts')).json().discounts.find((d: { id: string }) => d.id === id);
    const before = await stored();
    for (const key of ['limit', 'minPurchase', 'vendor'] as const) {
      const { [key]: _left, ...rest } = code;
      const res = await call(admin, 'PUT', `/api/discounts/${id}`, rest);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().errors, key).toEqual([{ path: key, message: 'Required field' }]);
    }
    expect(await stored()).toEqual(before);
    expect(before).toMatchObject({
      limit: { onePerCustomer: true, withUsage: true, usage: 1 },
      minPurchase: { type: 'amount', value: '50.00' },
      vendor: 'Vendor One',
    });
  });

  it('admin/installation: the plan alone is refused, the paid add-ons stay', async () => {
    const installation = async () => (await call(admin, 'GET', '/api/admin/installation')).json().subscription;
    expect((await call(admin, 'PUT', '/api/admin/installation', { plan: 'growth', addons: ['labels'] })).statusCode).toBe(200);
    const before = await installation();
    const res = await call(admin, 'PUT', '/api/admin/installation', { plan: 'starter' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'addons', message: 'Required field' }]);
    expect(await installation()).toEqual(before);
    expect(before).toMatchObject({ plan: 'growth', boughtAddons: ['labels'] });
  });

  it('products-v2: a new product takes the defaults for what it leaves out; replacing it needs the whole product', async () => {
    const created = await call(vendor, 'PUT', '/api/products-v2', {
      product: { title: 'Bare mug', variants: [{ price: '5.00', stock: 2 }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { productId: id } = created.json();
    const stored = (await call(vendor, 'GET', `/api/products-v2/${id}`)).json().product;
    expect(stored).toMatchObject({
      title: 'Bare mug',
      bodyHtml: '',
      status: 'DRAFT',
      media: [],
      metafields: [],
      seo: { title: '', description: '' },
    });
    expect(stored.variants).toEqual([
      // Local pickup follows the vendor's ship-from defaultLocalPickup, saved on above.
      expect.objectContaining({
        price: '5.00',
        stock: 2,
        compareAt: null,
        sku: '',
        barcode: '',
        taxable: true,
        trackStock: false,
        requiresShipping: true,
        weight: 0,
        dimensions: null,
        localPickup: { enabled: true },
        media: [],
        metafields: [],
      }),
    ]);
    const replaced = await call(vendor, 'PUT', '/api/products-v2', {
      product: { id, title: 'Bare mug', variants: [{ id: stored.variants[0].id, price: '6.00', stock: 2 }] },
    });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'product.bodyHtml', message: 'Required field' },
        { path: 'product.variants.0.taxable', message: 'Required field' },
        { path: 'product.variants.0.localPickup', message: 'Required field' },
      ]),
    );
    expect((await call(vendor, 'GET', `/api/products-v2/${id}`)).json().product.variants[0].price).toBe('5.00');
  });

  it('integrations/keys: one field alone is refused, naming the others', async () => {
    const res = await call(vendor, 'PUT', '/api/integrations/keys', { additionalCost: '2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'additionalFactor', message: 'Required field' },
      { path: 'skipPriceUpdate', message: 'Required field' },
      { path: 'skipContentUpdate', message: 'Required field' },
    ]);
  });
});
