import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { DEFAULT_LOCAL_PICKUP, DEFAULT_PACKAGE } from '#shared/schemas/vendor-settings';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let vendor1: Awaited<ReturnType<TestApp['login']>>;
let vendor2: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  [admin, vendor1, vendor2] = await Promise.all([
    t.login(DEMO_ACCOUNTS.admin),
    t.login(DEMO_ACCOUNTS.vendor1),
    t.login(DEMO_ACCOUNTS.vendor2),
  ]);
});
afterAll(() => t.close());

type Session = typeof admin;
const call = (who: Session, method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });

const address = { name: 'Jo', street1: 'Main 1', city: 'Austin', zip: '73301', country: 'US', phone: '+1 555', email: 'jo@shop.test' };

describe('GET /api/settings', () => {
  it("answers the spec's defaults", async () => {
    const { settings, vendorSettings } = (await call(admin, 'GET', '/api/settings')).json();
    expect(vendorSettings).toBeNull();
    expect(settings.wordings).toEqual({
      vendor: 'vendor',
      vendors: 'vendors',
      product: 'product',
      products: 'products',
      specification: 'specification',
      commission: 'commission',
      finance: 'finance',
      marketplace: 'marketplace',
    });
    expect(settings.financeConfig).toMatchObject({
      includeTax: true,
      includeShipping: false,
      includeDiscount: false,
      shippingInPayout: true,
    });
    expect(settings.defaultUnits.weight).toBe('KILOGRAMS');
    expect(settings.variants).toEqual({ enabled: true });
    expect(settings.orders.hiddenFields).toEqual(['billing', 'customerEmail', 'customerPhone']);
    expect(settings.colors.indigo600).toBe('#4f46e5');
    expect(settings.notifications.integration).toEqual(expect.objectContaining({ service: 'none', hasApiKey: false }));
    expect(JSON.stringify(settings)).not.toContain('apiKeyEncrypted');
  });

  it('gives a vendor its own vendor settings only, whatever forVendor says', async () => {
    await call(vendor2, 'PUT', '/api/settings/holidays', { enabled: true, from: '2026-12-20', to: '2027-01-05', message: 'Closed' });
    const own = (await call(vendor1, 'GET', '/api/settings?forVendor=Vendor%20Two')).json();
    expect(own.vendorSettings.holidays.enabled).toBe(false);
    const asAdmin = (await call(admin, 'GET', '/api/settings?forVendor=Vendor%20Two')).json();
    expect(asAdmin.vendorSettings.holidays).toMatchObject({ enabled: true, message: 'Closed' });
    expect((await call(admin, 'GET', '/api/settings?forVendor=Ghost')).statusCode).toBe(404);
  });
});

