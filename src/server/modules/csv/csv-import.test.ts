import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { csvImportProducts, productLogs, products, productVariants } from '#server/db/schema/index';
import { IMPORT_BATCH, runImport } from './run-import.ts';

let t: TestApp;
let vendor1: Awaited<ReturnType<TestApp['login']>>;
let vendor2: Awaited<ReturnType<TestApp['login']>>;
let admin: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  [vendor1, vendor2, admin] = await Promise.all([
    t.login(DEMO_ACCOUNTS.vendor1),
    t.login(DEMO_ACCOUNTS.vendor2),
    t.login(DEMO_ACCOUNTS.admin),
  ]);
});
afterAll(() => t.close());

type Session = typeof vendor1;
const HEAD =
  'id,sku,vendor,price,compare price,weight,weight unit,stock,title,images,description,option1 name,option1 value,option2 name,option2 value,option3 name,option3 value';

async function upload(who: Session, ...lines: string[]) {
  const start = await t.app.inject({ method: 'PUT', url: '/api/product-csv/upload?name=mine.csv', headers: who.headers });
  expect(start.statusCode).toBe(200);
  const { url, importId } = start.json();
  const res = await t.app.inject({
    method: 'PUT',
    url,
    headers: { ...who.headers, 'content-type': 'text/csv' },
    payload: lines.join('\n'),
  });
  return { importId, res };
}

const confirm = (who: Session, importId: string) =>
  t.app.inject({ method: 'POST', url: `/api/product-csv/imports/${importId}/confirm`, headers: who.headers });
const status = (who: Session, importId: string) =>
  t.app.inject({ method: 'GET', url: `/api/product-csv/imports/${importId}`, headers: who.headers });

