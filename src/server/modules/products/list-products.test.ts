import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { products, productVariants, vendors } from '#server/db/schema/index';
import type { ProductStatus } from '#server/db/schema/products';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { findVariantsBySku } from './find-variants-by-sku.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let vendorOne: string;
let vendorTwo: string;
const base = Date.parse('2026-01-01T00:00:00Z');

interface Spec {
  title: string;
  vendorId?: string;
  status?: ProductStatus;
  minute: number;
  createdMinute?: number;
  sku?: string;
  body?: string;
  inStock?: boolean;
  approved?: boolean;
}

/** Products straight into the tables, with chosen timestamps, so orders are known. */
async function insert(specs: Spec[]) {
  const rows = await t.db
    .insert(products)
    .values(
      specs.map((p) => ({
        storeId: 'demo',
        currency: 'USD',
        vendorId: p.vendorId ?? vendorOne,
        handle: `${p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${p.minute}`,
        title: p.title,
        bodyHtml: p.body ?? '',
        status: p.status ?? 'DRAFT',
        approved: p.approved ?? false,
        priceMin: 1000,
        priceMax: 1000,
        variantsCount: 1,
        inStock: p.inStock ?? true,
        updatedAt: new Date(base + p.minute * 60_000),
        createdAt: new Date(base + (p.createdMinute ?? p.minute) * 60_000),
      })),
    )
    .returning();
  await t.db
    .insert(productVariants)
    .values(
      rows.map((r, i) => ({ productId: r.id, storeId: 'demo', vendorId: r.vendorId, price: 1000, sku: specs[i].sku ?? '', stock: 1 })),
    );
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  const rows = await t.db.select().from(vendors);
  vendorOne = rows.find((v) => v.name === 'Vendor One')!.id;
  vendorTwo = rows.find((v) => v.name === 'Vendor Two')!.id;
  // Vendor One: 30 drafts (minutes 1..30), 3 active, 1 archived. Vendor Two: 2 drafts.
  await insert(
    Array.from({ length: 30 }, (_, i) => ({ title: `Draft ${String(i + 1).padStart(2, '0')}`, minute: i + 1, createdMinute: 100 - i })),
  );
  await insert([
    { title: 'banana bowl', status: 'ACTIVE', minute: 40, sku: 'BWL-100', body: '<p>Hand thrown stoneware</p>' },
    { title: 'Apple plate', status: 'ACTIVE', minute: 41, sku: 'PLT-7', inStock: false },
    { title: 'cherry cup', status: 'ACTIVE', minute: 42, sku: 'CUP-1', body: '<p>A small <b>espresso</b> cup</p>' },
    { title: 'Old jug', status: 'ARCHIVED', minute: 43, inStock: false },
    { title: 'Two draft A', vendorId: vendorTwo, minute: 50 },
    { title: 'Two draft B stoneware', vendorId: vendorTwo, minute: 51, sku: 'BWL-200' },
  ]);
});
afterAll(() => t.close());

