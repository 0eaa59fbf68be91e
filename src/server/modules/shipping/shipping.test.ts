import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { startFakeShippo, type FakeShippo } from '../../../../test/fakes/fake-shippo.ts';
import { ledgerEntries, productVariants, shippingLabels, shippingRates, shippoKeys, vendorOrders } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { recoverLabels } from './buy-label.ts';

const MARKETPLACE_KEY = `shippo_test_${'m'.repeat(40)}`;
const VENDOR_KEY = `shippo_test_${'v'.repeat(40)}`;
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let shippo: FakeShippo;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let mugVariant: string;
let clock = new Date('2026-11-25T10:00:00Z');

const from = {
  name: 'Vendor One',
  street1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  phone: '+1 555 0100',
  email: 'ship@vendor.example',
};
const to = { name: 'Ann Buyer', street1: '2 Elm St', city: 'Utrecht', zip: '3511', country: 'NL' };
const parcels = [{ length: 20, width: 15, height: 10, distanceUnit: 'cm', weight: 1.2, massUnit: 'kg' }];

beforeAll(async () => {
  shippo = await startFakeShippo();
  t = await createTestApp({ env: { SHIPPO_BASE_URL: shippo.url }, now: () => clock });
  s = await demoSessions(t);
  expect(
    (
      await caller(t, s.admin)('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  const mug = await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 500, sku: 'MUG-1' }],
  });
  mugVariant = (await t.db.select().from(productVariants).where(eq(productVariants.productId, mug)))[0].id;
});
afterAll(async () => {
  await t.close();
  await shippo.close();
});

/** A built-in storefront order of Vendor One; answers its vendor order. */
async function order() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'ann@buyer.example',
      address: { ...to, phone: '' },
      lines: [{ variantId: mugVariant, quantity: 2 }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, res.json().orderId)))[0];
}

async function quote(session: Session, orderId: string) {
  return caller(t, session)('POST', '/api/shippo/rates', { orderId, from, to, parcels });
}

const labelCosts = (vendorOrderId: string) =>
  t.db
    .select({ amount: ledgerEntries.amount, currency: ledgerEntries.currency, reverses: ledgerEntries.reversesEntryId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.vendorOrderId, vendorOrderId), eq(ledgerEntries.kind, 'label_cost')));

describe('Shippo key', () => {
  it('is checked, stored sealed, never answered, and a vendor sets its own only where the marketplace allows it', async () => {
    const admin = caller(t, s.admin);
    const vendor = caller(t, s.vendor1);
    expect((await admin('PUT', '/api/shippo/api-key', { apiKey: 'sk_live_123' })).json().message).toBe('Must start with shippo_');
    expect((await admin('PUT', '/api/shippo/api-key', { apiKey: 'shippo_test_short' })).json().message).toBe(
      'Must be at least 40 characters',
    );
    expect((await admin('GET', '/api/shippo/api-key')).json()).toEqual({ active: false, using: 'none', canConnect: true });
    expect((await quote(s.vendor1, (await order()).id)).json().message).toBe('Connect a Shippo account first: no Shippo API key is set');

    // Shippo is asked first: a key it refuses, or no answer at all, saves nothing.
    shippo.acceptKeys(MARKETPLACE_KEY, VENDOR_KEY);
    const wrong = await admin('PUT', '/api/shippo/api-key', { apiKey: `shippo_test_${'x'.repeat(40)}` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Shippo refused the API key; check that it is complete and active',
      errors: [{ path: 'apiKey', message: 'Shippo refused the API key; check that it is complete and active' }],
    });
    shippo.failNextCalls(1);
    const down = await admin('PUT', '/api/shippo/api-key', { apiKey: MARKETPLACE_KEY });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe('Shippo did not answer, so the key could not be checked: try again in a moment');
    expect(await t.db.select().from(shippoKeys)).toEqual([]);
    expect(shippo.requests.filter((r) => r.path === '/addresses/?results=1')).toHaveLength(2);

    const saved = await admin('PUT', '/api/shippo/api-key', { apiKey: MARKETPLACE_KEY });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ active: true, using: 'own', canConnect: true });
    const [row] = await t.db.select().from(shippoKeys);
    expect(row.apiKeyEncrypted).not.toContain(MARKETPLACE_KEY.slice(12));
    expect((await admin('GET', '/api/shippo/api-key')).body).not.toContain('shippo_test');

    // A vendor uses the marketplace's account until the marketplace lets vendors connect their own.
    expect((await vendor('GET', '/api/shippo/api-key')).json()).toEqual({ active: false, using: 'marketplace', canConnect: false });
    const refused = await vendor('PUT', '/api/shippo/api-key', { apiKey: VENDOR_KEY });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('The marketplace does not let vendors connect their own Shippo account');
    expect(await t.db.select().from(shippoKeys)).toHaveLength(1);
  });
});

