import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { productLogs, products, productVariants } from '#server/db/schema/index';

/**
 * The platform's own files (test/fixtures/csv, written the way its exports write them) through the
 * real API: upload, validation, confirmed import job; then the same file again, which changes nothing.
 */
let t: TestApp;
type Session = Awaited<ReturnType<TestApp['login']>>;
let vendor1: Session;
let vendor2: Session;
beforeAll(async () => {
  t = await createTestApp();
  [vendor1, vendor2] = await Promise.all([t.login(DEMO_ACCOUNTS.vendor1), t.login(DEMO_ACCOUNTS.vendor2)]);
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/csv/${name}`, import.meta.url));
const IMG = 'https://cdn.shopify.com/s/files/1/0612/3456/7890/files/';

async function importFile(file: Buffer, name: string, session = vendor1) {
  const start = await t.app.inject({ method: 'PUT', url: `/api/product-csv/upload?name=${name}`, headers: session.headers });
  const { url, importId } = start.json();
  const checked = await t.app.inject({ method: 'PUT', url, headers: { ...session.headers, 'content-type': 'text/csv' }, payload: file });
  expect(checked.statusCode, checked.body).toBe(200);
  const confirmed = await t.app.inject({ method: 'POST', url: `/api/product-csv/imports/${importId}/confirm`, headers: session.headers });
  expect(confirmed.statusCode, confirmed.body).toBe(202);
  await t.ctx.jobs.drain();
  const done = await t.app.inject({ method: 'GET', url: `/api/product-csv/imports/${importId}`, headers: session.headers });
  return { checked: checked.json(), done: done.json() };
}

/** Everything an import writes, by handle: the product, its variants, its change log. */
async function catalog(handles: string[]) {
  const rows = await t.db.select().from(products).where(inArray(products.handle, handles));
  const ids = rows.map((p) => p.id);
  const variants = await t.db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.position));
  const [logs] = await t.db.select({ n: count() }).from(productLogs).where(inArray(productLogs.productId, ids));
  const byHandle = Object.fromEntries(
    rows.map((p) => [
      p.handle,
      {
        ...p,
        media: p.media.map((m) => ({ src: m.src, alt: m.alt })),
        variants: variants
          .filter((v) => v.productId === p.id)
          .map((v) => ({
            sku: v.sku,
            barcode: v.barcode,
            price: v.price,
            compareAt: v.compareAt,
            weight: v.weight,
            weightUnit: v.weightUnit,
            trackStock: v.trackStock,
            stock: v.stock,
            requiresShipping: v.requiresShipping,
            taxable: v.taxable,
            options: v.options,
            media: v.media.map((m) => m.src),
          })),
      },
    ]),
  );
  return {
    byHandle,
    productCount: rows.length,
    variantCount: variants.length,
    logCount: logs.n,
    updatedAt: rows.map((p) => [p.id, p.updatedAt.toISOString()]).sort(),
  };
}

/** Imports a file, checks what it wrote, imports it again and checks nothing changed. */
async function importTwice(name: string, handles: string[], session = vendor1) {
  const first = await importFile(fixture(name), name, session);
  expect(first.done).toMatchObject({ status: 'done', failed: [] });
  const before = await catalog(handles);
  expect(before.productCount).toBe(handles.length);
  const again = await importFile(fixture(name), name, session);
  expect(again.checked).toMatchObject({ errorCount: 0, productCount: handles.length });
  expect(again.done).toMatchObject({ status: 'done', created: 0, updated: 0, failed: [] });
  const after = await catalog(handles);
  expect(after).toEqual(before);
  return { first, catalog: before.byHandle };
}

describe('the platform classic export of a store without SKUs', () => {
  it('imports every product, variant, price, stock, image and SEO field; the same file again changes nothing', async () => {
    const { first, catalog } = await importTwice('platform-classic-no-skus.csv', ['linen-shirt', 'stoneware-mug']);
    expect(first.checked).toMatchObject({
      format: 'platform-classic',
      rowCount: 5,
      productCount: 2,
      errorCount: 0,
      errors: [],
      warnings: [],
    });
    expect(first.done).toMatchObject({ created: 2, updated: 0 });

    const shirt = catalog['linen-shirt'];
    expect(shirt).toMatchObject({
      title: 'Linen Shirt',
      bodyHtml: '<p>Washed linen, cut loose.</p>\n<p>Our "everyday" shirt: breathable, soft, and made to last.</p>',
      status: 'ACTIVE',
      approved: false,
      seo: { title: 'Linen Shirt | Atelier Nord', description: 'A washed linen shirt, cut loose.' },
      // Named on the first row only; the following rows inherit the names.
      options: [
        { name: 'Size', values: ['S', 'M', 'L'] },
        { name: 'Color', values: ['Sand', 'Stone'] },
      ],
      metafields: [],
    });
    // In Image Position order, the image-only row's included; the variant image is also the product's.
    expect(shirt.media).toEqual([
      { src: `${IMG}linen-front.jpg?v=1700000000`, alt: 'Linen shirt, front' },
      { src: `${IMG}linen-back.jpg?v=1700000002`, alt: 'Linen shirt, "back" view' },
      { src: `${IMG}linen-detail.jpg?v=1700000003`, alt: 'Collar, buttons' },
      { src: `${IMG}linen-sand.jpg?v=1700000001`, alt: '' },
    ]);
    const shared = { sku: '', weightUnit: 'KILOGRAMS', requiresShipping: true };
    expect(shirt.variants).toEqual([
      {
        ...shared,
        barcode: '3212483',
        price: 4900,
        compareAt: 5900,
        weight: 0.22,
        trackStock: true,
        stock: 4,
        taxable: true,
        options: ['S', 'Sand'],
        media: [`${IMG}linen-sand.jpg?v=1700000001`],
      },
      {
        ...shared,
        barcode: '3212484',
        price: 4900,
        compareAt: 5900,
        weight: 0.23,
        trackStock: true,
        stock: 0,
        taxable: true,
        options: ['M', 'Sand'],
        media: [`${IMG}linen-sand.jpg?v=1700000001`],
      },
      // An empty inventory tracker: stock not tracked; booleans in lower case.
      {
        ...shared,
        barcode: '',
        price: 5250,
        compareAt: null,
        weight: 0.24,
        trackStock: false,
        stock: 0,
        taxable: false,
        options: ['L', 'Stone'],
        media: [],
      },
    ]);

    const mug = catalog['stoneware-mug'];
    // "Title: Default Title" is a product without options; Published FALSE with Status draft.
    expect(mug).toMatchObject({
      title: 'Stoneware Mug',
      bodyHtml: '<p>Holds 350 ml, dishwasher safe.</p>',
      status: 'DRAFT',
      options: [],
      seo: { title: '', description: '' },
      media: [{ src: `${IMG}mug.jpg`, alt: '' }],
    });
    // 454 g shown in pounds.
    expect(mug.variants).toEqual([
      {
        sku: '',
        barcode: '',
        price: 1850,
        compareAt: null,
        weight: 1,
        weightUnit: 'POUNDS',
        trackStock: false,
        stock: 0,
        requiresShipping: true,
        taxable: false,
        options: [],
        media: [],
      },
    ]);
  });
});

describe('the platform current export, CRLF line endings and a byte order mark', () => {
  it('imports SKUs, barcodes, metafields, grams in each display unit and variant images; the same file again changes nothing', async () => {
    const raw = fixture('platform-current-crlf-bom.csv');
    expect([raw.subarray(0, 3).toString('hex'), raw.includes('\r\n'), raw.toString('utf8').replace(/\r\n/g, '').includes('\n')]).toEqual([
      'efbbbf',
      true,
      false,
    ]);
    const { first, catalog } = await importTwice('platform-current-crlf-bom.csv', ['oak-desk-lamp', 'ceramic-vase']);
    expect(first.checked).toMatchObject({ format: 'platform-current', rowCount: 7, productCount: 2, errorCount: 0, warnings: [] });

    const lamp = catalog['oak-desk-lamp'];
    expect(lamp).toMatchObject({
      title: 'Oak Desk Lamp',
      bodyHtml: '<p>Solid oak base, linen shade, 2 m cable.</p>\r\n<ul><li>E27, max. 40 W</li><li>Made in Portugal</li></ul>',
      status: 'ACTIVE',
      seo: { title: 'Oak Desk Lamp', description: 'Solid oak, linen shade.' },
      options: [{ name: 'Shade', values: ['White, linen', 'Black'] }],
    });
    expect(lamp.metafields.map((m) => [m.namespace, m.key, m.value])).toEqual([
      ['custom', 'material', 'Oak; linen'],
      ['shopify', 'color-pattern', 'gid://shopify/Metaobject/123'],
    ]);
    expect(lamp.media).toEqual([
      { src: `${IMG}lamp-white.jpg`, alt: 'Lamp, white shade' },
      { src: `${IMG}lamp-black.jpg`, alt: 'Lamp, black shade' },
      { src: `${IMG}lamp-detail.jpg`, alt: '' },
    ]);
    const lampVariant = {
      price: 12900,
      compareAt: 14900,
      weight: 1.85,
      weightUnit: 'KILOGRAMS',
      trackStock: true,
      requiresShipping: true,
      taxable: true,
    };
    expect(lamp.variants).toEqual([
      { ...lampVariant, sku: 'LAMP-OAK-W', barcode: '0889842081255', stock: 7, options: ['White, linen'], media: [`${IMG}lamp-white.jpg`] },
      // The platform lets stock go below zero (oversold): none left here.
      { ...lampVariant, sku: 'LAMP-OAK-B', barcode: '0889842081262', stock: 0, options: ['Black'], media: [`${IMG}lamp-black.jpg`] },
    ]);

    const vase = catalog['ceramic-vase'];
    expect(vase).toMatchObject({
      title: 'Ceramic Vase',
      bodyHtml: 'Wheel thrown, glazed inside.',
      status: 'DRAFT',
      options: [
        { name: 'Size', values: ['Small', 'Large'] },
        { name: 'Glaze', values: ['Matt', 'Gloss'] },
      ],
      media: [{ src: `${IMG}vase.jpg`, alt: 'Ceramic vase' }],
      metafields: [],
    });
    expect(
      vase.variants.map((v) => [v.sku, v.price, v.weight, v.weightUnit, v.trackStock, v.stock, v.taxable, v.requiresShipping, v.options]),
    ).toEqual([
      ['VASE-S-MATT', 3500, 31.7, 'OUNCES', true, 3, true, true, ['Small', 'Matt']],
      ['VASE-S-GLOSS', 3800, 31.7, 'OUNCES', true, 1, true, true, ['Small', 'Gloss']],
      ['VASE-L-MATT', 5500, 2100, 'GRAMS', false, 0, false, false, ['Large', 'Matt']],
      ['VASE-L-GLOSS', 5800, 4.63, 'POUNDS', true, 2, true, true, ['Large', 'Gloss']],
    ]);
  });
});

describe('an older classic export (no Status column)', () => {
  it('reads Published as the status and warns about a barcode a spreadsheet mangled', async () => {
    const { first, catalog } = await importTwice('platform-classic-2019.csv', ['canvas-tote', 'paper-notebook']);
    expect(first.checked.warnings).toEqual([
      { line: 2, column: 'barcode', message: 'The barcode 3.65275E+11 was changed by a spreadsheet program; it was not imported' },
    ]);
    expect(catalog['canvas-tote']).toMatchObject({ status: 'ACTIVE', options: [], bodyHtml: 'Heavy canvas, inside pocket' });
    expect(catalog['canvas-tote'].variants).toMatchObject([
      { sku: 'TOTE-1', barcode: '', price: 2400, weight: 300, weightUnit: 'GRAMS', trackStock: true, stock: 25 },
    ]);
    expect(catalog['paper-notebook']).toMatchObject({ status: 'DRAFT', options: [{ name: 'Ruling', values: ['Dotted', 'Blank'] }] });
    expect(catalog['paper-notebook'].variants.map((v) => [v.sku, v.price, v.stock])).toEqual([
      ['NB-DOT', 990, 10],
      ['NB-BLANK', 990, 0],
    ]);
  });
});

describe('a store without SKUs, edited on the platform and exported again', () => {
  it('matches variants by handle and option values: a changed price updates that variant only', async () => {
    const [shirt] = await t.db.select().from(products).where(eq(products.handle, 'linen-shirt'));
    const variantsBefore = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, shirt.id))
      .orderBy(asc(productVariants.position));
    const edited = fixture('platform-classic-no-skus.csv').toString('utf8').replace(',52.50,', ',54.00,');
    const { done } = await importFile(Buffer.from(edited), 'edited.csv');
    expect(done).toMatchObject({ status: 'done', created: 0, updated: 1, failed: [] });
    const variantsAfter = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, shirt.id))
      .orderBy(asc(productVariants.position));
    expect(variantsAfter.map((v) => v.id)).toEqual(variantsBefore.map((v) => v.id));
    expect(variantsAfter.map((v) => v.price)).toEqual([4900, 4900, 5400]);
    expect(variantsAfter.slice(0, 2)).toEqual(variantsBefore.slice(0, 2));
  });
});

describe('the same platform file from another vendor of the marketplace', () => {
  it("gets handles of its own (-2), matches them again on re-import, and leaves the first vendor's products alone", async () => {
    const first = await catalog(['linen-shirt', 'stoneware-mug']);
    const { catalog: own } = await importTwice('platform-classic-no-skus.csv', ['linen-shirt-2', 'stoneware-mug-2'], vendor2);
    expect(own['linen-shirt-2'].variants).toHaveLength(3);
    expect(own['linen-shirt-2'].vendorId).not.toBe(first.byHandle['linen-shirt'].vendorId);
    expect(await catalog(['linen-shirt', 'stoneware-mug'])).toEqual(first);
  });
});
