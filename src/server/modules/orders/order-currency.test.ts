import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SETTINGS } from '#shared/schemas/delivery';
import { DISCOUNT_MESSAGES } from '#shared/schemas/discounts';
import { ORDER_MESSAGES } from '#shared/schemas/orders';
import { discountRedemptions, offers, productVariants } from '#server/db/schema/index';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

/**
 * One currency per order, after the store's currency changed: a mug priced in dollars keeps being
 * sold in dollars, and nothing typed in yen since (a zone, a discount, an offer) is added to its
 * order as if its minor units were cents.
 */

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let mug: string;
let bowl: string;

const address = { name: 'Ann Buyer', street1: 'Dam 1', city: 'Amsterdam', zip: '1012', country: 'NL' };
const variantOf = async (productId: string) =>
  (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0].id;
const tokenIn = (html: string) => /\/app\/offer\/([A-Za-z0-9_-]+\.[0-9a-f]+)/.exec(html)?.[1];
const rates = (variantId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout/rates',
    payload: { store: 'demo', address, lines: [{ variantId, quantity: 1 }] },
  });
const checkout = (variantId: string, extra: Record<string, unknown> = {}, quantity = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: { store: 'demo', checkoutId: randomUUID(), email: 'ann@buyer.example', address, lines: [{ variantId, quantity }], ...extra },
  });
const storeCurrency = async (currency: string) =>
  expect((await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { currency } })).statusCode).toBe(200);

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  const admin = caller(t, s.admin);
  expect(
    (
      await admin('PATCH', '/api/app/info/features', {
        features: { features: { makeAnOffer: { enabled: true }, discounts: { enabled: true } }, currency: 'USD' },
      })
    ).statusCode,
  ).toBe(200);
  expect((await admin('PUT', '/api/settings/delivery', { ...DEFAULT_DELIVERY_SETTINGS, enableRateNames: true })).statusCode).toBe(200);
  const dollars = await admin('POST', '/api/settings/delivery/zone', {
    zone: {
      zoneName: 'NL',
      rates: [
        { name: 'Standard', price: '4.95' },
        { name: 'Express', price: '12.5' },
      ],
      countries: [{ code: 'NL' }],
    },
  });
  expect(dollars.json().zone).toMatchObject({ currency: 'USD' });
  mug = await variantOf(
    await saveProduct(t, s.admin, {
      title: 'Blue mug',
      vendor: 'Vendor One',
      status: 'ACTIVE',
      variants: [{ price: '20.00', stock: 50, sku: 'MUG-USD', weight: 1 }],
    }),
  );

  // The store now sells in yen: new products, zones and discounts are typed in yen.
  await storeCurrency('JPY');
  const yen = await admin('POST', '/api/settings/delivery/zone', {
    zone: {
      zoneName: 'NL (yen)',
      rates: [
        { name: 'Standard', price: '800' },
        { name: 'Express', price: '1500' },
      ],
      countries: [{ code: 'NL' }],
    },
  });
  expect(yen.json().zone).toMatchObject({ currency: 'JPY' });
  bowl = await variantOf(
    await saveProduct(t, s.admin, {
      title: 'Rice bowl',
      vendor: 'Vendor One',
      status: 'ACTIVE',
      variants: [{ price: '3000', stock: 50, sku: 'BOWL-JPY', weight: 1 }],
    }),
  );
});
afterAll(() => t.close());

