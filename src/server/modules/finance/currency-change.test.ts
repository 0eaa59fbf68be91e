import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#shared/schemas/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { markPaid, payAtOnce, shipAll } from '../../../../test/support/orders.ts';
import { wholeProduct } from '../../../../test/support/whole-product.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  await payAtOnce(t, s.admin);
  const res = await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { features: { currencies: { enabled: true } } } });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

// Digital goods: no delivery zone is needed to sell them.
const forSale = (title: string, vendor: string, price: string, sku: string) => ({
  title,
  vendor,
  status: 'ACTIVE',
  variants: [{ price, stock: 10, trackStock: true, sku, requiresShipping: false }],
});
const address = { name: 'Alex Buyer', street1: '12 Canal Street', city: 'Amsterdam', zip: '1012 AB', country: 'nl' };
const variantIdOf = async (productId: string) =>
  (await caller(t, s.admin)('GET', `/api/products-v2/${productId}`)).json().product.variants[0].id as string;
/** A built-in order, paid (an admin marked its bank transfer received). */
const checkout = async (lines: { variantId: string; quantity: number }[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: { store: 'demo', checkoutId: randomUUID(), email: 'alex@buyer.example', address, lines },
  });
  if (res.statusCode === 200 && res.json().paymentStatus === 'pending') {
    await markPaid(t, s.admin, res.json().orderId);
    await shipAll(t, s.admin, res.json().orderId);
  }
  return res;
};

describe('changing the marketplace currency', () => {
  it('prices new products only: stored prices, orders and balances keep their currency and values, and totals are per currency', async () => {
    const admin = caller(t, s.admin);
    const vendor1 = caller(t, s.vendor1);
    const mugId = await saveProduct(t, s.admin, forSale('Dollar mug', 'Vendor One', '20.00', 'MUG-USD'));
    const mugVariant = await variantIdOf(mugId);
    const before = await checkout([{ variantId: mugVariant, quantity: 1 }]);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ currency: 'USD', total: '20.00' });

    expect((await admin('PUT', '/api/settings/currency', { displayCurrency: 'EUR' })).statusCode).toBe(200);

    // The stored product is still in dollars, on every screen that shows it.
    expect((await admin('GET', `/api/products-v2/${mugId}`)).json().product).toMatchObject({
      currency: 'USD',
      variants: [expect.objectContaining({ price: '20.00' })],
    });
    const listed = (await admin('GET', '/api/products-v2?status=ACTIVE')).json().products.find((p: { id: string }) => p.id === mugId);
    expect(listed).toMatchObject({ currency: 'USD', priceMin: '20.00' });
    const picked = (await admin('GET', '/api/catalog')).json().products.find((p: { id: string }) => p.id === mugId);
    expect(picked).toMatchObject({ currency: 'USD', priceMin: '20.00' });
    const [publicMug] = (await t.app.inject({ method: 'GET', url: `/api/public/catalog?store=demo&id=${mugId}` })).json().products;
    expect(publicMug).toMatchObject({ currency: 'USD', variants: [expect.objectContaining({ price: '20.00' })] });

    // Editing it keeps its currency; a new product (an admin's or a vendor's) is priced in euros.
    const edited = await admin('PUT', '/api/products-v2', {
      product: wholeProduct({
        ...forSale('Dollar mug', 'Vendor One', '21.00', 'MUG-USD'),
        id: mugId,
        variants: [{ id: mugVariant, price: '21.00', stock: 10, trackStock: true, sku: 'MUG-USD', requiresShipping: false }],
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await admin('GET', `/api/products-v2/${mugId}`)).json().product).toMatchObject({
      currency: 'USD',
      variants: [expect.objectContaining({ price: '21.00' })],
    });
    const lampId = await saveProduct(t, s.admin, forSale('Euro lamp', 'Vendor One', '15.50', 'LAMP-EUR'));
    expect((await admin('GET', `/api/products-v2/${lampId}`)).json().product.currency).toBe('EUR');
    // A vendor's own display currency does not price its products: the marketplace sells in one currency.
    expect((await vendor1('PUT', '/api/settings/currency', { displayCurrency: 'USD' })).statusCode).toBe(200);
    const vendorProduct = await saveProduct(t, s.vendor1, { title: 'Vendor vase', variants: [{ price: '9.00', stock: 1, sku: 'VASE' }] });
    expect((await vendor1('GET', `/api/products-v2/${vendorProduct}`)).json().product.currency).toBe('EUR');

    // An order is in its products' currency; one order never mixes two.
    const lampVariant = await variantIdOf(lampId);
    const after = await checkout([{ variantId: lampVariant, quantity: 2 }]);
    expect(after.json()).toMatchObject({ currency: 'EUR', total: '31.00' });
    const dollars = await checkout([{ variantId: mugVariant, quantity: 1 }]);
    expect(dollars.json()).toMatchObject({ currency: 'USD', total: '21.00' });
    const mixed = await checkout([
      { variantId: mugVariant, quantity: 1 },
      { variantId: lampVariant, quantity: 1 },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({
      message: ORDER_MESSAGES.mixedCurrencies,
      errors: [{ path: 'lines.1.variantId', message: ORDER_MESSAGES.mixedCurrencies }],
    });

    // The first order is unchanged.
    const orderList = (await admin('GET', '/api/orders')).json().orders as { name: string; currency: string; subtotal: string }[];
    expect(orderList.find((o) => o.name === before.json().name)).toMatchObject({ currency: 'USD', subtotal: '20.00' });

    // Finance: per-currency totals, never summed across; the display currency first.
    const adminList = (await admin('GET', '/api/transactions?period=all')).json();
    expect(adminList.aggs.map((a: { currency: string }) => a.currency)).toEqual(['EUR', 'USD']);
    expect(adminList.aggs).toEqual([
      expect.objectContaining({ currency: 'EUR', sales: '31.00', commission: '-3.10', balance: '27.90' }),
      expect.objectContaining({ currency: 'USD', sales: '41.00', commission: '-4.10', balance: '36.90' }),
    ]);
    expect(new Set(adminList.transactions.map((tx: { currency: string }) => tx.currency))).toEqual(new Set(['EUR', 'USD']));
    // The vendor chose dollars to look at first; the amounts are the same.
    const vendorList = (await vendor1('GET', '/api/transactions?period=all')).json();
    expect(vendorList.aggs.map((a: { currency: string; balance: string }) => [a.currency, a.balance])).toEqual([
      ['USD', '36.90'],
      ['EUR', '27.90'],
    ]);

    const dashboard = (await admin('GET', '/api/dashboard')).json();
    expect(dashboard.transactions.map((c: { currency: string; totals: { sales: string } }) => [c.currency, c.totals.sales])).toEqual([
      ['EUR', '31.00'],
      ['USD', '41.00'],
    ]);
    const vendorDashboard = (await vendor1('GET', '/api/dashboard')).json();
    expect(vendorDashboard.transactions.map((c: { currency: string }) => c.currency)).toEqual(['USD', 'EUR']);

    // Paying the vendor pays each currency on its own.
    const prepared = (
      await admin('POST', '/api/payment/v3/prepare', {
        payoutLines: [before, after].map((o) => ({ orderName: o.json().name, vendor: 'Vendor One' })),
      })
    ).json();
    expect(prepared.total).toEqual(
      expect.arrayContaining([
        { currency: 'USD', amount: expect.any(String) },
        { currency: 'EUR', amount: expect.any(String) },
      ]),
    );
    expect(prepared.allocations.map((a: { currency: string }) => a.currency).sort()).toEqual(['EUR', 'USD']);
  });
});
