import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, ne } from 'drizzle-orm';
import { PLANS } from '#shared/plans';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { products, vendors } from '#server/db/schema/index';

let t: TestApp;
let vendor1: Awaited<ReturnType<TestApp['login']>>;
let admin: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  [vendor1, admin] = await Promise.all([t.login(DEMO_ACCOUNTS.vendor1), t.login(DEMO_ACCOUNTS.admin)]);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/installation',
    headers: admin.headers,
    payload: { plan: 'starter', addons: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

type Session = typeof vendor1;
const LIMIT = PLANS.starter.limits.products!;
// The importers here are vendors: they are told to ask the marketplace, which alone can change the plan.
const LIMIT_WORDS = `The marketplace's plan allows ${LIMIT} products. Ask the marketplace to upgrade its plan to add more.`;
const HEAD =
  'id,sku,vendor,price,compare price,weight,weight unit,stock,title,images,description,option1 name,option1 value,option2 name,option2 value,option3 name,option3 value';
const row = (sku: string, price: string) => `,${sku},,${price},,,,1,Item ${sku},,,,,,,,`;

async function check(who: Session, lines: string[]) {
  const start = await t.app.inject({ method: 'PUT', url: '/api/product-csv/upload?name=many.csv', headers: who.headers });
  const { url, importId } = start.json();
  const res = await t.app.inject({
    method: 'PUT',
    url,
    headers: { ...who.headers, 'content-type': 'text/csv' },
    payload: [HEAD, ...lines].join('\n'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { importId: importId as string, result: res.json() };
}
async function runImport(who: Session, importId: string) {
  expect(
    (await t.app.inject({ method: 'POST', url: `/api/product-csv/imports/${importId}/confirm`, headers: who.headers })).statusCode,
  ).toBe(202);
  await t.ctx.jobs.drain();
  return (await t.app.inject({ method: 'GET', url: `/api/product-csv/imports/${importId}`, headers: who.headers })).json();
}
const countProducts = async () =>
  (
    await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, 'demo'), ne(products.status, 'ARCHIVED')))
  ).length;

describe('a CSV import on a plan with a product limit', () => {
  it('the check counts only what the plan allows; the rows past it are problems in the plan’s words', async () => {
    const first = await check(
      vendor1,
      ['A', 'B', 'C', 'D', 'E'].map((sku) => row(`KEEP-${sku}`, '5')),
    );
    expect(await runImport(vendor1, first.importId)).toMatchObject({
      status: 'done',
      created: 5,
      updated: 0,
      unchanged: 0,
      failedCount: 0,
    });

    // 5 known products (2 of them with a new price) and LIMIT new ones: 5 places are taken already.
    const lines = [
      ...['A', 'B', 'C'].map((sku) => row(`KEEP-${sku}`, '5')),
      ...['D', 'E'].map((sku) => row(`KEEP-${sku}`, '6')),
      ...Array.from({ length: LIMIT }, (_, i) => row(`NEW-${i}`, '9')),
    ];
    const { importId, result } = await check(vendor1, lines);
    expect(result).toMatchObject({ status: 'validated', rowCount: 5 + LIMIT, productCount: LIMIT, errorCount: 5 });
    // The file's last five new products, each on its line (the header is line 1).
    expect(result.errors).toEqual([0, 1, 2, 3, 4].map((i) => ({ line: 2 + 5 + LIMIT - 5 + i, message: LIMIT_WORDS })));
    expect(await countProducts()).toBe(5);

    const done = await runImport(vendor1, importId);
    expect(done).toMatchObject({
      status: 'done',
      progress: LIMIT,
      created: LIMIT - 5,
      updated: 2,
      unchanged: 3,
      failedCount: 0,
      failed: [],
    });
    expect(done.created + done.updated + done.unchanged + done.failedCount).toBe(result.productCount);
    expect(await countProducts()).toBe(LIMIT);
    expect(await t.db.select().from(products).where(like(products.title, 'Item NEW-%'))).toHaveLength(LIMIT - 5);
    expect(
      await t.db
        .select()
        .from(products)
        .where(eq(products.title, `Item NEW-${LIMIT - 1}`)),
    ).toEqual([]);
  });

  it('products the plan no longer takes when the import runs are counted as failed, every one of them, and not as created', async () => {
    // Room for 20 at the check; then others take it before the import is confirmed.
    const vendorId = (
      await t.db
        .select()
        .from(vendors)
        .where(and(eq(vendors.storeId, 'demo'), eq(vendors.name, 'Vendor One')))
    )[0].id;
    await t.db.delete(products).where(like(products.title, 'Item NEW-%'));
    const free = LIMIT - (await countProducts());
    const { importId, result } = await check(
      vendor1,
      Array.from({ length: free }, (_, i) => row(`LATE-${i}`, '3')),
    );
    expect(result).toMatchObject({ productCount: free, errorCount: 0 });
    await t.db.insert(products).values(
      Array.from({ length: free - 2 }, (_, i) => ({
        storeId: 'demo',
        vendorId,
        handle: `filler-${i}`,
        title: `Filler ${i}`,
        currency: 'USD',
      })),
    );

    const done = await runImport(vendor1, importId);
    expect(done).toMatchObject({ status: 'done', created: 2, updated: 0, unchanged: 0, failedCount: free - 2 });
    expect(done.failed).toHaveLength(free - 2);
    expect(done.failed[0]).toEqual({ line: 4, message: LIMIT_WORDS });
    expect(await t.db.select().from(products).where(like(products.title, 'Item LATE-%'))).toHaveLength(2);
    expect(await countProducts()).toBe(LIMIT);
  });
});