describe('product CSV import', () => {
  it('validates every row first, writes nothing, then imports the good products on confirm', async () => {
    const { importId, res } = await upload(
      vendor1,
      HEAD,
      ',TS-S,,19.99,,0.2,KILOGRAMS,5,T-shirt,,Soft,Size,S,,,,',
      ',TS-M,,19.99,,0.2,KILOGRAMS,Untracked,T-shirt,,Soft,Size,M,,,,',
      ',BAD-1,,,,,,,No price,,,,,,,,',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'validated',
      format: 'marketplace',
      rowCount: 3,
      productCount: 1,
      errorCount: 1,
      errors: [{ line: 4, column: 'price', message: 'Required field' }],
    });
    expect(await t.db.select().from(products)).toEqual([]);
    const started = await confirm(vendor1, importId);
    expect(started.statusCode).toBe(202);
    await t.ctx.jobs.drain();
    const done = (await status(vendor1, importId)).json();
    expect(done).toMatchObject({ status: 'done', progress: 1, created: 1, updated: 0, failed: [] });
    const [shirt] = await t.db.select().from(products).where(eq(products.title, 'T-shirt'));
    const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, shirt.id));
    expect(variants.map((v) => v.sku).sort()).toEqual(['TS-M', 'TS-S']);
    expect((await confirm(vendor1, importId)).statusCode).toBe(409);
  });

  it('re-importing the same file updates by SKU instead of duplicating', async () => {
    const { importId } = await upload(
      vendor1,
      HEAD,
      ',TS-S,,24.00,,0.2,KILOGRAMS,5,T-shirt,,Softer,Size,S,,,,',
      ',TS-M,,24.00,,0.2,KILOGRAMS,3,T-shirt,,Softer,Size,M,,,,',
    );
    await confirm(vendor1, importId);
    await t.ctx.jobs.drain();
    expect((await status(vendor1, importId)).json()).toMatchObject({ status: 'done', created: 0, updated: 1 });
    const shirts = await t.db.select().from(products).where(eq(products.title, 'T-shirt'));
    expect(shirts).toHaveLength(1);
    expect(shirts[0].bodyHtml).toBe('Softer');
  });

  it('a page the database refuses fails the job, the page written after it rolled back; the retry writes every product once', async () => {
    const rows = Array.from({ length: IMPORT_BATCH * 2 + 50 }, (_, i) => `,REFUSED-${i},,5,,,,1,Refused item ${i},,,,,,,,`);
    const { importId } = await upload(vendor2, HEAD, ...rows);
    expect((await confirm(vendor2, importId)).statusCode).toBe(202);
    // A database error on the second page (not a handle or SKU taken: those are saved one by one).
    await t.db.execute(
      sql.raw(`create function refuse_page() returns trigger language plpgsql as $$ begin
        if new.title = 'Refused item ${IMPORT_BATCH + 10}' then raise exception 'disk full'; end if; return new; end $$`),
    );
    await t.db.execute(sql`create trigger refuse_page before insert on products for each row execute function refuse_page()`);
    const failure = await runImport(t.ctx, { importId }).then(
      () => null,
      (error: Error) => error,
    );
    await t.db.execute(sql`drop trigger refuse_page on products`);
    await t.db.execute(sql`drop function refuse_page`);
    expect(`${failure} ${(failure as { cause?: unknown } | null)?.cause}`).toMatch(/disk full/);
    const refused = () => t.db.select({ title: products.title }).from(products).where(like(products.title, 'Refused item %'));
    // Only the first page counts and is stored: the third, written meanwhile, rolled back with the second.
    expect((await status(vendor2, importId)).json()).toMatchObject({ status: 'importing', progress: IMPORT_BATCH, created: IMPORT_BATCH });
    expect(await refused()).toHaveLength(IMPORT_BATCH);
    await runImport(t.ctx, { importId });
    await t.ctx.jobs.drain();
    expect((await status(vendor2, importId)).json()).toMatchObject({
      status: 'done',
      progress: rows.length,
      created: rows.length,
      failed: [],
    });
    expect(new Set((await refused()).map((p) => p.title)).size).toBe(rows.length);
    expect(await t.db.select({ id: productVariants.id }).from(productVariants).where(like(productVariants.sku, 'REFUSED-%'))).toHaveLength(
      rows.length,
    );
    // The demo store's plan allows 2,000 products: room for the next big import.
    await t.db.delete(products).where(like(products.title, 'Refused item %'));
  });

  it('writes a big import in batches with its progress, once even with two runners, and mails the admins once', async () => {
    const rows = Array.from({ length: IMPORT_BATCH * 2 + 50 }, (_, i) => `,BATCH-${i},,5,,,,1,Batch item ${i},,,,,,,,`);
    const { importId, res } = await upload(vendor2, HEAD, ...rows);
    expect(res.json()).toMatchObject({ productCount: rows.length, errorCount: 0 });
    const submittedMails = async () =>
      (await t.mailsTo(DEMO_ACCOUNTS.admin)).filter((m) => m.template === 'marketplace-on-product-submitted').length;
    const mailsBefore = await submittedMails();
    expect((await confirm(vendor2, importId)).statusCode).toBe(202);
    // A second runner of the same import (a job whose lease ran out) finds the progress moved and stops.
    await Promise.all([runImport(t.ctx, { importId }), runImport(t.ctx, { importId })]);
    await t.ctx.jobs.drain();
    expect((await status(vendor2, importId)).json()).toMatchObject({
      status: 'done',
      progress: rows.length,
      created: rows.length,
      updated: 0,
      failed: [],
    });
    const written = await t.db.select({ id: productVariants.id }).from(productVariants).where(like(productVariants.sku, 'BATCH-%'));
    expect(written).toHaveLength(rows.length);
    expect((await submittedMails()) - mailsBefore).toBe(1);
  }, 120_000); // 1,050 rows through the real import, each product and variant also recorded in the audit log

  it('writes what the last validation of the import staged, and drops the staged products when done', async () => {
    const { importId } = await upload(vendor1, HEAD, ',STAGE-A,,5,,,,1,Staged first,,,,,,,,');
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/product-csv/imports/${importId}/file`,
      headers: { ...vendor1.headers, 'content-type': 'text/csv' },
      payload: [HEAD, ',STAGE-B,,6,,,,1,Staged second,,,,,,,,'].join('\n'),
    });
    expect(again.json()).toMatchObject({ status: 'validated', productCount: 1 });
    expect(await t.db.select().from(csvImportProducts).where(eq(csvImportProducts.importId, importId))).toHaveLength(1);
    await confirm(vendor1, importId);
    await t.ctx.jobs.drain();
    expect((await status(vendor1, importId)).json()).toMatchObject({ status: 'done', created: 1 });
    expect(await t.db.select().from(products).where(like(products.title, 'Staged %'))).toMatchObject([{ title: 'Staged second' }]);
    expect(await t.db.select().from(csvImportProducts).where(eq(csvImportProducts.importId, importId))).toEqual([]);
  });

  it('reads a file whose products have their rows apart again from its start, staging each product once', async () => {
    const { importId, res } = await upload(
      vendor1,
      HEAD,
      ',APART-S,,5,,,,1,Apart tee,,,Size,S,,,,',
      ',APART-ONE,,6,,,,1,Apart cup,,,,,,,,',
      ',APART-M,,5,,,,1,Apart tee,,,Size,M,,,,',
    );
    expect(res.json()).toMatchObject({ status: 'validated', productCount: 2, errorCount: 0 });
    expect(await t.db.select().from(csvImportProducts).where(eq(csvImportProducts.importId, importId))).toHaveLength(2);
    await confirm(vendor1, importId);
    await t.ctx.jobs.drain();
    expect((await status(vendor1, importId)).json()).toMatchObject({ status: 'done', created: 2, failed: [] });
    const skus = await t.db.select({ sku: productVariants.sku }).from(productVariants).where(like(productVariants.sku, 'APART-%'));
    expect(skus.map((v) => v.sku).sort()).toEqual(['APART-M', 'APART-ONE', 'APART-S']);
  });

  it('writes a new product from its staged data exactly as from the file product alone (validated in the job): product, variants, log', async () => {
    const file = [
      HEAD,
      ',SAME-S,,19.99,24.00,0.2,KILOGRAMS,5,Same lamp,https://img.example/lamp.jpg,<p>Warm <b>light</b></p>,Size,S,Color,Red,,',
      ',SAME-M,,21.50,,0.3,KILOGRAMS,Untracked,Same lamp,,,Size,M,Color,Red,,',
      ',SAME-ONE,,5,,,,0,Same cup,,,,,,,,',
    ];
    /** What the import wrote for the file, without what differs by nature (ids, times), ids in the log by their place. */
    async function written(importId: string) {
      const made = await t.db.select().from(products).where(like(products.title, 'Same %')).orderBy(products.title);
      const variants = await t.db.select().from(productVariants).where(like(productVariants.sku, 'SAME-%')).orderBy(productVariants.sku);
      const order = made.map((p) => p.id);
      const logs = (await t.db.select().from(productLogs).where(inArray(productLogs.productId, order))).sort(
        (a, b) => order.indexOf(a.productId) - order.indexOf(b.productId),
      );
      const ids = [...made.map((p) => p.id), ...variants.map((v) => v.id), ...made.flatMap((p) => p.media.map((m) => m.id))];
      const placed = (value: unknown) => JSON.parse(ids.reduce((text, id, i) => text.replaceAll(id, `#${i}`), JSON.stringify(value)));
      const stamp = <T extends object>(row: T) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? 'time' : v]));
      await t.db.delete(products).where(
        inArray(
          products.id,
          made.map((p) => p.id),
        ),
      );
      await t.db.delete(productLogs).where(
        inArray(
          productLogs.productId,
          made.map((p) => p.id),
        ),
      );
      expect((await status(vendor1, importId)).json()).toMatchObject({ status: 'done', created: 2, failed: [] });
      return placed({ made: made.map(stamp), variants: variants.map(stamp), logs: logs.map(({ id: _id, ...log }) => stamp(log)) });
    }
    const staged = await upload(vendor1, ...file);
    expect(
      await t.db.select({ data: csvImportProducts.data }).from(csvImportProducts).where(eq(csvImportProducts.importId, staged.importId)),
    ).toMatchObject([{ data: { title: 'Same lamp' } }, { data: { title: 'Same cup' } }]);
    await confirm(vendor1, staged.importId);
    await t.ctx.jobs.drain();
    const fromData = await written(staged.importId);
    // The same file staged without data (an import validated before data was kept): the job validates each product itself.
    const bare = await upload(vendor1, ...file);
    await t.db.update(csvImportProducts).set({ data: null }).where(eq(csvImportProducts.importId, bare.importId));
    await confirm(vendor1, bare.importId);
    await t.ctx.jobs.drain();
    expect(fromData).toEqual(await written(bare.importId));
    expect(fromData.made).toHaveLength(2);
    expect(fromData.logs).toHaveLength(2);
  });

  it('an import whose staged products are missing (confirmed before they were staged) stops instead of ending as done', async () => {
    const { importId } = await upload(vendor1, HEAD, ',GONE-1,,5,,,,1,Never staged,,,,,,,,');
    await t.db.delete(csvImportProducts).where(eq(csvImportProducts.importId, importId));
    await confirm(vendor1, importId);
    await t.ctx.jobs.drain();
    expect((await status(vendor1, importId)).json()).toMatchObject({ status: 'failed', progress: 0, created: 0 });
  });

  it('a new product that a stored one matches by the time of the import updates it instead of duplicating', async () => {
    const late = await upload(vendor1, HEAD, ',LATE-1,,7,,,,1,Late match,,,,,,,,');
    const early = await upload(vendor1, HEAD, ',LATE-1,,8,,,,1,Late match,,,,,,,,');
    await confirm(vendor1, early.importId);
    await t.ctx.jobs.drain();
    await confirm(vendor1, late.importId);
    await t.ctx.jobs.drain();
    expect((await status(vendor1, late.importId)).json()).toMatchObject({ status: 'done', created: 0, updated: 1, failed: [] });
    const [variant, ...more] = await t.db.select().from(productVariants).where(eq(productVariants.sku, 'LATE-1'));
    expect(more).toEqual([]);
    expect(variant.price).toBe(700);
  });

  it('new products of one batch whose titles make the same handle get handles of their own', async () => {
    const { importId } = await upload(
      vendor2,
      HEAD,
      ',CUP-A,,9.00,,0.2,KILOGRAMS,5,Stone Cup,,,,,,,,',
      ',CUP-B,,9.50,,0.2,KILOGRAMS,5,Stone Cup!,,,,,,,,',
    );
    expect((await confirm(vendor2, importId)).statusCode).toBe(202);
    await t.ctx.jobs.drain();
    expect((await status(vendor2, importId)).json()).toMatchObject({ status: 'done', created: 2, failed: [] });
    const cups = await t.db
      .select({ title: products.title, handle: products.handle })
      .from(products)
      .where(like(products.title, 'Stone Cup%'));
    expect(cups.sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: 'Stone Cup', handle: 'stone-cup' },
      { title: 'Stone Cup!', handle: 'stone-cup-2' },
    ]);
  });

  it("never matches another vendor's SKU, and a vendor cannot set the vendor column", async () => {
    const foreign = await upload(vendor2, HEAD, ',TS-S,,5,,,,,Other shirt,,,,,,,,');
    await confirm(vendor2, foreign.importId);
    await t.ctx.jobs.drain();
    expect((await status(vendor2, foreign.importId)).json()).toMatchObject({ created: 1, updated: 0 });
    const [mine] = await t.db.select().from(products).where(eq(products.title, 'T-shirt'));
    expect(mine.bodyHtml).toBe('Softer');
    const vendorColumn = await upload(vendor2, HEAD, ',X-1,Vendor One,5,,,,,Sneaky,,,,,,,,');
    expect(vendorColumn.res.json().errors).toEqual([{ line: 2, column: 'vendor', message: 'Only an admin can set the vendor' }]);
  });

  it('lets an admin import for named vendors and refuses unknown ones', async () => {
    const { importId, res } = await upload(
      admin,
      HEAD,
      ',AD-1,Vendor Two,9,,,,,Admin made,,,,,,,,',
      ',AD-2,Ghost,9,,,,,Ghost made,,,,,,,,',
      ',AD-3,,9,,,,,Nobody,,,,,,,,',
    );
    expect(res.json().errors).toEqual([
      { line: 3, column: 'vendor', message: 'Unknown vendor' },
      { line: 4, column: 'vendor', message: 'Required field' },
    ]);
    await confirm(admin, importId);
    await t.ctx.jobs.drain();
    const [made] = await t.db
      .select()
      .from(products)
      .where(and(eq(products.title, 'Admin made')));
    expect(made).toBeDefined();
  });

  it("an admin's row naming a vendor never takes over another vendor's product through a shared SKU", async () => {
    // TS-M is only Vendor One's (T-shirt, above).
    const { importId, res } = await upload(admin, HEAD, ',TS-M,Vendor Two,7,,,,,Admin shirt,,,,,,,,');
    expect(res.json()).toMatchObject({ errorCount: 0, productCount: 1 });
    await confirm(admin, importId);
    await t.ctx.jobs.drain();
    expect((await status(admin, importId)).json()).toMatchObject({ created: 1, updated: 0 });
    const [mine] = await t.db.select().from(products).where(eq(products.title, 'T-shirt'));
    expect(mine.bodyHtml).toBe('Softer');
  });

  it("keeps imports private to their user: another vendor's import is 404", async () => {
    const { importId } = await upload(vendor1, HEAD, ',PV-1,,5,,,,,Private,,,,,,,,');
    expect((await status(vendor2, importId)).statusCode).toBe(404);
    expect((await confirm(vendor2, importId)).statusCode).toBe(404);
    const overwrite = await t.app.inject({
      method: 'PUT',
      url: `/api/product-csv/imports/${importId}/file`,
      headers: { ...vendor2.headers, 'content-type': 'text/csv' },
      payload: 'sku,title,price\na,b,1',
    });
    expect(overwrite.statusCode).toBe(404);
  });

  it('refuses whole files with unknown columns or a bad encoding, with a clear message', async () => {
    const unknown = await upload(vendor1, 'sku,title,price,colour', 'a,b,1,red');
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.res.json().message).toBe('Unknown columns are not allowed: colour');
    const start = await t.app.inject({ method: 'PUT', url: '/api/product-csv/upload', headers: vendor1.headers });
    const latin1 = await t.app.inject({
      method: 'PUT',
      url: start.json().url,
      headers: { ...vendor1.headers, 'content-type': 'text/csv' },
      payload: Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xe9]),
    });
    expect(latin1.json().message).toMatch(/not UTF-8/);
    expect(await t.db.select().from(products).where(eq(products.title, 'b'))).toEqual([]);
  });
});
