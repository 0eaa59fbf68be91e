import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { ledgerEntries, productVariants, vendors } from '#server/db/schema/index';
import { EXPORT_TUNING } from '../exports/csv-exports.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { markPaid } from '../../../../test/support/orders.ts';
import { ALL_TRANSACTIONS_COLUMNS, SALES_REPORT_COLUMNS } from './export-transactions.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  expect(
    (
      await caller(t, s.admin)('POST', '/api/settings/delivery/zone', {
        zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] },
      })
    ).statusCode,
  ).toBe(201);
  for (const [title, vendor, price] of [
    ['Mug', 'Vendor One', '20.00'],
    ['Lamp', 'Vendor Two', '90.00'],
  ]) {
    const id = await saveProduct(t, s.admin, {
      title,
      vendor,
      status: 'ACTIVE',
      variants: [{ price, stock: 50, sku: title.toUpperCase() }],
    });
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      payload: {
        store: 'demo',
        checkoutId: randomUUID(),
        email: 'a@b.example',
        address: { name: 'A', street1: '1 St', city: 'Utrecht', zip: '1', country: 'NL' },
        lines: [{ variantId: variant.id, quantity: 2 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await markPaid(t, s.admin, res.json().orderId);
  }
});
afterAll(() => t.close());

async function exported(session: Session, query: string) {
  const started = await caller(t, session)('POST', `/api/transactions/export?${query}`);
  expect(started.statusCode, started.body).toBe(202);
  const { exportId } = started.json();
  await t.ctx.jobs.drain();
  const status = (await caller(t, session)('GET', `/api/transactions/exports/${exportId}`)).json();
  expect(status).toMatchObject({ status: 'done', progress: 100 });
  const file = await caller(t, session)('GET', status.url);
  const [header, ...rows] = Papa.parse<string[]>(file.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  return { exportId, status, header, rows };
}

describe('POST transactions/export', () => {
  it('exports every filtered entry in pages, a vendor its own whatever it asks; admins also a sales report per vendor; others cannot read it', async () => {
    const tuning = { ...EXPORT_TUNING };
    Object.assign(EXPORT_TUNING, { pageSize: 2, pagesPerRun: 1 });
    try {
      const [one] = await t.db.select().from(vendors).where(eq(vendors.name, 'Vendor One'));
      const ownEntries = (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.vendorId, one.id))).filter((e) => e.amount !== 0);

      // A vendor asking for another vendor's entries still gets its own.
      const own = await exported(s.vendor1, 'period=all&requestedVendor=Vendor%20Two');
      expect(own.header).toEqual([...ALL_TRANSACTIONS_COLUMNS]);
      expect(own.rows).toHaveLength(ownEntries.length);
      expect(own.status.rows).toBe(ownEntries.length);
      expect(new Set(own.rows.map((r) => r[2]))).toEqual(new Set(['Vendor One']));
      expect(own.rows.map((r) => r[3]).sort()).toEqual(ownEntries.map((e) => e.kind).sort());
      expect((await caller(t, s.vendor2)('GET', `/api/transactions/exports/${own.exportId}`)).statusCode).toBe(404);
      expect((await caller(t, s.vendor2)('GET', `/api/transactions/exports/${own.exportId}/download`)).statusCode).toBe(404);
      expect((await caller(t, s.vendor1)('GET', `/api/orders/exports/${own.exportId}`)).statusCode).toBe(404);
      const [mail] = (await t.mailsTo(DEMO_ACCOUNTS.vendor1)).filter((m) => m.template === 'export-ready');
      expect(mail.html).toContain(`/app/finance?export=${own.exportId}`);

      // The report is an admin's: a vendor asking for it is refused, and nothing is queued.
      expect((await caller(t, s.vendor1)('POST', '/api/transactions/export?adminExport=sales-report')).statusCode).toBe(403);
      expect((await caller(t, s.admin)('POST', '/api/transactions/export?adminExport=everything')).statusCode).toBe(400);

      const report = await exported(s.admin, 'period=all&adminExport=sales-report');
      expect(report.header).toEqual([...SALES_REPORT_COLUMNS]);
      const byVendor = Object.fromEntries(report.rows.map((r) => [r[0], r]));
      expect(Object.keys(byVendor).sort()).toEqual(['Vendor One', 'Vendor Two']);
      expect(byVendor['Vendor One'].slice(1, 4)).toEqual(['USD', String(ownEntries.length), '40.00']);
      expect(byVendor['Vendor Two'][3]).toBe('180.00');
      // Net is the entries that count in the payout: what the list's aggs call net.
      const aggs = (await caller(t, s.admin)('GET', '/api/transactions?period=all&requestedVendor=Vendor%20One')).json().aggs[0];
      expect(byVendor['Vendor One'][13]).toBe(aggs.net);

      const filtered = await exported(s.admin, 'period=all&payment=commission&requestedVendor=Vendor%20Two&adminExport=all-transactions');
      expect(filtered.rows.map((r) => [r[2], r[3]])).toEqual([['Vendor Two', 'commission']]);
    } finally {
      Object.assign(EXPORT_TUNING, tuning);
    }
  });
});