describe('one currency per order', () => {
  it('ships a cart at the rates of its own currency only: express for the dollar mug is $12.50, for the yen bowl ¥1,500', async () => {
    expect((await rates(mug)).json()).toEqual({
      currency: 'USD',
      options: [
        expect.objectContaining({ id: 'rate:Standard', price: '4.95' }),
        expect.objectContaining({ id: 'rate:Express', price: '12.50' }),
      ],
    });
    expect((await rates(bowl)).json()).toEqual({
      currency: 'JPY',
      options: [
        expect.objectContaining({ id: 'rate:Standard', price: '800' }),
        expect.objectContaining({ id: 'rate:Express', price: '1500' }),
      ],
    });
    const placed = await checkout(mug, { shippingRate: 'rate:Express' });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ currency: 'USD', subtotal: '20.00', shipping: '12.50', total: '32.50' });
    expect((await checkout(bowl, { shippingRate: 'rate:Express' })).json()).toMatchObject({
      currency: 'JPY',
      subtotal: '3000',
      shipping: '1500',
      total: '4500',
    });

    // A country whose only zone is in yen has no delivery for a dollar cart.
    const admin = caller(t, s.admin);
    expect(
      (
        await admin('POST', '/api/settings/delivery/zone', {
          zone: { zoneName: 'Belgium', rates: [{ name: 'Standard', price: '900' }], countries: [{ code: 'BE' }] },
        })
      ).statusCode,
    ).toBe(201);
    const toBelgium = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      payload: {
        store: 'demo',
        checkoutId: randomUUID(),
        email: 'ann@buyer.example',
        address: { ...address, country: 'BE' },
        lines: [{ variantId: mug, quantity: 1 }],
      },
    });
    expect(toBelgium.statusCode).toBe(400);
    expect(toBelgium.json().message).toBe(ORDER_MESSAGES.noDelivery);
  });

  it('an admin moves a zone to another currency by naming it; an edit without one keeps the zone’s', async () => {
    const admin = caller(t, s.admin);
    const { zones, currency } = (await admin('GET', '/api/settings/delivery/zones')).json();
    expect(currency).toBe('JPY');
    const belgium = zones.find((z: { zoneName: string }) => z.zoneName === 'Belgium');
    const kept = await admin('POST', '/api/settings/delivery/zone', {
      zone: { ...belgium, currency: undefined, zoneName: 'Belgium (yen)' },
    });
    expect(kept.json().zone).toMatchObject({ zoneName: 'Belgium (yen)', currency: 'JPY' });
    const moved = await admin('POST', '/api/settings/delivery/zone', {
      zone: { ...belgium, currency: 'usd', rates: [{ name: 'Standard', price: '7.5' }] },
    });
    expect(moved.json().zone).toMatchObject({ currency: 'USD', rates: [expect.objectContaining({ price: '7.50' })] });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/storefront/checkout/rates',
          payload: { store: 'demo', address: { ...address, country: 'BE' }, lines: [{ variantId: mug, quantity: 1 }] },
        })
      ).json(),
    ).toMatchObject({ currency: 'USD', options: [expect.objectContaining({ price: '7.50' })] });
    expect((await admin('POST', '/api/settings/delivery/zone', { zone: { ...belgium, currency: 'dollars' } })).json().errors).toEqual([
      { path: 'zone.currency', message: 'Must be a currency code like EUR' },
    ]);
  });

  it('leaves a discount with an amount in another currency out: ¥500 never takes $5.00 off; a percentage applies in any currency', async () => {
    const admin = caller(t, s.admin);
    const yenOff = await admin('POST', '/api/discounts', {
      method: 'code',
      code: 'YEN500',
      name: '¥500 off',
      value: { type: 'fixed', fixed: '500' },
      active: { from: '2020-01-01' },
    });
    expect(yenOff.statusCode, yenOff.body).toBe(201);
    expect(yenOff.json().discount).toMatchObject({ currency: 'JPY', value: { type: 'fixed', fixed: '500' } });
    const refused = await checkout(mug, { discountCode: 'YEN500' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: DISCOUNT_MESSAGES.otherCurrency('JPY'),
      errors: [{ path: 'discountCode', message: DISCOUNT_MESSAGES.otherCurrency('JPY') }],
    });
    expect((await checkout(bowl, { discountCode: 'YEN500' })).json()).toMatchObject({ currency: 'JPY', discount: '500', total: '3300' });

    // An automatic discount in yen (a minimum of ¥1,000) is not the dollar cart's; one in dollars is.
    expect(
      (
        await admin('POST', '/api/discounts', {
          method: 'automatic',
          name: 'Yen basket',
          value: { type: 'percentage', percentage: 50 },
          active: { from: '2020-01-01' },
          minPurchase: { type: 'amount', value: '1000' },
        })
      ).statusCode,
    ).toBe(201);
    expect((await checkout(mug)).json()).toMatchObject({ currency: 'USD', discount: '0.00' });
    const dollarOff = await admin('POST', '/api/discounts', {
      method: 'automatic',
      currency: 'USD',
      name: '$2 off',
      value: { type: 'fixed', fixed: '2' },
      active: { from: '2020-01-01' },
    });
    expect(dollarOff.json().discount).toMatchObject({ currency: 'USD', value: { fixed: '2.00' } });
    expect((await checkout(mug)).json()).toMatchObject({ currency: 'USD', discount: '2.00', total: '22.95' });
    // The yen basket (50% from ¥1,000) is the bowl's best; the dollar one is never the bowl's.
    expect((await checkout(bowl)).json()).toMatchObject({ currency: 'JPY', discount: '1500' });

    const tenPercent = await admin('POST', '/api/discounts', {
      method: 'code',
      code: 'TEN',
      name: '10% off',
      value: { type: 'percentage', percentage: 10 },
      active: { from: '2020-01-01' },
    });
    expect(tenPercent.json().discount.currency).toBe('JPY');
    const placed = await checkout(mug, { discountCode: 'TEN' });
    expect(placed.json()).toMatchObject({ currency: 'USD', discount: '2.00' });
    const [redeemed] = await t.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountId, tenPercent.json().discount.id));
    expect(redeemed).toMatchObject({ amount: 200, currency: 'USD' });

    // The list says each discount's currency, and the store's for a new one; an edit keeps it.
    const list = (await admin('GET', '/api/discounts')).json();
    expect(list.currency).toBe('JPY');
    expect(list.discounts.find((d: { code: string }) => d.code === 'YEN500').currency).toBe('JPY');
    // A PUT replaces the whole discount; left out, its currency stays its own.
    const whole = {
      code: '',
      active: { from: '2020-01-01', withEndDate: false, until: null },
      limit: { onePerCustomer: false, withUsage: false, usage: 1 },
      minPurchase: { type: 'none', value: 0 },
      vendor: null,
    };
    const edited = await admin('PUT', `/api/discounts/${dollarOff.json().discount.id}`, {
      ...whole,
      method: 'automatic',
      name: '$3 off',
      value: { type: 'fixed', fixed: '3.25', percentage: 0 },
    });
    expect(edited.json().discount).toMatchObject({ currency: 'USD', value: { fixed: '3.25' } });
    expect(
      (
        await admin('PUT', `/api/discounts/${yenOff.json().discount.id}`, {
          ...whole,
          method: 'code',
          code: 'YEN500',
          name: '¥500 off',
          value: { type: 'fixed', fixed: '5.5', percentage: 0 },
        })
      ).json().errors,
    ).toEqual([{ path: 'value.fixed', message: 'Must be a whole amount' }]);
  });

  it('takes an offer in its product’s currency, and refuses one agreed in another instead of charging ¥1,700 as $17.00', async () => {
    const admin = caller(t, s.admin);
    await admin('PATCH', '/api/app/info/features', { features: { features: { discounts: { enabled: false } } } });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/public/make-an-offer?store=demo',
      payload: { email: 'ann@buyer.example', amount: '17.00', quantity: 1, variantId: mug },
    });
    expect(made.statusCode, made.body).toBe(201);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, made.json().id));
    expect(row).toMatchObject({ currency: 'USD', amount: 1700 });
    expect((await caller(t, s.vendor1)('POST', '/api/offers/action', { id: row.id, action: 'accept' })).statusCode).toBe(200);
    const token = tokenIn((await t.mailsTo('ann@buyer.example')).find((m) => m.html.includes('/app/offer/'))!.html)!;

    // An offer recorded in the store's currency of the day before this was fixed: ¥1,700 on the dollar mug.
    await t.db
      .update(offers)
      .set({ currency: 'JPY' })
      .where(and(eq(offers.storeId, 'demo'), eq(offers.id, row.id)));
    const refused = await checkout(mug, { offerToken: token, shippingRate: 'rate:Standard' });
    expect(refused.statusCode).toBe(409);
    const message = ORDER_MESSAGES.offerCurrency('JPY', 'USD');
    expect(refused.json()).toEqual({ message, errors: [{ path: 'offerToken', message }] });
    expect((await t.db.select().from(offers).where(eq(offers.id, row.id)))[0]).toMatchObject({ status: 'accepted' });

    await t.db
      .update(offers)
      .set({ currency: 'USD' })
      .where(and(eq(offers.storeId, 'demo'), eq(offers.id, row.id)));
    const placed = await checkout(mug, { offerToken: token, shippingRate: 'rate:Standard' });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ currency: 'USD', subtotal: '17.00', shipping: '4.95', total: '21.95' });
  });
});