describe('rates and labels', () => {
  it('quotes rates cheapest first that only the order’s vendor (and admins) can see', async () => {
    const part = await order();
    const res = await quote(s.vendor1, part.id);
    expect(res.statusCode, res.body).toBe(200);
    const { rates, messages } = res.json();
    expect(
      rates.map((r: { amount: string; carrier: string; service: string; estimatedDays: number }) => [
        r.amount,
        r.carrier,
        r.service,
        r.estimatedDays,
      ]),
    ).toEqual([
      ['7.50', 'USPS', 'Priority Mail', 2],
      ['9.10', 'UPS', 'Ground', 5],
      ['25.00', 'USPS', 'Priority Mail Express', 1],
    ]);
    expect(messages).toEqual([{ source: 'FedEx', text: 'FedEx could not quote this shipment' }]);
    const sent = shippo.requests.find((r) => r.path === '/shipments/')!.body as { parcels: unknown; address_to: unknown };
    expect(sent.parcels).toEqual([{ length: '20', width: '15', height: '10', distance_unit: 'cm', weight: '1.2', mass_unit: 'kg' }]);
    expect(sent.address_to).toMatchObject({ street1: '2 Elm St', country: 'NL', is_residential: false });

    expect((await caller(t, s.vendor1)('GET', `/api/shippo/rates/${rates[0].id}`)).json()).toMatchObject({
      id: rates[0].id,
      amount: '7.50',
      orderId: part.id,
    });
    expect((await caller(t, s.admin)('GET', `/api/shippo/rates/${rates[0].id}`)).statusCode).toBe(200);
    // Another vendor sees neither the order's rates nor gets rates for it.
    expect((await caller(t, s.vendor2)('GET', `/api/shippo/rates/${rates[0].id}`)).statusCode).toBe(404);
    const calls = shippo.requests.length;
    expect((await quote(s.vendor2, part.id)).statusCode).toBe(404);
    expect(shippo.requests.length).toBe(calls);
    // Bad parcels are a 400 naming the field.
    const bad = await caller(t, s.vendor1)('POST', '/api/shippo/rates', {
      orderId: part.id,
      from,
      to,
      parcels: [{ ...parcels[0], weight: 0, massUnit: 'stone' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(expect.arrayContaining([{ path: 'parcels.0.weight', message: 'should be greater than 0' }]));
  });

  it('buys one label for ten concurrent requests, ships the order with its tracking and charges the vendor once', async () => {
    const part = await order();
    const [rate] = (await quote(s.vendor1, part.id)).json().rates;
    // Another vendor cannot buy a label for this order, even with its rate.
    expect((await caller(t, s.vendor2)('POST', '/api/shippo/label', { rateId: rate.id, orderId: part.id })).statusCode).toBe(404);
    expect(shippo.transactions()).toHaveLength(0);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => caller(t, s.vendor1)('POST', '/api/shippo/label', { rateId: rate.id, orderId: part.id })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.json().label.id));
    expect(ids.size).toBe(1);
    expect(shippo.transactions().filter((x) => x.rate === rate.id)).toHaveLength(1);
    const { label } = answers[0].json();
    expect(label).toMatchObject({
      status: 'purchased',
      carrier: 'USPS',
      service: 'Priority Mail',
      amount: '7.50',
      currency: 'USD',
      trackingNumber: shippo.transactions()[0].tracking_number,
    });

    const detail = (await caller(t, s.vendor1)('GET', `/api/orders/${part.id}`)).json().order;
    expect(detail.fulfillment).toBe('fulfilled');
    expect(detail.fulfillments).toEqual([
      expect.objectContaining({ carrier: 'USPS', tracking: label.trackingNumber, url: label.trackingUrl }),
    ]);
    expect(await labelCosts(part.id)).toEqual([{ amount: -750, currency: 'USD', reverses: null }]);
    const transactions = (await caller(t, s.vendor1)('GET', '/api/transactions?period=all&payment=label_cost')).json();
    expect(transactions.transactions[0]).toMatchObject({ kind: 'label_cost', amount: '-7.50', currency: 'USD' });

    const file = await caller(t, s.vendor1)('GET', label.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body).toContain('%PDF');
    expect((await caller(t, s.vendor2)('GET', label.fileUrl)).statusCode).toBe(404);
    const shipping = (await caller(t, s.vendor1)('GET', `/api/orders/${part.id}/shipping`)).json();
    expect(shipping.labels).toEqual([label]);
    expect((await caller(t, s.vendor2)('GET', `/api/orders/${part.id}/shipping`)).statusCode).toBe(404);

    // A second, different rate is refused while the label is in use.
    const other = (await quote(s.vendor1, part.id)).json().rates[1];
    expect((await caller(t, s.vendor1)('POST', '/api/shippo/label', { rateId: other.id, orderId: part.id })).json().message).toBe(
      'This order already has a label: void it to buy another',
    );
  });

  it('voids an unused label: the cost comes back, the order waits to ship again, and only the order’s vendor can do it', async () => {
    const part = await order();
    const [rate] = (await quote(s.vendor1, part.id)).json().rates;
    const { label } = (await caller(t, s.vendor1)('POST', '/api/shippo/label', { rateId: rate.id, orderId: part.id })).json();
    expect((await caller(t, s.vendor2)('POST', `/api/shippo/label/${label.id}/void`)).statusCode).toBe(404);
    const voided = await caller(t, s.vendor1)('POST', `/api/shippo/label/${label.id}/void`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().label).toMatchObject({ status: 'voided', voidedAt: expect.any(String) });
    expect((await labelCosts(part.id)).map((e) => e.amount).sort()).toEqual([-750, 750]);
    const detail = (await caller(t, s.vendor1)('GET', `/api/orders/${part.id}`)).json().order;
    expect(detail).toMatchObject({ fulfillment: 'unfulfilled', fulfillments: [] });
    expect((await caller(t, s.vendor1)('POST', `/api/shippo/label/${label.id}/void`)).json().message).toBe(
      'Only a purchased, unused label can be voided',
    );
    // A new label can be bought after the void.
    const [again] = (await quote(s.vendor1, part.id)).json().rates;
    expect((await caller(t, s.vendor1)('POST', '/api/shippo/label', { rateId: again.id, orderId: part.id })).statusCode).toBe(200);
  });

  it('a refund the provider settles later completes the void through a job', async () => {
    const part = await order();
    const [rate] = (await quote(s.vendor1, part.id)).json().rates;
    const { label } = (await caller(t, s.vendor1)('POST', '/api/shippo/label', { rateId: rate.id, orderId: part.id })).json();
    shippo.setRefundStatus('QUEUED');
    expect((await caller(t, s.vendor1)('POST', `/api/shippo/label/${label.id}/void`)).json().label.status).toBe('void_pending');
    expect(await labelCosts(part.id)).toHaveLength(1);
    shippo.setRefundStatus('SUCCESS');
    await t.ctx.jobs.drain();
    const shipping = (await caller(t, s.vendor1)('GET', `/api/orders/${part.id}/shipping`)).json();
    expect(shipping.labels[0].status).toBe('voided');
    expect((await labelCosts(part.id)).map((e) => e.amount).sort()).toEqual([-750, 750]);
  });

  it('a void whose answer is lost waits as void_pending; the job finds the refund on the purchase and completes it', async () => {
    const part = await order();
    const [rate] = (await quote(s.vendor1, part.id)).json().rates;
    const { label } = (await caller(t, s.vendor1)('POST', '/api/shippo/label', { rateId: rate.id, orderId: part.id })).json();
    shippo.loseNextRefundAnswer();
    expect((await caller(t, s.vendor1)('POST', `/api/shippo/label/${label.id}/void`)).json().label.status).toBe('void_pending');
    expect(await labelCosts(part.id)).toHaveLength(1);
    const refunds = shippo.requests.filter((r) => r.method === 'POST' && r.path === '/refunds/').length;
    await t.ctx.jobs.drain();
    // Found refunded on the purchase: not asked for a second time.
    expect(shippo.requests.filter((r) => r.method === 'POST' && r.path === '/refunds/').length).toBe(refunds);
    expect((await caller(t, s.vendor1)('GET', `/api/orders/${part.id}/shipping`)).json().labels[0].status).toBe('voided');
    expect((await labelCosts(part.id)).map((e) => e.amount).sort()).toEqual([-750, 750]);
  });

  it('after a lost answer, finds the label already bought for the rate instead of buying a second one', async () => {
    const part = await order();
    const [rate] = (await quote(s.vendor1, part.id)).json().rates;
    // The purchase reached the provider but its answer never came back to us.
    await t.ctx.shipping.account(MARKETPLACE_KEY).buyLabel(rate.id, 'lost');
    const res = await caller(t, s.vendor1)('POST', '/api/shippo/label', { rateId: rate.id, orderId: part.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(shippo.transactions().filter((x) => x.rate === rate.id)).toHaveLength(1);
    expect(res.json().label.trackingNumber).toBe(shippo.transactions().find((x) => x.rate === rate.id)!.tracking_number);
  });

  it('buys outside any transaction: other calls go on meanwhile, and an order cancelled during the purchase gets its label refunded', async () => {
    const part = await order();
    const [rate] = (await quote(s.vendor1, part.id)).json().rates;
    shippo.setPurchaseDelay(1500);
    let buying;
    try {
      buying = caller(t, s.vendor1)('POST', '/api/shippo/label', { rateId: rate.id, orderId: part.id });
      while (
        !shippo.requests.some((r) => r.method === 'POST' && r.path === '/transactions/' && (r.body as { rate?: string }).rate === rate.id)
      )
        await new Promise((resolve) => setTimeout(resolve, 20));
      const started = Date.now();
      const cancelled = await caller(t, s.admin)('POST', `/api/orders/${part.id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      shippo.setPurchaseDelay(0);
    }
    const res = await buying;
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order is cancelled');
    const bought = shippo.transactions().filter((x) => x.rate === rate.id);
    expect(bought.map((x) => x.status)).toEqual(['REFUNDED']);
    expect(await labelCosts(part.id)).toEqual([]);
    expect((await caller(t, s.vendor1)('GET', `/api/orders/${part.id}/shipping`)).json().labels).toEqual([
      expect.objectContaining({ status: 'voided', trackingNumber: '' }),
    ]);
  });

  it('a purchase whose answer is lost stays pending until the recovery finds and records it, bought once', async () => {
    const part = await order();
    const [rate] = (await quote(s.vendor1, part.id)).json().rates;
    shippo.loseNextPurchaseAnswer();
    const res = await caller(t, s.vendor1)('POST', '/api/shippo/label', { rateId: rate.id, orderId: part.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().label).toMatchObject({ status: 'pending', trackingNumber: '' });
    expect(shippo.transactions().filter((x) => x.rate === rate.id)).toHaveLength(1);
    expect(await labelCosts(part.id)).toEqual([]);
    // Its request may still be talking to the provider for a while: the recovery leaves it alone till then.
    expect(await recoverLabels(t.ctx)).toBe(0);
    clock = new Date(clock.getTime() + 5 * 60_000);
    try {
      expect(await recoverLabels(t.ctx)).toBe(1);
    } finally {
      clock = new Date('2026-11-25T10:00:00Z');
    }
    const [bought] = shippo.transactions().filter((x) => x.rate === rate.id);
    expect(shippo.transactions().filter((x) => x.rate === rate.id)).toHaveLength(1);
    const labels = (await caller(t, s.vendor1)('GET', `/api/orders/${part.id}/shipping`)).json().labels;
    expect(labels).toEqual([expect.objectContaining({ status: 'purchased', trackingNumber: bought.tracking_number })]);
    expect(await labelCosts(part.id)).toEqual([{ amount: -750, currency: 'USD', reverses: null }]);
    expect((await caller(t, s.vendor1)('GET', `/api/orders/${part.id}`)).json().order.fulfillment).toBe('fulfilled');
  });

  it('processes that recover at once (several starting together) buy a left-over label once: the first takes it over', async () => {
    const part = await order();
    const [quoted] = (await quote(s.vendor1, part.id)).json().rates;
    const [rate] = await t.db.select().from(shippingRates).where(eq(shippingRates.id, quoted.id));
    // A request that recorded its label and died before it called Shippo, an hour ago.
    const anHourAgo = new Date(clock.getTime() - 3_600_000);
    await t.db.insert(shippingLabels).values({
      storeId: 'demo',
      id: randomUUID(),
      vendorId: rate.vendorId,
      vendorOrderId: part.id,
      rateId: rate.id,
      keyOwner: rate.keyOwner,
      status: 'pending',
      carrier: rate.carrier,
      service: rate.service,
      amount: rate.amount,
      currency: rate.currency,
      createdAt: anHourAgo,
      attemptedAt: anHourAgo,
    });
    shippo.setPurchaseDelay(200);
    try {
      const recovered = await Promise.all([recoverLabels(t.ctx), recoverLabels(t.ctx), recoverLabels(t.ctx)]);
      expect(recovered.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      shippo.setPurchaseDelay(0);
    }
    expect(
      shippo
        .transactions()
        .filter((x) => x.rate === rate.id)
        .map((x) => x.status),
    ).toEqual(['SUCCESS']);
    expect((await caller(t, s.vendor1)('GET', `/api/orders/${part.id}/shipping`)).json().labels).toEqual([
      expect.objectContaining({ status: 'purchased' }),
    ]);
  });

  it('refuses a rate older than 7 days with a clear message', async () => {
    const part = await order();
    const [rate] = (await quote(s.vendor1, part.id)).json().rates;
    clock = new Date(clock.getTime() + 7 * DAY + 60_000);
    try {
      // A week later the morning's session is long gone: sign in again.
      const later = await t.login(DEMO_ACCOUNTS.vendor1);
      const res = await caller(t, later)('POST', '/api/shippo/label', { rateId: rate.id, orderId: part.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This rate is more than 7 days old and can no longer be bought: get new rates');
      expect(shippo.transactions().filter((x) => x.rate === rate.id)).toHaveLength(0);
    } finally {
      clock = new Date('2026-11-25T10:00:00Z');
    }
  });

  it('a vendor allowed its own account buys with it, and the marketplace takes no label cost', async () => {
    const admin = caller(t, s.admin);
    const delivery = {
      enabled: true,
      rateNames: [],
      shippo: { enabled: true },
      enableLiveRates: false,
      enableFlatRates: true,
      enableLocalPickup: false,
      enableRateNames: false,
      defaultShipping: { zones: [], enabled: false },
    };
    expect((await admin('PUT', '/api/settings/delivery', delivery)).statusCode).toBe(200);
    const vendor = caller(t, s.vendor1);
    expect((await vendor('PUT', '/api/shippo/api-key', { apiKey: VENDOR_KEY })).json()).toEqual({
      active: true,
      using: 'own',
      canConnect: true,
    });
    const part = await order();
    const [rate] = (await quote(s.vendor1, part.id)).json().rates;
    expect(shippo.requests.at(-1)).toBeDefined();
    expect((await vendor('POST', '/api/shippo/label', { rateId: rate.id, orderId: part.id })).statusCode).toBe(200);
    expect(await labelCosts(part.id)).toEqual([]);
    // The other vendor still uses the marketplace's account.
    expect((await caller(t, s.vendor2)('GET', '/api/shippo/api-key')).json()).toEqual({
      active: false,
      using: 'marketplace',
      canConnect: true,
    });
    expect((await vendor('DELETE', '/api/shippo/api-key')).json()).toEqual({ active: false, using: 'marketplace', canConnect: true });
    expect((await admin('PUT', '/api/settings/delivery', { ...delivery, shippo: { enabled: false } })).statusCode).toBe(200);
  });
});
