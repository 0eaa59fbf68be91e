import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, inArray } from 'drizzle-orm';
import Papa from 'papaparse';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { productLogs, products, productVariants, vendors } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

/** Export, edit, import: our own product export is a file the import takes back. */
let t: TestApp;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
});
afterAll(() => t.close());

async function exportCsv(session: Session): Promise<string> {
  const started = await caller(t, session)('POST', '/api/products/export?status=ALL');
  expect(started.statusCode, started.body).toBe(202);
  await t.ctx.jobs.drain();
  const { url } = (await caller(t, session)('GET', `/api/products/exports/${started.json().exportId}`)).json();
  return (await caller(t, session)('GET', url)).body;
}

async function importCsv(session: Session, file: string) {
  const { url, importId } = (await caller(t, session)('PUT', '/api/product-csv/upload?name=export.csv')).json();
  const checked = await t.app.inject({ method: 'PUT', url, headers: { ...session.headers, 'content-type': 'text/csv' }, payload: file });
  expect(checked.statusCode, checked.body).toBe(200);
  expect(checked.json()).toMatchObject({ format: 'marketplace', errors: [] });
  expect((await caller(t, session)('POST', `/api/product-csv/imports/${importId}/confirm`)).statusCode).toBe(202);
  await t.ctx.jobs.drain();
  return (await caller(t, session)('GET', `/api/product-csv/imports/${importId}`)).json();
}

async function vendorCatalog(vendorName: string) {
  const [vendor] = await t.db.select().from(vendors).where(eq(vendors.name, vendorName));
  const rows = await t.db.select().from(products).where(eq(products.vendorId, vendor.id)).orderBy(asc(products.handle));
  const ids = rows.map((p) => p.id);
  const variants = await t.db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const [logs] = await t.db.select({ n: count() }).from(productLogs).where(inArray(productLogs.productId, ids));
  return { products: rows.map(({ search: _search, ...p }) => p), variants, logs: logs.n };
}

/** Rewrites one cell of the exported file, as a person in a spreadsheet would. */
function editCell(file: string, match: (row: Record<string, string>) => boolean, column: string, value: string): string {
  const parsed = Papa.parse<Record<string, string>>(file.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  const row = parsed.data.find(match)!;
  row[column] = value;
  return Papa.unparse(parsed.data, { columns: parsed.meta.fields });
}

describe('our product export, imported again', () => {
  it('changes nothing as it is; an edited price updates just that variant; Approved and Updated At are read-only', async () => {
    const lamp = await saveProduct(t, s.vendor1, {
      title: '=Lamp "Oak", large',
      bodyHtml: '<p>Oak,\nlinen</p>',
      status: 'ACTIVE',
      seo: { title: 'Oak lamp', description: 'Solid oak' },
      media: [
        { src: '/api/cdn/files/demo/product-images/lamp.png', alt: 'Our photo' },
        { src: 'https://cdn.test/lamp-2.png', alt: 'Side' },
      ],
      metafields: [{ namespace: 'custom', key: 'material', value: 'Oak' }],
      options: [{ name: 'Shade', values: ['White', 'Black'] }],
      variants: [
        {
          sku: '-LAMP-W',
          barcode: '0889842081255',
          price: '129.00',
          compareAt: '149.00',
          stock: 7,
          trackStock: true,
          weight: 1.85,
          weightUnit: 'KILOGRAMS',
          options: ['White'],
          taxable: false,
          dimensions: { width: 20, height: 40, length: 20, dimUnit: 'cm' },
        },
        {
          sku: '',
          price: '129.00',
          stock: 4,
          trackStock: false,
          weight: 4,
          weightUnit: 'POUNDS',
          options: ['Black'],
          requiresShipping: false,
        },
      ],
    });
    await saveProduct(t, s.vendor1, { title: 'Mug', variants: [{ sku: 'MUG-1', price: '12', stock: 3, trackStock: true }] });
    const before = await vendorCatalog('Vendor One');
    expect(before.products.map((p) => p.approved)).toEqual([false, false]);

    const file = await exportCsv(s.vendor1);
    expect(await importCsv(s.vendor1, file)).toMatchObject({ status: 'done', created: 0, updated: 0, failed: [] });
    expect(await vendorCatalog('Vendor One')).toEqual(before);

    // One price edited in the file: that variant alone changes, with one log entry.
    const edited = editCell(file, (r) => r.SKU === "'-LAMP-W", 'Price', '119.00');
    expect(await importCsv(s.vendor1, edited)).toMatchObject({ status: 'done', created: 0, updated: 1, failed: [] });
    const after = await vendorCatalog('Vendor One');
    expect(after.logs).toBe(before.logs + 1);
    expect(after.variants.find((v) => v.sku === '-LAMP-W')?.price).toBe(11900);
    const unchanged = (c: typeof before) => c.variants.filter((v) => v.sku !== '-LAMP-W');
    expect(unchanged(after)).toEqual(unchanged(before));
    const lampAfter = after.products.find((p) => p.id === lamp)!;
    const lampBefore = before.products.find((p) => p.id === lamp)!;
    expect({ ...lampAfter, updatedAt: null, priceMin: null }).toEqual({ ...lampBefore, updatedAt: null, priceMin: null });

    // A vendor cannot approve its own product through the file.
    const approved = editCell(await exportCsv(s.vendor1), (r) => r.Title === 'Mug', 'Approved', 'true');
    const sneaky = editCell(approved, (r) => r.Title === 'Mug', 'Updated At', '2001-01-01T00:00:00.000Z');
    expect(await importCsv(s.vendor1, sneaky)).toMatchObject({ status: 'done', created: 0, updated: 0 });
    const [mug] = await t.db.select().from(products).where(eq(products.title, 'Mug'));
    expect(mug.approved).toBe(false);
    expect(mug.updatedAt).toEqual(before.products.find((p) => p.title === 'Mug')!.updatedAt);
  });

  it("an admin's export of several vendors imports back unchanged", async () => {
    await saveProduct(t, s.vendor2, { title: 'Vase', variants: [{ sku: 'VASE-1', price: '30', stock: 1, trackStock: true }] });
    const before = [await vendorCatalog('Vendor One'), await vendorCatalog('Vendor Two')];
    expect(await importCsv(s.admin, await exportCsv(s.admin))).toMatchObject({ status: 'done', created: 0, updated: 0, failed: [] });
    expect([await vendorCatalog('Vendor One'), await vendorCatalog('Vendor Two')]).toEqual(before);
  });
});