const list = async (session: Session, query = '') => {
  const res = await caller(t, session)('GET', `/api/products-v2${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    products: { title: string; vendor: string }[];
    count: number;
    countCapped: boolean;
    pageInfo: Record<string, unknown>;
  };
};
const titles = (page: { products: { title: string }[] }) => page.products.map((p) => p.title);

describe('GET /api/products-v2: keyset pages', () => {
  it('defaults: DRAFT, newest update first, 25 a page, exact count, page info', async () => {
    const page = await list(s.vendor1);
    expect(page.count).toBe(30);
    expect(page.countCapped).toBe(false);
    expect(page.products).toHaveLength(25);
    expect(page.products[0]).toMatchObject({
      title: 'Draft 30',
      vendor: 'Vendor One',
      status: 'DRAFT',
      priceMin: '10.00',
      currency: 'USD',
    });
    expect(page.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const next = await list(s.vendor1, `after=${page.pageInfo.endCursor}`);
    expect(titles(next)).toEqual(['Draft 05', 'Draft 04', 'Draft 03', 'Draft 02', 'Draft 01']);
    expect(next.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    // Back from page 2 gives page 1 again.
    const back = await list(s.vendor1, `before=${next.pageInfo.startCursor}`);
    expect(titles(back)).toEqual(titles(page));
    expect(back.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });

  it('walks forward and backward with a small page size without skipping or repeating', async () => {
    const seen: string[] = [];
    let page = await list(s.vendor1, 'first=7');
    seen.push(...titles(page));
    while (page.pageInfo.hasNextPage) {
      page = await list(s.vendor1, `first=7&after=${page.pageInfo.endCursor}`);
      seen.push(...titles(page));
    }
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `Draft ${String(30 - i).padStart(2, '0')}`));
    const backward: string[] = [...titles(page)];
    while (page.pageInfo.hasPreviousPage) {
      page = await list(s.vendor1, `first=7&before=${page.pageInfo.startCursor}`);
      backward.unshift(...titles(page));
    }
    expect(backward).toEqual(seen);
  });

  it('reverse=false is oldest first; CREATED_AT and TITLE sort (titles A to Z, case-insensitive)', async () => {
    expect(titles(await list(s.vendor1, 'reverse=false&first=2'))).toEqual(['Draft 01', 'Draft 02']);
    expect(titles(await list(s.vendor1, 'sort=CREATED_AT&first=2'))).toEqual(['Draft 01', 'Draft 02']);
    expect(titles(await list(s.vendor1, 'sort=CREATED_AT&reverse=false&first=2'))).toEqual(['Draft 30', 'Draft 29']);
    const byTitle = await list(s.vendor1, 'status=ACTIVE&sort=TITLE&first=2');
    expect(titles(byTitle)).toEqual(['Apple plate', 'banana bowl']);
    expect(titles(await list(s.vendor1, `status=ACTIVE&sort=TITLE&first=2&after=${byTitle.pageInfo.endCursor}`))).toEqual(['cherry cup']);
    expect(titles(await list(s.vendor1, 'status=ACTIVE&sort=TITLE&reverse=true'))).toEqual(['cherry cup', 'banana bowl', 'Apple plate']);
  });

  it('status ACTIVE, ARCHIVED and ALL (ALL merges every status in order)', async () => {
    expect(titles(await list(s.vendor1, 'status=ACTIVE'))).toEqual(['cherry cup', 'Apple plate', 'banana bowl']);
    expect(titles(await list(s.vendor1, 'status=ARCHIVED'))).toEqual(['Old jug']);
    const all = await list(s.vendor1, 'status=ALL&first=5');
    expect(all.count).toBe(34);
    expect(titles(all)).toEqual(['Old jug', 'cherry cup', 'Apple plate', 'banana bowl', 'Draft 30']);
    expect(titles(await list(s.vendor1, `status=ALL&first=2&after=${all.pageInfo.endCursor}`))).toEqual(['Draft 29', 'Draft 28']);
  });

  it('stock filter: in-stock and oos', async () => {
    expect(titles(await list(s.vendor1, 'status=ALL&stock=oos'))).toEqual(['Old jug', 'Apple plate']);
    expect((await list(s.vendor1, 'status=ACTIVE&stock=in-stock')).count).toBe(2);
  });

  it('q: whole words of the title and description, the last one also by prefix; SKUs exact or by prefix', async () => {
    expect(titles(await list(s.vendor1, 'status=ALL&q=cherry'))).toEqual(['cherry cup']);
    expect(titles(await list(s.vendor1, 'status=ALL&q=cherry%20cu'))).toEqual(['cherry cup']);
    expect(titles(await list(s.vendor1, 'status=ALL&q=cher%20cup'))).toEqual([]);
    expect(titles(await list(s.vendor1, 'status=ALL&q=espres'))).toEqual(['cherry cup']);
    expect(titles(await list(s.vendor1, 'status=ALL&q=ston'))).toEqual(['banana bowl']);
    expect(titles(await list(s.vendor1, 'status=ALL&q=bwl-'))).toEqual(['banana bowl']);
    expect(titles(await list(s.vendor1, 'status=ALL&q=PLT-7'))).toEqual(['Apple plate']);
    expect(titles(await list(s.vendor1, 'status=DRAFT&q=cherry'))).toEqual([]);
    const admin = await list(s.admin, 'status=ALL&q=stoneware');
    expect(titles(admin)).toEqual(['Two draft B stoneware', 'banana bowl']);
    // LIKE wildcards in q are taken literally.
    expect(titles(await list(s.vendor1, 'status=ALL&q=%25'))).toEqual([]);
  });

  it('scope: a vendor sees its own products only, whatever it asks; an admin sees all and may filter by vendor', async () => {
    const two = await list(s.vendor2, 'status=ALL');
    expect(titles(two)).toEqual(['Two draft B stoneware', 'Two draft A']);
    expect(titles(await list(s.vendor2, 'status=ALL&vendor=Vendor%20One'))).toEqual(titles(two));
    expect((await list(s.admin, 'status=ALL')).count).toBe(36);
    expect((await list(s.admin, 'status=ALL&vendor=Vendor%20Two')).count).toBe(2);
    expect((await caller(t, s.admin)('GET', '/api/products-v2?vendor=Ghost')).statusCode).toBe(404);
  });

  it('refuses forged cursors and bad queries', async () => {
    const page = await list(s.vendor1, 'first=2');
    const bad = await caller(t, s.vendor1)('GET', '/api/products-v2?after=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid cursor');
    // A cursor of another sort order.
    expect((await caller(t, s.vendor1)('GET', `/api/products-v2?sort=TITLE&after=${page.pageInfo.endCursor}`)).statusCode).toBe(400);
    const injected = Buffer.from(
      JSON.stringify(['u', "2026-01-01'; drop table products; --", '00000000-0000-4000-8000-000000000000']),
    ).toString('base64url');
    expect((await caller(t, s.vendor1)('GET', `/api/products-v2?after=${injected}`)).statusCode).toBe(400);
    expect((await caller(t, s.vendor1)('GET', '/api/products-v2?first=101')).statusCode).toBe(400);
    expect((await caller(t, s.vendor1)('GET', '/api/products-v2?status=SOLD')).statusCode).toBe(400);
  });

  it('counts up to 10,000 (a search up to 100) and then says so', async () => {
    const [bulk] = await t.db.insert(vendors).values({ storeId: 'demo', name: 'Bulk Vendor' }).returning();
    await t.db.execute(sql`
      insert into products (store_id, vendor_id, handle, title, status, updated_at, currency)
      select 'demo', ${bulk.id}::uuid, 'bulk-' || g, 'Bulk ' || g, 'ACTIVE', now() - g * interval '1 second', 'USD'
      from generate_series(1, 10001) g`);
    const page = await list(s.admin, 'status=ACTIVE&vendor=Bulk%20Vendor');
    expect(page.count).toBe(10_000);
    expect(page.countCapped).toBe(true);
    expect(page.products).toHaveLength(25);
    // A search stops counting sooner: past a hundred matches the count is not worth its cost.
    const search = await list(s.admin, 'status=ACTIVE&q=bulk');
    expect(search).toMatchObject({ count: 100, countCapped: true });
    // A rare term is counted exactly, a term on no product at all is 0, both with their page.
    expect(await list(s.admin, 'status=ACTIVE&q=bulk%209999')).toMatchObject({ count: 1, countCapped: false });
    expect(await list(s.admin, 'status=ALL&q=bulk%20zzz')).toMatchObject({ products: [], count: 0, countCapped: false });
    // Newest first, page after page, whichever way the matches were found (the ordered index or the full-text one).
    for (const status of ['ACTIVE', 'ALL']) {
      const first = await list(s.admin, `status=${status}&q=bulk&first=3`);
      expect(titles(first)).toEqual(['Bulk 1', 'Bulk 2', 'Bulk 3']);
      expect(titles(await list(s.admin, `status=${status}&q=bulk&first=3&after=${first.pageInfo.endCursor}`))).toEqual([
        'Bulk 4',
        'Bulk 5',
        'Bulk 6',
      ]);
    }
  });

  it('two common words that few products have together: found past the walked rows, and none when no product has both', async () => {
    const [colours] = await t.db.insert(vendors).values({ storeId: 'demo', name: 'Colour Vendor' }).returning();
    // 12,000 products, half "Teal", half "Ochre", newest first; the only one with both words is a draft beyond every walked window.
    await t.db.execute(sql`
      insert into products (store_id, vendor_id, handle, title, status, updated_at, currency)
      select 'demo', ${colours.id}::uuid, 'colour-' || g, case when g = 11500 then 'Ochre teal ' || g when g % 2 = 0 then 'Teal ' || g else 'Ochre ' || g end,
        case when g = 11500 then 'DRAFT' else 'ACTIVE' end, now() - g * interval '1 second', 'USD'
      from generate_series(1, 12000) g`);
    for (const status of ['DRAFT', 'ALL']) {
      expect(await list(s.admin, `status=${status}&q=teal%20ochre`)).toMatchObject({
        products: [{ title: 'Ochre teal 11500' }],
        count: 1,
        countCapped: false,
      });
    }
    expect(await list(s.admin, 'status=ACTIVE&q=teal%20ochre')).toMatchObject({ products: [], count: 0, countCapped: false });
    expect(await list(s.admin, 'status=ALL&q=ochre%20teal%2012')).toMatchObject({ products: [], count: 0, countCapped: false });
    expect(await list(s.admin, 'status=ALL&q=teal%20ochre&vendor=Colour%20Vendor')).toMatchObject({ count: 1 });
  });
});

describe('findVariantsBySku (for the CSV import)', () => {
  it("finds the caller's variants by SKU, case-insensitively, never another vendor's", async () => {
    const one = await findVariantsBySku(t.ctx.db, { storeId: 'demo', vendorId: vendorOne }, ['bwl-100', ' CUP-1 ', 'BWL-200', '']);
    expect([...one.keys()].sort()).toEqual(['bwl-100', 'cup-1']);
    expect(one.get('bwl-100')![0]).toMatchObject({ sku: 'BWL-100' });
    const store = await findVariantsBySku(t.ctx.db, { storeId: 'demo', vendorId: null }, ['BWL-200']);
    expect(store.get('bwl-200')).toHaveLength(1);
  });
});

describe('GET /api/app/status counters', () => {
  it('counts active and draft products in the caller scope', async () => {
    const res = await caller(t, s.vendor2)('GET', '/api/app/status');
    expect(res.json()).toMatchObject({ activeProducts: 0, draftProducts: 2 });
    expect((await caller(t, s.vendor1)('GET', '/api/app/status')).json()).toMatchObject({ activeProducts: 3, draftProducts: 30 });
  });
});

describe('GET /api/products-v2?approval=waiting: what an admin must review', () => {
  it('lists the products not approved yet, archived ones left out, counted like any tab', async () => {
    await insert([
      { title: 'Two live', vendorId: vendorTwo, status: 'ACTIVE', minute: 60, approved: true },
      { title: 'Two submitted', vendorId: vendorTwo, status: 'ACTIVE', minute: 61 },
      { title: 'Two approved draft', vendorId: vendorTwo, minute: 62, approved: true },
      { title: 'Two retired', vendorId: vendorTwo, status: 'ARCHIVED', minute: 63 },
    ]);
    const waiting = await list(s.admin, 'status=ALL&approval=waiting&vendor=Vendor%20Two');
    expect(titles(waiting)).toEqual(['Two submitted', 'Two draft B stoneware', 'Two draft A']);
    expect(waiting).toMatchObject({ count: 3, countCapped: false });
    expect(titles(await list(s.admin, 'status=ACTIVE&approval=waiting&vendor=Vendor%20Two'))).toEqual(['Two submitted']);
    expect(await list(s.admin, 'status=ARCHIVED&approval=waiting&vendor=Vendor%20Two')).toMatchObject({ products: [], count: 0 });
    // Paged by cursor like the other tabs.
    const first = await list(s.admin, 'status=ALL&approval=waiting&vendor=Vendor%20Two&first=2');
    expect(
      titles(await list(s.admin, `status=ALL&approval=waiting&vendor=Vendor%20Two&first=2&after=${first.pageInfo.endCursor}`)),
    ).toEqual(['Two draft A']);
    // A vendor sees its own products waiting, never another's.
    expect(titles(await list(s.vendor2, 'status=ALL&approval=waiting'))).toEqual(['Two submitted', 'Two draft B stoneware', 'Two draft A']);
    expect(titles(await list(s.vendor1, 'status=ALL&approval=waiting&first=100'))).not.toContain('Two submitted');
  });
});