describe('PATCH /api/app/info/features', () => {
  it('merges sections, keeps the others, and applies the vendor wording', async () => {
    const res = await call(admin, 'PATCH', '/api/app/info/features', {
      features: { wordings: { vendor: 'seller', vendors: 'sellers' }, features: { messages: { enabled: true } } },
    });
    expect(res.statusCode).toBe(200);
    const info = (await call(vendor1, 'GET', '/api/app/info')).json();
    expect(info.wordings).toMatchObject({ vendor: 'seller', vendors: 'sellers', product: 'product' });
    expect(info.features.messages.enabled).toBe(true);
    expect(info.features.dashboard.enabled).toBe(true);
    const registration = (await t.app.inject({ method: 'GET', url: '/api/store/registration?store=demo' })).json();
    expect(registration.wordings.vendor).toBe('seller');
  });

  it('keeps the words per language beside the English ones, served to the app and the registration page; unknown languages and keys are refused', async () => {
    const res = await call(admin, 'PATCH', '/api/app/info/features', {
      features: { wordingsByLanguage: { nl: { vendor: ' winkelier ', vendors: 'winkeliers' } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.wordingsByLanguage).toEqual({ nl: { vendor: 'winkelier', vendors: 'winkeliers' } });
    expect((await call(vendor1, 'GET', '/api/app/info')).json().wordingsByLanguage).toEqual({
      nl: { vendor: 'winkelier', vendors: 'winkeliers' },
    });
    const registration = (await t.app.inject({ method: 'GET', url: '/api/store/registration?store=demo' })).json();
    expect(registration.wordingsByLanguage.nl.vendor).toBe('winkelier');
    expect(
      (await call(admin, 'PATCH', '/api/app/info/features', { features: { wordingsByLanguage: { it: { vendor: 'venditore' } } } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(admin, 'PATCH', '/api/app/info/features', { features: { wordingsByLanguage: { nl: { seller: 'x' } } } })).statusCode,
    ).toBe(400);
  });

  it('refuses invalid values with the spec messages and writes nothing', async () => {
    const before = (await call(admin, 'GET', '/api/settings')).json().settings;
    const res = await call(admin, 'PATCH', '/api/app/info/features', {
      features: {
        colors: { indigo600: 'blue' },
        membership: { trialDays: 366 },
        logoText: { selected: 'value', value: 'ab' },
        inputLimit: { title: { min: 10, max: 5 }, images: { min: 0, max: 101 } },
      },
    });
    expect(res.statusCode).toBe(400);
    const errors = Object.fromEntries(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(errors['colors.indigo600']).toBe('Must match a color like #4f46e5');
    expect(errors['membership.trialDays']).toBe('Trial days must be at most 365');
    expect(errors['logoText.value']).toBe('Must be at least 3 characters');
    expect(errors['inputLimit.title.max']).toBe('Max should not be below min');
    expect(errors['inputLimit.images.max']).toBe('Image count must be at most 100');
    expect((await call(admin, 'GET', '/api/settings')).json().settings).toEqual(before);
    const unknown = await call(admin, 'PATCH', '/api/app/info/features', { features: { nonsense: true } });
    expect(unknown.statusCode).toBe(400);
    const owned = await call(admin, 'PATCH', '/api/app/info/features', {
      features: { notifications: { integration: { apiKeyEncrypted: 'x' } } },
    });
    expect(owned.statusCode).toBe(400);
    expect(owned.json().message).toBe('This setting cannot be changed here');
  });

  it('replaces the translation texts whole, so a removed text stays removed', async () => {
    await call(admin, 'PATCH', '/api/app/info/features', { features: { translations: { dict: { nl: { hello: 'hallo', bye: 'doei' } } } } });
    await call(admin, 'PATCH', '/api/app/info/features', { features: { translations: { dict: { nl: { hello: 'hoi' } } } } });
    const { settings } = (await call(admin, 'GET', '/api/settings')).json();
    expect(settings.translations.dict).toEqual({ nl: { hello: 'hoi' } });
  });

  it('is admin-only', async () => {
    expect((await call(vendor1, 'PATCH', '/api/app/info/features', { features: { wordings: { vendor: 'x' } } })).statusCode).toBe(403);
  });
});

describe('registration form settings', () => {
  it('PUT app/metafields/collection changes what the public form shows', async () => {
    const fields = [{ key: 'vat', name: 'VAT number', type: 'text', required: true }];
    const res = await call(admin, 'PUT', '/api/app/metafields/collection', { fields, enableApproval: false });
    expect(res.statusCode).toBe(200);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/store/registration?store=demo' })).json();
    expect(pub.requireApproval).toBe(false);
    expect(pub.registrationFields).toEqual([
      { key: 'vat', name: 'VAT number', type: 'text', required: true, description: '', options: [], link: '' },
    ]);
    const dup = await call(admin, 'PUT', '/api/app/metafields/collection', { fields: [...fields, ...fields], enableApproval: true });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Each field needs its own key');
    const rules = await call(admin, 'PUT', '/api/app/metafields/collection', {
      enableApproval: true,
      fields: [
        { key: 'terms', name: 'Terms', type: 'terms' },
        { key: 'size', name: 'Size', type: 'select', options: ['S'] },
        { key: 'tags', name: 'Tags', type: 'checkbox', options: [] },
      ],
    });
    expect(rules.json().errors).toEqual([
      { path: 'fields.0.link', message: 'Required field' },
      { path: 'fields.1.options', message: 'There should be at least two choices' },
      { path: 'fields.2.options', message: 'There should be at least one choice' },
    ]);
  });
});

describe('vendor-scoped settings', () => {
  it('holidays: required fields when enabled, end after start', async () => {
    const missing = await call(vendor1, 'PUT', '/api/settings/holidays', { enabled: true, from: '', to: '', message: '-' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'from', message: 'Required field' },
        { path: 'to', message: 'Required field' },
      ]),
    );
    const order = await call(vendor1, 'PUT', '/api/settings/holidays', {
      enabled: true,
      from: '2026-12-20',
      to: '2026-12-01',
      message: '-',
    });
    expect(order.json().errors).toContainEqual({ path: 'to', message: 'Should be before the start date' });
    expect(
      (await call(vendor1, 'PUT', '/api/settings/holidays', { enabled: true, from: '2026-12-20', to: '2026-12-31', message: '-' }))
        .statusCode,
    ).toBe(200);
    const mine = (await call(vendor1, 'GET', '/api/settings')).json().vendorSettings;
    expect(mine.holidays).toEqual({ enabled: true, from: '2026-12-20', to: '2026-12-31', message: '-' });
  });

  it('ship-from address: state required for US and AU, units and measures checked', async () => {
    const noState = await call(vendor1, 'PUT', '/api/settings/ship-from-address', {
      shipFromAddress: address,
      defaultPackage: DEFAULT_PACKAGE,
      defaultLocalPickup: DEFAULT_LOCAL_PICKUP,
    });
    expect(noState.statusCode).toBe(400);
    expect(noState.json().errors).toContainEqual({ path: 'shipFromAddress.state', message: 'State is required' });
    const bad = await call(vendor1, 'PUT', '/api/settings/ship-from-address', {
      shipFromAddress: { ...address, state: 'TX', phone: '' },
      defaultPackage: { length: -1, distanceUnit: 'km', massUnit: 'kg' },
    });
    const paths = bad.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['shipFromAddress.phone', 'defaultPackage.length', 'defaultPackage.distanceUnit']));
    const ok = await call(vendor1, 'PUT', '/api/settings/ship-from-address', {
      shipFromAddress: { ...address, state: 'TX' },
      defaultPackage: { length: 30, width: 20, height: 10, distanceUnit: 'cm', weight: 1.5, massUnit: 'kg' },
      defaultLocalPickup: DEFAULT_LOCAL_PICKUP,
    });
    expect(ok.statusCode).toBe(200);
    expect((await call(vendor1, 'GET', '/api/settings')).json().vendorSettings.shipFromAddress.state).toBe('TX');
    expect((await call(vendor2, 'GET', '/api/settings')).json().vendorSettings.shipFromAddress).toBeNull();
  });

  it('currency: per vendor, or the marketplace in its own view', async () => {
    expect((await call(vendor1, 'PUT', '/api/settings/currency', { displayCurrency: 'eur' })).statusCode).toBe(200);
    expect((await call(vendor1, 'GET', '/api/settings')).json().vendorSettings.displayCurrency).toBe('EUR');
    expect((await call(admin, 'PUT', '/api/settings/currency', { displayCurrency: 'GBP' })).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/settings')).json().settings.currency).toBe('GBP');
    expect((await call(vendor1, 'PUT', '/api/settings/currency', { displayCurrency: 'euro' })).json().message).toBe(
      'Must be a currency code like EUR',
    );
  });
});

describe('app status, track, shop', () => {
  it('answers the status counters and flags', async () => {
    const res = await call(vendor1, 'GET', '/api/app/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      activeProducts: 0,
      draftProducts: 0,
      orders: 0,
      draftOrders: 0,
      shouldUpdate: false,
      missedMessages: 0,
      listingLimit: null,
    });
    expect(res.json().signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('records tracked events and refuses empty ones', async () => {
    expect((await call(vendor1, 'POST', '/api/app/track', { event: 'opened-settings', properties: { tab: 'holidays' } })).statusCode).toBe(
      201,
    );
    expect((await call(vendor1, 'POST', '/api/app/track', { event: '' })).json().message).toBe('Required field');
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, i]));
    const refused = await call(vendor1, 'POST', '/api/app/track', { event: 'x', properties: tooMany });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'At most 50 properties']);
  });

  it('answers the locations, publications and locales of the storefront', async () => {
    await call(admin, 'PATCH', '/api/app/info/features', { features: { translations: { enabled: true, locales: ['nl', 'de'] } } });
    const res = (await call(vendor1, 'GET', '/api/app/info/shop')).json();
    expect(res.locales.map((l: { locale: string }) => l.locale)).toEqual(['en', 'nl', 'de']);
    expect(res.locations).toHaveLength(1);
  });
});

