import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNUAL_REPORT_COLUMNS } from '#shared/schemas/statements';
import { createTestApp, DEMO_STORE, type TestApp } from '../../../../test/support/test-app.ts';
import { ledgerEntries, orderLines, productVariants, vendorOrders, vendors } from '#server/db/schema/index';
import { EXPORT_TUNING } from '../exports/csv-exports.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { markPaid } from '../../../../test/support/orders.ts';

// Orders of 2031 on a clock of its own, so the demo's orders are in other years.
const NOW = new Date('2031-06-15T12:00:00Z');
let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let vendorOne: string;
let vendorTwo: string;
let variantId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  s = await demoSessions(t);
  const admin = caller(t, s.admin);
  expect((await admin('PATCH', '/api/app/info/features', { features: { timeZone: 'Europe/Amsterdam' } })).statusCode).toBe(200);
  expect(
    (
      await admin('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  const id = await saveProduct(t, s.admin, {
    title: 'Mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 50, sku: 'MUG' }],
  });
  [{ id: variantId }] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, id));
  const vendorId = async (name: string) =>
    (
      await t.db
        .select({ id: vendors.id })
        .from(vendors)
        .where(and(eq(vendors.storeId, DEMO_STORE), eq(vendors.name, name)))
    )[0].id;
  [vendorOne, vendorTwo] = await Promise.all([vendorId('Vendor One'), vendorId('Vendor Two')]);
});
afterAll(() => t.close());

async function paidOrder(quantity: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'a@b.example',
      address: { name: 'A', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
      lines: [{ variantId, quantity }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  await markPaid(t, s.admin, res.json().orderId);
  const [part] = await t.db.select({ id: vendorOrders.id }).from(vendorOrders).where(eq(vendorOrders.orderId, res.json().orderId));
  return part.id;
}

async function exported(session: Session, year: string) {
  const started = await caller(t, session)('POST', `/api/annual-report/export?year=${year}`);
  expect(started.statusCode, started.body).toBe(202);
  await t.ctx.jobs.drain();
  const status = (await caller(t, session)('GET', `/api/annual-report/exports/${started.json().exportId}`)).json();
  expect(status).toMatchObject({ status: 'done', progress: 100 });
  const file = await caller(t, session)('GET', status.url);
  return Papa.parse<string[]>(file.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
}

describe('the annual seller report', () => {
  it('has per vendor and currency the year’s gross sales, number of sales, refunds, fees and payouts with the vendor’s tax details', async () => {
    const vendor = caller(t, s.vendor1);
    expect(
      (
        await vendor('PUT', '/api/settings/tax-details', {
          legalName: 'One Pottery B.V.',
          taxId: 'NL123456789B01',
          address: 'Main 1, 3511 AB Utrecht',
          country: 'nl',
        })
      ).statusCode,
    ).toBe(200);
    // A key left out keeps its value; an empty one clears it.
    expect((await vendor('PUT', '/api/settings/tax-details', { address: 'Oudegracht 2, 3511 AB Utrecht' })).statusCode).toBe(200);
    expect((await vendor('GET', '/api/settings')).json().vendorSettings.taxDetails).toEqual({
      legalName: 'One Pottery B.V.',
      taxId: 'NL123456789B01',
      address: 'Oudegracht 2, 3511 AB Utrecht',
      country: 'NL',
    });
    const bad = await vendor('PUT', '/api/settings/tax-details', { country: 'Netherlands' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Must be a 2-letter country code']);
    expect((await caller(t, s.admin)('PUT', '/api/settings/tax-details', { legalName: 'x' })).statusCode).toBe(400);

    await paidOrder(2);
    const refunded = await paidOrder(1);
    const [line] = await t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.vendorOrderId, refunded));
    expect(
      (await caller(t, s.admin)('POST', `/api/orders/${refunded}/refunds`, { lines: [{ id: line.id, quantity: 1 }] })).statusCode,
    ).toBe(201);
    const cancelled = await paidOrder(1);
    expect((await caller(t, s.admin)('POST', `/api/orders/${cancelled}/cancel`)).statusCode).toBe(200);
    // A payout and entries just outside the year on the store's clock (Amsterdam is UTC+1 in winter).
    await t.db.insert(ledgerEntries).values([
      {
        storeId: DEMO_STORE,
        vendorId: vendorOne,
        currency: 'USD',
        amount: -1_000,
        kind: 'manual_payment',
        inPayout: true,
        inSales: false,
        occurredAt: new Date('2031-03-01T10:00:00Z'),
      },
      {
        storeId: DEMO_STORE,
        vendorId: vendorOne,
        currency: 'USD',
        amount: 99_900,
        kind: 'sale',
        inPayout: true,
        inSales: true,
        occurredAt: new Date('2030-12-31T22:59:59Z'),
      },
      {
        storeId: DEMO_STORE,
        vendorId: vendorOne,
        currency: 'USD',
        amount: 77_700,
        kind: 'sale',
        inPayout: true,
        inSales: true,
        occurredAt: new Date('2031-12-31T23:00:00Z'),
      },
      {
        storeId: DEMO_STORE,
        vendorId: vendorOne,
        currency: 'EUR',
        amount: -250,
        kind: 'adjustment',
        inPayout: true,
        inSales: false,
        occurredAt: new Date('2030-12-31T23:00:00Z'),
      },
      {
        storeId: DEMO_STORE,
        vendorId: vendorTwo,
        currency: 'USD',
        amount: -500,
        kind: 'manual_payment',
        inPayout: true,
        inSales: false,
        occurredAt: new Date('2031-02-01T10:00:00Z'),
      },
    ]);

    const tuning = { ...EXPORT_TUNING };
    Object.assign(EXPORT_TUNING, { pageSize: 1, pagesPerRun: 1 });
    try {
      const [header, ...rows] = await exported(s.admin, '2031');
      expect(header).toEqual([...ANNUAL_REPORT_COLUMNS]);
      const details = ['Vendor One', 'One Pottery B.V.', 'NL123456789B01', 'Oudegracht 2, 3511 AB Utrecht', 'NL', '2031'];
      // One vendor a page (in id order), each with a row per currency.
      expect(rows.sort((a, b) => a[0].localeCompare(b[0]))).toEqual([
        // Entries of the first minute of the year on the store's clock count; a currency stays apart.
        [...details, 'EUR', '0.00', '0', '0.00', '2.50', '0.00'],
        // Four mugs of 20.00 sold in three orders, one cancelled (60.00 in two sales), one refunded; 10% commission kept on the two not refunded; 10.00 paid.
        [...details, 'USD', '60.00', '2', '20.00', '4.00', '10.00'],
        // A vendor without tax details: empty cells.
        ['Vendor Two', '', '', '', '', '2031', 'USD', '0.00', '0', '0.00', '0.00', '5.00'],
      ]);
    } finally {
      Object.assign(EXPORT_TUNING, tuning);
    }
  });

  it('is an admin’s, for a year', async () => {
    expect((await caller(t, s.vendor1)('POST', '/api/annual-report/export?year=2031')).statusCode).toBe(403);
    const bad = await caller(t, s.admin)('POST', '/api/annual-report/export?year=31');
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Must be a year like 2025']);
  });
});
