import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { PRODUCT_EXPORT_COLUMNS as EXPORT_COLUMNS } from '#shared/csv-columns';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { jobs, productExports, vendors } from '#server/db/schema/index';
import { EXPORT_TUNING, toCsv } from '../exports/csv-exports.ts';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { productInput, saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
});
afterAll(() => t.close());

const startExport = async (session: Session, query: string) => {
  const res = await caller(t, session)('POST', `/api/products/export?${query}`);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().exportId as string;
};
const statusOf = (session: Session, id: string) => caller(t, session)('GET', `/api/products/exports/${id}`);
const csvOf = (body: string) => Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('toCsv: spreadsheet formula injection', () => {
  it('prefixes cells starting with =, +, -, @, tab or carriage return with a single quote', () => {
    const rows = csvOf(
      toCsv(EXPORT_COLUMNS, [['=HYPERLINK("http://evil")', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '=1+1\nline two', 'plain', 'a=b']], false),
    );
    expect(rows).toEqual([['\'=HYPERLINK("http://evil")', "'+1", "'-2", "'@SUM(A1)", "'\tx", "'\rx", "'=1+1\nline two", 'plain', 'a=b']]);
  });
});

describe('POST /api/products/export', () => {
  it('runs as a job: 202, progress, then a CSV of the filtered list with escaped cells, one row per variant', async () => {
    await saveProduct(
      t,
      s.vendor1,
      productInput({
        title: '=HYPERLINK("http://evil.test","click")',
        bodyHtml: '+SUM(1,2)',
        status: 'ACTIVE',
        media: [{ src: '/api/cdn/files/demo/product-images/a.png' }, { src: 'https://cdn.test/b.png' }],
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { price: '19.99', stock: 3, trackStock: true, options: ['S'], sku: '@S' },
          { price: '21', stock: 0, options: ['M'], sku: '-M', compareAt: '30' },
        ],
      }),
    );
    await saveProduct(t, s.vendor1, productInput({ title: 'Draft mug' }));
    await saveProduct(t, s.vendor2, productInput({ title: 'Other vendor mug', status: 'ACTIVE' }));

    const id = await startExport(s.vendor1, 'status=ACTIVE&after=ignored');
    expect((await statusOf(s.vendor1, id)).json()).toMatchObject({ exportId: id, status: 'pending', progress: 0 });
    await t.ctx.jobs.drain();
    const done = (await statusOf(s.vendor1, id)).json();
    expect(done).toMatchObject({ status: 'done', progress: 100, rows: 1, total: 1, url: `/api/products/exports/${id}/download` });
    // The requester hears of it once, with a link that opens the export in the app (the file itself needs the session).
    const mails = (await t.mailsTo(DEMO_ACCOUNTS.vendor1)).filter((m) => m.template === 'export-ready');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your products export is ready');
    expect(mails[0].html).toContain(`/app/products?export=${id}`);

    const file = await caller(t, s.vendor1)('GET', done.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = csvOf(file.body);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows).toHaveLength(2);
    const row = (r: string[]) => Object.fromEntries(header.map((h, i) => [h, r[i]]));
    expect(row(rows[0])).toMatchObject({
      Title: '\'=HYPERLINK("http://evil.test","click")',
      Description: "'+SUM(1,2)",
      Vendor: 'Vendor One',
      Status: 'ACTIVE',
      SKU: "'@S",
      Price: '19.99',
      Stock: '3',
      Images: 'http://127.0.0.1:3000/api/cdn/files/demo/product-images/a.png https://cdn.test/b.png',
      'Option1 Name': 'Size',
      'Option1 Value': 'S',
    });
    expect(row(rows[1])).toMatchObject({ SKU: "'-M", Price: '21.00', 'Compare Price': '30.00', Stock: 'Untracked', 'Option1 Value': 'M' });
  });

  it('writes large exports in parts over several job runs and streams them back as one file', async () => {
    const [bulk] = await t.db.insert(vendors).values({ storeId: 'demo', name: 'Bulk Vendor' }).returning();
    await t.db.execute(sql`
      insert into products (store_id, vendor_id, handle, title, status, updated_at, currency)
      select 'demo', ${bulk.id}::uuid, 'bulk-' || g, 'Bulk ' || g, 'DRAFT', now() - g * interval '1 second', 'USD'
      from generate_series(1, 9) g`);
    const tuning = { ...EXPORT_TUNING };
    Object.assign(EXPORT_TUNING, { pageSize: 2, pagesPerRun: 2 });
    try {
      const id = await startExport(s.admin, 'status=DRAFT&vendor=Bulk%20Vendor');
      const runs = await t.ctx.jobs.drain();
      expect(runs).toBeGreaterThanOrEqual(3);
      const [row] = await t.db.select().from(productExports).where(eq(productExports.id, id));
      expect(row).toMatchObject({ status: 'done', parts: 5, rowCount: 9, total: 9 });
      const file = await caller(t, s.admin)('GET', `/api/products/exports/${id}/download`);
      const [header, ...rows] = csvOf(file.body);
      expect(header[0]).toBe('ID');
      expect(rows.map((r) => r[2])).toEqual(Array.from({ length: 9 }, (_, i) => `Bulk ${i + 1}`));
    } finally {
      Object.assign(EXPORT_TUNING, tuning);
    }
  });

  it("an export is its requester's: another vendor, and another user, get 404 for its state and its file", async () => {
    const id = await startExport(s.vendor1, 'status=ALL');
    await t.ctx.jobs.drain();
    for (const other of [s.vendor2, s.admin]) {
      expect((await statusOf(other, id)).statusCode).toBe(404);
      expect((await caller(t, other)('GET', `/api/products/exports/${id}/download`)).statusCode).toBe(404);
    }
    expect((await statusOf(s.vendor1, 'not-an-id')).statusCode).toBe(404);
  });

  it('a download before the file is ready is a 409; an empty list still has its header', async () => {
    const id = await startExport(s.vendor2, 'status=ARCHIVED');
    const early = await caller(t, s.vendor2)('GET', `/api/products/exports/${id}/download`);
    expect(early.statusCode).toBe(409);
    await t.ctx.jobs.drain();
    const file = await caller(t, s.vendor2)('GET', `/api/products/exports/${id}/download`);
    expect(csvOf(file.body)).toEqual([[...EXPORT_COLUMNS]]);
    expect(await t.db.select().from(jobs).where(eq(jobs.status, 'failed'))).toEqual([]);
  });

  it('exports what the list shows: the "Waiting for approval" view leaves approved and archived products out', async () => {
    await saveProduct(t, s.vendor2, productInput({ title: 'Waiting mug', status: 'ACTIVE' }));
    await saveProduct(t, s.vendor2, productInput({ title: 'Approved mug', status: 'ACTIVE' }));
    await saveProduct(t, s.vendor2, productInput({ title: 'Archived mug', status: 'ARCHIVED' }));
    await t.db.execute(sql`update products set approved = true where title = 'Approved mug'`);
    const id = await startExport(s.admin, 'status=ALL&approval=waiting&vendor=Vendor%20Two');
    await t.ctx.jobs.drain();
    const file = await caller(t, s.admin)('GET', `/api/products/exports/${id}/download`);
    const [header, ...rows] = csvOf(file.body);
    const titles = rows.map((r) => r[header.indexOf('Title')]).sort();
    expect(titles).toContain('Waiting mug');
    expect(titles).not.toContain('Approved mug');
    expect(titles).not.toContain('Archived mug');
    expect(rows.every((r) => r[header.indexOf('Approved')] === 'false')).toBe(true);
  });
});