describe('settings.support', () => {
  it("reaches every user's app info (the menu's help link), vendors included", async () => {
    const saved = await call(admin, 'PATCH', '/api/app/info/features', {
      features: { support: { title: 'Studio desk', email: 'desk@demo.test' } },
    });
    expect(saved.statusCode).toBe(200);
    expect((await call(vendor1, 'GET', '/api/app/info')).json().support).toEqual({ title: 'Studio desk', email: 'desk@demo.test' });
    const refused = await call(admin, 'PATCH', '/api/app/info/features', {
      features: { support: { title: 'x', email: 'not an address' } },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('settings.translations.dict', () => {
  it("reaches app info as the app's own texts while the translations feature is on", async () => {
    const dict = { nl: { 'shell:nav.orders': 'Verkopen' } };
    const feature = (enabled: boolean) =>
      call(admin, 'PATCH', '/api/app/info/features', { features: { features: { translations: { enabled } } } });
    expect(
      (await call(admin, 'PATCH', '/api/app/info/features', { features: { translations: { enabled: false, locales: [], dict } } }))
        .statusCode,
    ).toBe(200);
    expect((await feature(false)).statusCode).toBe(200);
    expect((await call(vendor1, 'GET', '/api/app/info')).json().texts).toEqual({});
    expect((await feature(true)).statusCode).toBe(200);
    expect((await call(vendor1, 'GET', '/api/app/info')).json().texts).toEqual(dict);
  });
});
